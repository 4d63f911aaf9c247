import type { ProfileProgress, WorkView } from '@kaskita/domain/contract/profile';
import {
  INCOME_SOURCE,
  OTHER_LOAN_STATUS,
  SALARY_RANGE,
  WORK_TYPE,
} from '@kaskita/domain/i18n/profile-options';
import { jobInfoSchema } from '@kaskita/domain/validation/profile';
import { AmountField } from '../../../components/amount-field.tsx';
import { ChoiceButtons } from '../../../components/choice-buttons.tsx';
import { DigitsField } from '../../../components/digits-field.tsx';
import { useT } from '../../../lib/i18n.ts';
import { useFormField, useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useWork } from '../api/get-work.ts';
import { useSaveJob } from '../api/save-job.ts';
import { useProfileDraft } from '../api/profile-draft.ts';
import { useDraftAutosave } from '../hooks/use-draft-autosave.ts';
import { useStepSubmit } from '../hooks/use-step-submit.ts';
import { withDraft } from '../step-draft.ts';
import { amount, formSchema, option, whole, type OptionValue } from '../profile-form.ts';
import { ProfileOptionField } from './profile-option-field.tsx';
import { StepForm } from './step-form.tsx';
import { StepFrame } from './step-frame.tsx';
import { profileTexts } from '../profile-texts.ts';

type JobFormValues = {
  has_job: boolean | null;
  career: OptionValue;
  income_source: OptionValue;
  salary: OptionValue;
  salary_day: string;
  income: string;
  spending: string;
  other_loan_status: OptionValue;
  other_platforms: string;
};

const schema = formSchema<JobFormValues>()(jobInfoSchema);

export function JobInfoStep() {
  const work = useWork();
  const draft = useProfileDraft('job-info');
  return (
    <StepFrame step="job-info" queries={[work, draft]}>
      {(progress) => <JobInfoForm view={work.data!} draft={draft.data!.values} progress={progress} />}
    </StepFrame>
  );
}

function JobInfoForm({
  view,
  draft,
  progress,
}: {
  view: WorkView;
  /** What the form held before a reload (GET /v1/user/profile_draft), laid over the saved answers. */
  draft: Record<string, unknown> | null;
  progress: ProfileProgress;
}) {
  const t = useT(profileTexts);
  const form = useSchemaForm(
    schema,
    withDraft(
      {
        has_job: view.has_job,
        career: option(view.career),
        income_source: option(view.income_source),
        salary: option(view.salary),
        salary_day: whole(view.salary_day),
        income: amount(view.income),
        spending: amount(view.spending),
        other_loan_status: option(view.other_loan_status),
        other_platforms: whole(view.other_platforms),
      },
      progress.locked ? null : draft,
    ),
  );
  const autosave = useDraftAutosave('job-info', form, !progress.locked);
  const hasJob = useFormField(form, 'has_job');
  const career = useFormField(form, 'career');
  const incomeSource = useFormField(form, 'income_source');
  const salary = useFormField(form, 'salary');
  const salaryDay = useFormField(form, 'salary_day');
  const income = useFormField(form, 'income');
  const spending = useFormField(form, 'spending');
  const otherLoan = useFormField(form, 'other_loan_status');
  const otherPlatforms = useFormField(form, 'other_platforms');
  // Without a job the answer's next is contacts: the server skips the work step.
  const submit = useStepSubmit(form, useSaveJob(), { onSaved: autosave.discard });

  return (
    <StepForm step="job-info" progress={progress} {...submit}>
      <ChoiceButtons
        label={t('profile.job.hasJob')}
        options={[
          { value: true, label: t('profile.job.withJob') },
          { value: false, label: t('profile.job.withoutJob') },
        ]}
        value={hasJob.value}
        onChange={(v) => {
          hasJob.onChange(v);
          if (!v) form.setValue('career', '');
        }}
        error={hasJob.error}
        testId="job-has-job"
      />
      {hasJob.value ? (
        <ProfileOptionField
          label={t('profile.job.career')}
          options={WORK_TYPE}
          field={career}
          testId="job-career"
        />
      ) : null}
      <ProfileOptionField
        label={t('profile.job.incomeSource')}
        options={INCOME_SOURCE}
        field={incomeSource}
        testId="job-income-source"
      />
      <ProfileOptionField
        label={t('profile.job.salary')}
        options={SALARY_RANGE}
        field={salary}
        testId="job-salary"
      />
      <DigitsField
        label={t('profile.job.salaryDay')}
        placeholder={t('profile.job.salaryDayPlaceholder')}
        maxLength={2}
        {...salaryDay}
        testId="job-salary-day"
      />
      <AmountField label={t('profile.job.income')} {...income} testId="job-income" />
      <AmountField label={t('profile.job.spending')} {...spending} testId="job-spending" />
      <ProfileOptionField
        label={t('profile.job.otherLoan')}
        options={OTHER_LOAN_STATUS}
        field={otherLoan}
        testId="job-other-loan"
      />
      <DigitsField
        label={t('profile.job.otherPlatforms')}
        maxLength={2}
        {...otherPlatforms}
        testId="job-other-platforms"
      />
    </StepForm>
  );
}

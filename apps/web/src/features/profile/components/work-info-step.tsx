import type { ProfileProgress, WorkView } from '@kaskita/domain/contract/profile';
import { companyInfoSchema } from '@kaskita/domain/validation/profile';
import { TextField } from '../../../components/text-field.tsx';
import { useT } from '../../../lib/i18n.ts';
import { useFormField, useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useWork } from '../api/get-work.ts';
import { useSaveCompany } from '../api/save-company.ts';
import { useProfileDraft } from '../api/profile-draft.ts';
import { useDraftAutosave } from '../hooks/use-draft-autosave.ts';
import { useStepSubmit } from '../hooks/use-step-submit.ts';
import { withDraft } from '../step-draft.ts';
import { formSchema, text } from '../profile-form.ts';
import { RegionField, regionValues, type RegionFormValues } from './region-field.tsx';
import { StepForm } from './step-form.tsx';
import { StepFrame } from './step-frame.tsx';
import { profileTexts } from '../profile-texts.ts';

type CompanyFormValues = RegionFormValues & { company_name: string; company_phone: string; address: string };

const schema = formSchema<CompanyFormValues>()(companyInfoSchema);

export function WorkInfoStep() {
  const work = useWork();
  const draft = useProfileDraft('work-info');
  return (
    <StepFrame step="work-info" queries={[work, draft]}>
      {(progress) => <WorkInfoForm view={work.data!} draft={draft.data!.values} progress={progress} />}
    </StepFrame>
  );
}

function WorkInfoForm({
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
        company_name: text(view.company_name),
        company_phone: text(view.company_phone),
        ...regionValues(view),
        address: text(view.address),
      },
      progress.locked ? null : draft,
    ),
  );
  const autosave = useDraftAutosave('work-info', form, !progress.locked);
  const companyName = useFormField(form, 'company_name');
  const companyPhone = useFormField(form, 'company_phone');
  const address = useFormField(form, 'address');
  const submit = useStepSubmit(form, useSaveCompany(), { onSaved: autosave.discard });

  return (
    <StepForm step="work-info" progress={progress} {...submit}>
      <TextField
        label={t('profile.work.companyName')}
        autoComplete="organization"
        maxLength={100}
        {...companyName}
        testId="work-company-name"
      />
      <TextField
        label={t('profile.work.companyPhone')}
        type="tel"
        inputMode="tel"
        autoComplete="off"
        maxLength={20}
        {...companyPhone}
        testId="work-company-phone"
      />
      <RegionField form={form} label={t('profile.work.region')} testId="work-region" />
      <TextField
        label={t('profile.work.address')}
        placeholder={t('profile.person.addressPlaceholder')}
        autoComplete="off"
        maxLength={200}
        {...address}
        testId="work-address"
      />
    </StepForm>
  );
}

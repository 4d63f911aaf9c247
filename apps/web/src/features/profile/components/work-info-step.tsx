import type { ProfileProgress, WorkView } from '@kaskita/domain/contract/profile';
import { companyInfoSchema } from '@kaskita/domain/validation/profile';
import { TextField } from '../../../components/text-field.tsx';
import { useT } from '../../../lib/i18n.ts';
import { showServerFieldErrors, useFormField, useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useWork } from '../api/get-work.ts';
import { useSaveCompany } from '../api/save-company.ts';
import { useGoToNextStep } from '../hooks/use-step-navigation.ts';
import { formSchema, text } from '../profile-form.ts';
import { followingStepHref } from '../step-flow.ts';
import { RegionField, type RegionFormValues } from './region-field.tsx';
import { StepForm } from './step-form.tsx';
import { StepFrame } from './step-frame.tsx';

type CompanyFormValues = RegionFormValues & { company_name: string; company_phone: string; address: string };

const schema = formSchema<CompanyFormValues>()(companyInfoSchema);

export function WorkInfoStep() {
  const work = useWork();
  return (
    <StepFrame step="work-info" queries={[work]}>
      {(progress) => <WorkInfoForm view={work.data!} progress={progress} />}
    </StepFrame>
  );
}

function WorkInfoForm({ view, progress }: { view: WorkView; progress: ProfileProgress }) {
  const t = useT();
  const form = useSchemaForm(schema, {
    company_name: text(view.company_name),
    company_phone: text(view.company_phone),
    province: text(view.province),
    city: text(view.city),
    districts: text(view.districts),
    sub_districts: text(view.sub_districts),
    region_label: text(view.region_label),
    address: text(view.address),
  });
  const companyName = useFormField(form, 'company_name');
  const companyPhone = useFormField(form, 'company_phone');
  const address = useFormField(form, 'address');
  const save = useSaveCompany();
  const goNext = useGoToNextStep();

  const submit = form.handleSubmit(async (body) => {
    try {
      goNext(await save.mutateAsync(body));
    } catch (e) {
      showServerFieldErrors(form, e);
    }
  });

  return (
    <StepForm
      onSubmit={submit}
      pending={save.isPending}
      readOnly={progress.locked}
      nextHref={followingStepHref('work-info', progress)}
    >
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

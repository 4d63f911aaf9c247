import type { ProfileProgress, WorkView } from '@kaskita/domain/contract/profile';
import { companyInfoSchema } from '@kaskita/domain/validation/profile';
import { TextField } from '../../../components/text-field.tsx';
import { useT } from '../../../lib/i18n.ts';
import { useFormField, useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useWork } from '../api/get-work.ts';
import { useSaveCompany } from '../api/save-company.ts';
import { useStepSubmit } from '../hooks/use-step-submit.ts';
import { formSchema, text } from '../profile-form.ts';
import { RegionField, regionValues, type RegionFormValues } from './region-field.tsx';
import { StepForm } from './step-form.tsx';
import { StepFrame } from './step-frame.tsx';
import { profileTexts } from '../profile-texts.ts';

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
  const t = useT(profileTexts);
  const form = useSchemaForm(schema, {
    company_name: text(view.company_name),
    company_phone: text(view.company_phone),
    ...regionValues(view),
    address: text(view.address),
  });
  const companyName = useFormField(form, 'company_name');
  const companyPhone = useFormField(form, 'company_phone');
  const address = useFormField(form, 'address');
  const submit = useStepSubmit(form, useSaveCompany());

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

import type { BaseProfileView, ProfileProgress } from '@kaskita/domain/contract/profile';
import { EDUCATION, LIVE_DURATION, RESIDENCE, optionList } from '@kaskita/domain/i18n/profile-options';
import { baseProfileSchema, otherInfoSchema } from '@kaskita/domain/validation/profile';
import { ChoiceButtons } from '../../../components/choice-buttons.tsx';
import { DigitsField } from '../../../components/digits-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useLocale, useT } from '../../../lib/i18n.ts';
import { useFormField, useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useBaseProfile } from '../api/get-base-profile.ts';
import { useSavePersonInfo } from '../hooks/use-save-person-info.ts';
import { useProfileDraft } from '../api/profile-draft.ts';
import { useDraftAutosave } from '../hooks/use-draft-autosave.ts';
import { useStepSubmit } from '../hooks/use-step-submit.ts';
import { withDraft } from '../step-draft.ts';
import { formSchema, option, text, type OptionValue } from '../profile-form.ts';
import { ProfileOptionField } from './profile-option-field.tsx';
import { RegionField, regionValues, type RegionFormValues } from './region-field.tsx';
import { StepForm } from './step-form.tsx';
import { StepFrame } from './step-frame.tsx';
import { profileTexts } from '../profile-texts.ts';

type PersonFormValues = RegionFormValues & {
  education: OptionValue;
  mother_maiden_name: string;
  address: string;
  zip_code: string;
  live_duration: OptionValue;
  email: string;
  residential_status: OptionValue;
};

// One form for the step's two calls: every error shows at once, under its field.
const schema = formSchema<PersonFormValues>()(baseProfileSchema.extend(otherInfoSchema.shape));

export function PersonInfoStep() {
  const base = useBaseProfile();
  const draft = useProfileDraft('person-info');
  return (
    <StepFrame step="person-info" queries={[base, draft]}>
      {(progress) => <PersonInfoForm view={base.data!} draft={draft.data!.values} progress={progress} />}
    </StepFrame>
  );
}

function PersonInfoForm({
  view,
  draft,
  progress,
}: {
  view: BaseProfileView;
  /** What the form held before a reload (GET /v1/user/profile_draft), laid over the saved answers. */
  draft: Record<string, unknown> | null;
  progress: ProfileProgress;
}) {
  const t = useT(profileTexts);
  const locale = useLocale();
  const form = useSchemaForm(
    schema,
    withDraft(
      {
        education: option(view.education),
        mother_maiden_name: text(view.mother_maiden_name),
        ...regionValues(view),
        address: text(view.address),
        zip_code: text(view.zip_code),
        live_duration: option(view.live_duration),
        email: text(view.email),
        residential_status: option(view.residential_status),
      },
      progress.locked ? null : draft,
    ),
  );
  const autosave = useDraftAutosave('person-info', form, !progress.locked);
  const education = useFormField(form, 'education');
  const mother = useFormField(form, 'mother_maiden_name');
  const address = useFormField(form, 'address');
  const zip = useFormField(form, 'zip_code');
  const liveDuration = useFormField(form, 'live_duration');
  const email = useFormField(form, 'email');
  const residence = useFormField(form, 'residential_status');
  const submit = useStepSubmit(form, useSavePersonInfo(), { onSaved: autosave.discard });

  return (
    <StepForm step="person-info" progress={progress} {...submit}>
      <ProfileOptionField
        label={t('profile.person.education')}
        options={EDUCATION}
        field={education}
        testId="person-education"
      />
      <TextField
        label={t('profile.person.motherName')}
        autoComplete="off"
        maxLength={100}
        {...mother}
        testId="person-mother-name"
      />
      <RegionField form={form} label={t('profile.person.region')} testId="person-region" />
      <TextField
        label={t('profile.person.address')}
        placeholder={t('profile.person.addressPlaceholder')}
        autoComplete="street-address"
        maxLength={200}
        {...address}
        testId="person-address"
      />
      <DigitsField
        label={t('profile.person.zip')}
        placeholder={t('profile.person.zipPlaceholder')}
        autoComplete="postal-code"
        maxLength={5}
        {...zip}
        testId="person-zip"
      />
      <ProfileOptionField
        label={t('profile.person.liveDuration')}
        options={LIVE_DURATION}
        field={liveDuration}
        testId="person-live-duration"
      />
      <TextField
        label={t('profile.person.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        maxLength={254}
        {...email}
        testId="person-email"
      />
      <ChoiceButtons
        label={t('profile.person.residence')}
        options={optionList(RESIDENCE, locale)}
        value={residence.value === '' ? null : residence.value}
        onChange={residence.onChange}
        error={residence.error}
        testId="person-residence"
      />
    </StepForm>
  );
}

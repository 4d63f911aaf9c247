import type { ProfileProgress, SocialView } from '@kaskita/domain/contract/profile';
import { RELATION } from '@kaskita/domain/i18n/profile-options';
import { formatRupiah } from '@kaskita/domain/money/rupiah';
import { AMOUNT_LIMITS, EMERGENCY_CONTACT_COUNT, socialSchema } from '@kaskita/domain/validation/profile';
import { AmountField } from '../../../components/amount-field.tsx';
import { FieldError } from '../../../components/field-error.tsx';
import { OptionPickerField } from '../../../components/option-picker-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useT } from '../../../lib/i18n.ts';
import { useFormField, useSchemaForm, type SchemaForm } from '../../../lib/use-schema-form.ts';
import type { SocialInput } from '@kaskita/domain/validation/profile';
import { useSocial } from '../api/get-social.ts';
import { useSaveSocial } from '../api/save-social.ts';
import { useProfileDraft } from '../api/profile-draft.ts';
import { useDraftAutosave } from '../hooks/use-draft-autosave.ts';
import { useStepSubmit } from '../hooks/use-step-submit.ts';
import { withDraft } from '../step-draft.ts';
import { amount, formSchema, type OptionValue } from '../profile-form.ts';
import { ProfileOptionField } from './profile-option-field.tsx';
import { StepForm } from './step-form.tsx';
import { StepFrame } from './step-frame.tsx';
import { profileTexts } from '../profile-texts.ts';
import './profile.css';

type ContactValues = { relation: OptionValue; name: string; phone: string };
type ContactsFormValues = {
  socials: ContactValues[];
  contact_consent: boolean;
  expect_amount: string;
  expect_period: number | '';
};

const schema = formSchema<ContactsFormValues>()(socialSchema);
type ContactsForm = SchemaForm<ContactsFormValues, SocialInput>;

const PERIODS = Array.from(
  { length: AMOUNT_LIMITS.expectedPeriod.max - AMOUNT_LIMITS.expectedPeriod.min + 1 },
  (_, i) => AMOUNT_LIMITS.expectedPeriod.min + i,
);

/** The saved contacts, always two rows (blank ones before the first save). */
function contactRows(view: SocialView): ContactValues[] {
  return Array.from({ length: EMERGENCY_CONTACT_COUNT }, (_, i) => {
    const saved = view.socials[i];
    return saved
      ? { relation: saved.relation, name: saved.name, phone: saved.phone }
      : { relation: '', name: '', phone: '' };
  });
}

export function ContactsStep() {
  const social = useSocial();
  const draft = useProfileDraft('contacts');
  return (
    <StepFrame step="contacts" queries={[social, draft]}>
      {(progress) => <ContactsForm view={social.data!} draft={draft.data!.values} progress={progress} />}
    </StepFrame>
  );
}

/** One contact, typed by the borrower: the phone book is never read (only these two people are shared). */
function ContactFields({ form, index }: { form: ContactsForm; index: 0 | 1 }) {
  const t = useT(profileTexts);
  const relation = useFormField(form, `socials.${index}.relation`);
  const name = useFormField(form, `socials.${index}.name`);
  const phone = useFormField(form, `socials.${index}.phone`);
  return (
    <fieldset className="kk-step__group" data-testid={`contact-${index}`}>
      <legend className="kk-step__group-title">{t('profile.contacts.contact', { n: index + 1 })}</legend>
      <ProfileOptionField
        label={t('profile.contacts.relation')}
        options={RELATION}
        field={relation}
        testId={`contact-${index}-relation`}
      />
      <TextField
        label={t('profile.contacts.name')}
        autoComplete="off"
        maxLength={100}
        {...name}
        testId={`contact-${index}-name`}
      />
      <TextField
        label={t('profile.contacts.phone')}
        type="tel"
        inputMode="tel"
        autoComplete="off"
        maxLength={20}
        placeholder="08xxxxxxxxxx"
        {...phone}
        testId={`contact-${index}-phone`}
      />
    </fieldset>
  );
}

function ContactsForm({
  view,
  draft,
  progress,
}: {
  view: SocialView;
  /** What the form held before a reload (GET /v1/user/profile_draft), laid over the saved answers. */
  draft: Record<string, unknown> | null;
  progress: ProfileProgress;
}) {
  const t = useT(profileTexts);
  const form = useSchemaForm<ContactsFormValues, SocialInput>(
    schema,
    withDraft(
      {
        socials: contactRows(view),
        contact_consent: view.contact_consent,
        expect_amount: amount(view.expect_amount),
        expect_period: view.expect_period ?? '',
      },
      progress.locked ? null : draft,
    ),
  );
  const autosave = useDraftAutosave('contacts', form, !progress.locked);
  const consent = useFormField(form, 'contact_consent');
  const expectAmount = useFormField(form, 'expect_amount');
  const expectPeriod = useFormField(form, 'expect_period');
  // A whole-list error (`socials.invalid` from the server) has no field of its own: it shows under both contacts.
  const list = useFormField(form, 'socials');
  const submit = useStepSubmit(form, useSaveSocial(), { onSaved: autosave.discard });

  return (
    <StepForm step="contacts" progress={progress} {...submit}>
      <p className="kk-muted">{t('profile.contacts.intro')}</p>
      <ContactFields form={form} index={0} />
      <ContactFields form={form} index={1} />
      <FieldError error={list.error} />
      <AmountField
        label={t('profile.contacts.expectAmount')}
        placeholder={t('profile.contacts.expectAmountHint', {
          min: formatRupiah(AMOUNT_LIMITS.expectedAmount.min),
          max: formatRupiah(AMOUNT_LIMITS.expectedAmount.max),
        })}
        {...expectAmount}
        testId="contacts-expect-amount"
      />
      <OptionPickerField
        label={t('profile.contacts.expectPeriod')}
        options={PERIODS.map((n) => ({ value: n, label: t('profile.contacts.months', { count: n }) }))}
        value={expectPeriod.value}
        onChange={expectPeriod.onChange}
        error={expectPeriod.error}
        placeholder={t('profile.choose')}
        testId="contacts-expect-period"
      />
      <div className="kk-field">
        <label className="kk-step__check">
          <input
            type="checkbox"
            data-testid="contacts-consent"
            checked={consent.value}
            aria-invalid={consent.error ? true : undefined}
            onChange={(e) => consent.onChange(e.target.checked)}
          />
          <span>{t('profile.contacts.consent')}</span>
        </label>
        <FieldError error={consent.error} />
      </div>
    </StepForm>
  );
}

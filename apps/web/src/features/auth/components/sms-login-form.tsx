import { useT } from '../../../lib/i18n.ts';
import { smsLoginBodySchema } from '@kaskita/domain/contract/auth';
import { CodeInput } from '../../../components/code-input.tsx';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { SubmitForm } from '../../../components/submit-form.tsx';
import { initialLoginPhone } from '../../../lib/login-phone.ts';
import { useFormField, useSchemaForm } from '../../../lib/use-schema-form.ts';
import { sendSmsCode } from '../api/send-sms-code.ts';
import { consentShape, useConsentLogin } from '../hooks/use-consent-login.ts';
import { ConsentCheckbox } from './consent-checkbox.tsx';
import { LazyCaptchaDialog } from './lazy-captcha-dialog.tsx';
import { PhoneCodeField } from './phone-code-field.tsx';
import './auth-forms.css';

const schema = smsLoginBodySchema.extend(consentShape);

export type SmsLoginFormProps = {
  /** The `phone` of the page's query; the stored login phone when absent (initialLoginPhone). */
  queryPhone: string | null;
  /** Called after the session is stored, with whether this login registered the phone. */
  onLoggedIn: (isNew: boolean) => void;
};

/** Phone + SMS code login (registers new numbers), with the consent the spec requires. */
export function SmsLoginForm({ queryPhone, onLoggedIn }: SmsLoginFormProps) {
  const t = useT();
  const form = useSchemaForm(schema, {
    phone: initialLoginPhone(queryPhone),
    sms_code: '',
    consent: false,
  });
  const phone = useFormField(form, 'phone');
  const code = useFormField(form, 'sms_code');
  const consent = useFormField(form, 'consent');
  const { submit, isPending, captchaDialog, refusal } = useConsentLogin(form, onLoggedIn);

  return (
    <SubmitForm
      onSubmit={submit}
      pending={isPending}
      submitLabel={t('login.submit')}
      submitTestId="login-submit"
    >
      <PhoneCodeField
        {...phone}
        testId="login-phone"
        send={sendSmsCode}
        onPhoneError={(key) =>
          key ? form.setError('phone', { type: 'validate', message: key }) : form.clearErrors('phone')
        }
      />
      <CodeInput
        label={t('login.code')}
        placeholder={t('login.codePlaceholder')}
        {...code}
        testId="sms-code"
      />
      <ConsentCheckbox checked={consent.value} onChange={consent.onChange} error={consent.error} />
      <ErrorBanner
        message={refusal.banner}
        code={refusal.code}
        onDismiss={refusal.dismiss}
        testId="login-error"
      />
      <LazyCaptchaDialog {...captchaDialog} />
    </SubmitForm>
  );
}

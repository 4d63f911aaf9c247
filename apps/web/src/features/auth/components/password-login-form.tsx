import { useT } from '../../../lib/i18n.ts';
import { passwordLoginBodySchema } from '@kaskita/domain/contract/auth';
import { PasswordField } from '../../../components/password-field.tsx';
import { PhoneField } from '../../../components/phone-field.tsx';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { SubmitForm } from '../../../components/submit-form.tsx';
import { useFormField, useSchemaForm } from '../../../lib/use-schema-form.ts';
import { consentShape, useConsentLogin } from '../hooks/use-consent-login.ts';
import { ConsentCheckbox } from './consent-checkbox.tsx';
import { LazyCaptchaDialog } from './lazy-captcha-dialog.tsx';
import './auth-forms.css';

const schema = passwordLoginBodySchema.extend(consentShape);

/** Phone + password login (LoginPasswd). */
export function PasswordLoginForm({
  initialPhone,
  onLoggedIn,
}: {
  initialPhone: string;
  onLoggedIn: (isNew: boolean) => void;
}) {
  const t = useT();
  const form = useSchemaForm(schema, { phone: initialPhone, password: '', consent: false });
  const phone = useFormField(form, 'phone');
  const password = useFormField(form, 'password');
  const consent = useFormField(form, 'consent');
  const { submit, isPending, captchaDialog, refusal } = useConsentLogin(form, onLoggedIn);

  return (
    <SubmitForm
      onSubmit={submit}
      pending={isPending}
      submitLabel={t('login.submit')}
      submitTestId="login-submit"
    >
      <PhoneField {...phone} testId="login-phone" />
      <PasswordField
        label={t('login.password')}
        autoComplete="current-password"
        placeholder={t('login.passwordPlaceholder')}
        {...password}
        testId="login-password"
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

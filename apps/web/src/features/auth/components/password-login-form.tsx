import { useT } from '../../../lib/i18n.ts';
import { useState } from 'react';
import { passwordLoginBodySchema } from '@kaskita/domain/contract/auth';
import { PasswordField } from '../../../components/password-field.tsx';
import { PhoneField } from '../../../components/phone-field.tsx';
import { SubmitForm } from '../../../components/submit-form.tsx';
import { useConsentLogin } from '../hooks/use-consent-login.ts';
import { ConsentCheckbox } from './consent-checkbox.tsx';
import './auth-forms.css';

/** Phone + password login (LoginPasswd). */
export function PasswordLoginForm({
  initialPhone,
  onLoggedIn,
}: {
  initialPhone: string;
  onLoggedIn: (isNew: boolean) => void;
}) {
  const t = useT();
  const [phone, setPhone] = useState(initialPhone);
  const [password, setPassword] = useState('');
  const { consent, setConsent, errors, edit, isPending, submit } = useConsentLogin(onLoggedIn);

  return (
    <SubmitForm
      onSubmit={() => submit(passwordLoginBodySchema.safeParse({ phone, password }))}
      pending={isPending}
      submitLabel={t('login.submit')}
      submitTestId="login-submit"
    >
      <PhoneField
        value={phone}
        onChange={edit('phone', setPhone)}
        error={errors.phone}
        testId="login-phone"
      />
      <PasswordField
        label={t('login.password')}
        autoComplete="current-password"
        placeholder={t('login.passwordPlaceholder')}
        value={password}
        onChange={edit('password', setPassword)}
        error={errors.password}
        testId="login-password"
      />
      <ConsentCheckbox checked={consent} onChange={setConsent} error={errors.consent} />
    </SubmitForm>
  );
}

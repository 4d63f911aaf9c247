import { useT } from '../../../lib/i18n.ts';
import { useState } from 'react';
import { z } from 'zod';
import { phoneSchema } from '@kaskita/domain/validation/phone';
import { passwordSchema } from '@kaskita/domain/validation/password';
import { PasswordField } from '../../../components/password-field.tsx';
import { PhoneField } from '../../../components/phone-field.tsx';
import { SubmitForm } from '../../../components/submit-form.tsx';
import { useConsentLogin } from '../hooks/use-consent-login.ts';
import { ConsentCheckbox } from './consent-checkbox.tsx';
import './auth-forms.css';

const schema = z.object({ phone: phoneSchema, password: passwordSchema });

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
      onSubmit={() => submit(schema.safeParse({ phone, password }))}
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

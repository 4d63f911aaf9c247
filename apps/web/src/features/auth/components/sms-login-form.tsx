import { useT } from '../../../lib/i18n.ts';
import { useState } from 'react';
import { smsLoginBodySchema } from '@kaskita/domain/contract/auth';
import { CodeInput } from '../../../components/code-input.tsx';
import { SubmitForm } from '../../../components/submit-form.tsx';
import { sendSmsCode } from '../api/send-sms-code.ts';
import { useConsentLogin } from '../hooks/use-consent-login.ts';
import { ConsentCheckbox } from './consent-checkbox.tsx';
import { PhoneCodeField } from './phone-code-field.tsx';
import './auth-forms.css';

type Props = {
  initialPhone: string;
  /** Called after the session is stored, with whether this login registered the phone. */
  onLoggedIn: (isNew: boolean) => void;
};

/** Phone + SMS code login (registers new numbers), with the consent the spec requires. */
export function SmsLoginForm({ initialPhone, onLoggedIn }: Props) {
  const t = useT();
  const [phone, setPhone] = useState(initialPhone);
  const [code, setCode] = useState('');
  const { consent, setConsent, errors, setError, edit, isPending, submit } = useConsentLogin(onLoggedIn);

  return (
    <SubmitForm
      onSubmit={() => submit(smsLoginBodySchema.safeParse({ phone, sms_code: code }))}
      pending={isPending}
      submitLabel={t('login.submit')}
      submitTestId="login-submit"
    >
      <PhoneCodeField
        value={phone}
        onChange={edit('phone', setPhone)}
        error={errors.phone}
        testId="login-phone"
        send={sendSmsCode}
        onPhoneError={(err) => setError('phone', err)}
      />
      <CodeInput
        label={t('login.code')}
        placeholder={t('login.codePlaceholder')}
        value={code}
        onChange={edit('sms_code', setCode)}
        error={errors.sms_code}
        testId="sms-code"
      />
      <ConsentCheckbox checked={consent} onChange={setConsent} error={errors.consent} />
    </SubmitForm>
  );
}

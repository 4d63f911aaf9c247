import { useT } from '../../../lib/i18n.ts';
import { useState } from 'react';
import { z } from 'zod';
import { phoneSchema } from '@kaskita/domain/validation/phone';
import { smsCodeSchema } from '@kaskita/domain/validation/sms-code';
import { CodeInput } from '../../../components/code-input.tsx';
import { SubmitForm } from '../../../components/submit-form.tsx';
import { sendSmsCode } from '../api/send-sms-code.ts';
import { useConsentLogin } from '../hooks/use-consent-login.ts';
import { ConsentCheckbox } from './consent-checkbox.tsx';
import { PhoneCodeField } from './phone-code-field.tsx';
import './auth-forms.css';

const loginFormSchema = z.object({ phone: phoneSchema, sms_code: smsCodeSchema });

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
  const { consent, setConsent, errors, setErrors, isPending, submit } = useConsentLogin(onLoggedIn);
  // Unlike the password form, this one clears a field's error as soon as it is edited.
  const clearError = (field: string) => {
    if (errors[field]) setErrors((e) => ({ ...e, [field]: '' }));
  };

  return (
    <SubmitForm
      onSubmit={() => submit(loginFormSchema.safeParse({ phone, sms_code: code }))}
      pending={isPending}
      submitLabel={t('login.submit')}
      submitTestId="login-submit"
    >
      <PhoneCodeField
        value={phone}
        onChange={(v) => {
          setPhone(v);
          clearError('phone');
        }}
        error={errors.phone}
        testId="login-phone"
        send={sendSmsCode}
        onPhoneError={(err) => setErrors((e) => ({ ...e, phone: err }))}
      />
      <CodeInput
        label={t('login.code')}
        placeholder={t('login.codePlaceholder')}
        value={code}
        onChange={(v) => {
          setCode(v);
          clearError('sms_code');
        }}
        error={errors.sms_code}
        testId="sms-code"
      />
      <ConsentCheckbox
        checked={consent}
        onChange={(v) => {
          setConsent(v);
          if (v) setErrors((e) => ({ ...e, consent: '' }));
        }}
        error={errors.consent}
      />
    </SubmitForm>
  );
}

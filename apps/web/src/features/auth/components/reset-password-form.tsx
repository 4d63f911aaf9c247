import { useT, useLocale } from '../../../lib/i18n.ts';
import { useState } from 'react';
import { resetPasswordBodySchema } from '@kaskita/domain/contract/auth';
import { CodeInput } from '../../../components/code-input.tsx';
import { NewPasswordFields } from '../../../components/password-field.tsx';
import { SubmitForm } from '../../../components/submit-form.tsx';
import { toast } from '../../../components/toast.ts';
import { fieldErrors } from '../../../lib/form-errors.ts';
import { useFieldErrors } from '../../../lib/use-field-errors.ts';
import { sendResetSms } from '../api/reset-sms.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { completeLogin } from '../complete-login.ts';
import { PhoneCodeField } from './phone-code-field.tsx';

/** Forgotten password: phone, a reset_sms code and a new password; the answer is a new session. */
export function ResetPasswordForm({ initialPhone, onDone }: { initialPhone: string; onDone: () => void }) {
  const t = useT();
  const locale = useLocale();
  const [phone, setPhone] = useState(initialPhone);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { errors, setErrors, setError, edit } = useFieldErrors();
  const { mutate, isPending } = useResetPassword();

  const submit = async () => {
    const parsed = resetPasswordBodySchema.safeParse({
      phone,
      sms_code: code,
      password,
      confirm_password: confirm,
    });
    setErrors(fieldErrors(parsed, locale));
    if (!parsed.success) return;
    try {
      const res = await mutate(parsed.data);
      completeLogin(res);
      toast.success(t('password.resetDone'));
      onDone();
    } catch {
      // shown by the api client; the typed values stay
    }
  };

  return (
    <SubmitForm
      onSubmit={submit}
      pending={isPending}
      submitLabel={t('common.submit')}
      submitTestId="reset-submit"
    >
      <PhoneCodeField
        value={phone}
        onChange={edit('phone', setPhone)}
        error={errors.phone}
        testId="reset-phone"
        send={sendResetSms}
        onPhoneError={(err) => setError('phone', err)}
      />
      <CodeInput
        label={t('login.code')}
        placeholder={t('login.codePlaceholder')}
        value={code}
        onChange={edit('sms_code', setCode)}
        error={errors.sms_code}
        testId="reset-code"
      />
      <NewPasswordFields
        password={password}
        confirm={confirm}
        onPasswordChange={edit('password', setPassword)}
        onConfirmChange={edit('confirm_password', setConfirm)}
        errors={errors}
        testIds={{ password: 'reset-password', confirm: 'reset-confirm' }}
      />
    </SubmitForm>
  );
}

import { useT, useLocale } from '../../../lib/i18n.ts';
import { useState } from 'react';
import { resetPasswordBodySchema } from '@kaskita/domain/contract/auth';
import { phoneSchema } from '@kaskita/domain/validation/phone';
import { CodeInput } from '../../../components/code-input.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { LoadingOverlay } from '../../../components/loading-overlay.tsx';
import { toast } from '../../../components/toast.ts';
import { fieldErrors, firstError } from '../../../lib/form-errors.ts';
import { sendResetSms } from '../api/reset-sms.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { completeLogin } from '../complete-login.ts';
import { useCodeSender } from '../hooks/use-code-sender.ts';
import { CaptchaDialog } from './captcha-dialog.tsx';
import { SendCodeButton } from './send-code-button.tsx';

/** Forgotten password: phone, a reset_sms code and a new password; the answer is a new session. */
export function ResetPasswordForm({ initialPhone, onDone }: { initialPhone: string; onDone: () => void }) {
  const t = useT();
  const locale = useLocale();
  const [phone, setPhone] = useState(initialPhone);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [everSent, setEverSent] = useState(false);
  const normalised = phoneSchema.safeParse(phone);
  const sender = useCodeSender(sendResetSms, normalised.success ? normalised.data : null);
  const { mutate, isPending } = useResetPassword();

  const sendCode = () => {
    const err = firstError(normalised, locale);
    setErrors((e) => ({ ...e, phone: err ?? '' }));
    if (err || !normalised.success) return;
    setEverSent(true);
    void sender.request(normalised.data);
  };

  const submit = async () => {
    const parsed = resetPasswordBodySchema.safeParse({ phone, sms_code: code, password, confirm_password: confirm });
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
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <TextField
        label={t('login.phone')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder={t('login.phonePlaceholder')}
        value={phone}
        onChange={setPhone}
        error={errors.phone}
        testId="reset-phone"
        addon={<SendCodeButton secondsLeft={sender.secondsLeft} sending={sender.sending} everSent={everSent} onClick={sendCode} />}
      />
      <CodeInput label={t('login.code')} placeholder={t('login.codePlaceholder')} value={code} onChange={setCode} error={errors.sms_code} testId="reset-code" />
      <TextField
        label={t('password.new')}
        type="password"
        autoComplete="new-password"
        placeholder={t('password.newPlaceholder')}
        value={password}
        onChange={setPassword}
        error={errors.password}
        testId="reset-password"
      />
      <TextField
        label={t('password.confirm')}
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={setConfirm}
        error={errors.confirm_password}
        testId="reset-confirm"
      />
      <button type="submit" className="kk-btn kk-btn--primary kk-btn--block" data-testid="reset-submit" disabled={isPending}>
        {t('common.submit')}
      </button>
      <CaptchaDialog visible={sender.captchaOpen} onSubmit={sender.submitCaptcha} onClose={sender.closeCaptcha} />
      <LoadingOverlay visible={isPending} label={t('common.loading')} />
    </form>
  );
}

import { useT, useLocale } from '../../../lib/i18n.ts';
import { useState } from 'react';
import { z } from 'zod';
import { phoneSchema } from '@kaskita/domain/validation/phone';
import { smsCodeSchema } from '@kaskita/domain/validation/sms-code';
import { validationMessage } from '@kaskita/domain/i18n/validation-messages';
import { CodeInput } from '../../../components/code-input.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { LoadingOverlay } from '../../../components/loading-overlay.tsx';
import { fieldErrors, firstError } from '../../../lib/form-errors.ts';
import { useLogin } from '../api/login.ts';
import { sendSmsCode } from '../api/send-sms-code.ts';
import { completeLogin } from '../complete-login.ts';
import { useCodeSender } from '../hooks/use-code-sender.ts';
import { CaptchaDialog } from './captcha-dialog.tsx';
import { ConsentCheckbox } from './consent-checkbox.tsx';
import { SendCodeButton } from './send-code-button.tsx';
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
  const locale = useLocale();
  const [phone, setPhone] = useState(initialPhone);
  const [code, setCode] = useState('');
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [everSent, setEverSent] = useState(false);
  const normalised = phoneSchema.safeParse(phone);
  const sender = useCodeSender(sendSmsCode, normalised.success ? normalised.data : null);
  const { mutate, isPending } = useLogin();

  const sendCode = () => {
    const err = firstError(normalised, locale);
    setErrors((e) => ({ ...e, phone: err ?? '' }));
    if (err || !normalised.success) return;
    setEverSent(true);
    void sender.request(normalised.data);
  };

  const submit = async () => {
    const parsed = loginFormSchema.safeParse({ phone, sms_code: code });
    const next = fieldErrors(parsed, locale);
    if (!consent) next.consent = validationMessage('consent.required', locale);
    setErrors(next);
    if (!parsed.success || !consent) return;
    try {
      const res = await mutate(parsed.data);
      completeLogin(res);
      onLoggedIn(res.is_new);
    } catch {
      // message already shown; keep what was typed so one wrong digit is a one-digit fix
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
        onChange={(v) => {
          setPhone(v);
          if (errors.phone) setErrors((e) => ({ ...e, phone: '' }));
        }}
        error={errors.phone}
        testId="login-phone"
        addon={<SendCodeButton secondsLeft={sender.secondsLeft} sending={sender.sending} everSent={everSent} onClick={sendCode} />}
      />
      <CodeInput
        label={t('login.code')}
        placeholder={t('login.codePlaceholder')}
        value={code}
        onChange={(v) => {
          setCode(v);
          if (errors.sms_code) setErrors((e) => ({ ...e, sms_code: '' }));
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
      <button type="submit" className="kk-btn kk-btn--primary kk-btn--block" data-testid="login-submit" disabled={isPending}>
        {t('login.submit')}
      </button>
      <CaptchaDialog visible={sender.captchaOpen} onSubmit={sender.submitCaptcha} onClose={sender.closeCaptcha} />
      <LoadingOverlay visible={isPending} label={t('common.loading')} />
    </form>
  );
}

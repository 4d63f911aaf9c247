import { useState } from 'react';
import { phoneSchema } from '@kaskita/domain/validation/phone';
import { PhoneField } from '../../../components/phone-field.tsx';
import { useLocale } from '../../../lib/i18n.ts';
import { firstError } from '../../../lib/form-errors.ts';
import { useCodeSender } from '../hooks/use-code-sender.ts';
import { CaptchaDialog } from './captcha-dialog.tsx';
import { SendCodeButton } from './send-code-button.tsx';

type Props = {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  testId: string;
  /** The endpoint asking for the code: login or password reset. */
  send: Parameters<typeof useCodeSender>[0];
  /** The phone's error after a send-code press ('' when the phone is valid). */
  onPhoneError: (error: string) => void;
};

/** The phone field with its send-code button and the captcha the server may ask for first. */
export function PhoneCodeField({ value, onChange, error, testId, send, onPhoneError }: Props) {
  const locale = useLocale();
  const [everSent, setEverSent] = useState(false);
  const normalised = phoneSchema.safeParse(value);
  const sender = useCodeSender(send, normalised.success ? normalised.data : null);

  const sendCode = () => {
    onPhoneError(firstError(normalised, locale) ?? '');
    if (!normalised.success) return;
    setEverSent(true);
    void sender.request(normalised.data);
  };

  return (
    <>
      <PhoneField
        value={value}
        onChange={onChange}
        error={error}
        testId={testId}
        addon={
          <SendCodeButton
            secondsLeft={sender.secondsLeft}
            sending={sender.sending}
            everSent={everSent}
            onClick={sendCode}
          />
        }
      />
      <CaptchaDialog
        visible={sender.captchaOpen}
        onSubmit={sender.submitCaptcha}
        onClose={sender.closeCaptcha}
      />
    </>
  );
}

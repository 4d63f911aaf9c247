import { useState } from 'react';
import { phoneSchema } from '@kaskita/domain/validation/phone';
import { PhoneField } from '../../../components/phone-field.tsx';
import { useCodeSender, type CodeChannel } from '../hooks/use-code-sender.ts';
import { LazyCaptchaDialog, loadCaptchaDialog } from './lazy-captcha-dialog.tsx';
import { SendCodeButton } from './send-code-button.tsx';

type Props = {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  testId: string;
  /** The endpoint asking for the code: login or password reset. */
  send: Parameters<typeof useCodeSender>[0];
  /** After a send-code press: the phone's message key when it cannot be used, null when it can. */
  onPhoneError: (messageKey: string | null) => void;
  /** How the code travels (its own countdown) and what the toast says once it is sent; SMS by default. */
  channel?: CodeChannel;
  sentNotice?: string;
};

/** The phone field with its send-code button and the captcha the server may ask for first. */
export function PhoneCodeField({
  value,
  onChange,
  error,
  testId,
  send,
  onPhoneError,
  channel,
  sentNotice,
}: Props) {
  const [everSent, setEverSent] = useState(false);
  const normalised = phoneSchema.safeParse(value);
  const sender = useCodeSender(send, normalised.success ? normalised.data : null, { channel, sentNotice });

  const sendCode = () => {
    if (!normalised.success) {
      onPhoneError(normalised.error.issues[0]?.message ?? 'phone.invalid');
      return;
    }
    onPhoneError(null);
    setEverSent(true);
    // Fetched while the code request runs, in case the answer asks for the captcha.
    void loadCaptchaDialog();
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
      <LazyCaptchaDialog
        mounted={everSent}
        visible={sender.captchaOpen}
        onSubmit={sender.submitCaptcha}
        onClose={sender.closeCaptcha}
      />
    </>
  );
}

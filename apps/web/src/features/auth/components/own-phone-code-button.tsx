import { useState } from 'react';
import type { SmsCodeResponse } from '@kaskita/domain/contract/auth';
import type { CaptchaFields } from '../hooks/use-captcha-gate.ts';
import { useCodeSender } from '../hooks/use-code-sender.ts';
import { LazyCaptchaDialog, loadCaptchaDialog } from './lazy-captcha-dialog.tsx';
import { SendCodeButton } from './send-code-button.tsx';
import './auth-forms.css';

type Props = {
  /** The endpoint sending the code, repeated with the captcha's answer when it answers `captcha: 1`. */
  send: (captcha: CaptchaFields) => Promise<SmsCodeResponse>;
  /** What the code is for ('bank-card'): the resend countdown is kept per purpose, as the login's is per phone. */
  purpose: string;
};

/**
 * The send-code button for a code to the signed-in borrower's own registered phone (nothing to type: the server knows
 * the number), with the same countdown and image captcha as the sign-in's.
 */
export function OwnPhoneCodeButton({ send, purpose }: Props) {
  const [everSent, setEverSent] = useState(false);
  // useCodeSender sends to a phone; here the server picks it, so the "phone" is only the countdown's key.
  const sender = useCodeSender(
    ({ captcha_id, captcha_code }) => send({ captcha_id, captcha_code }),
    `own:${purpose}`,
  );
  const sendCode = () => {
    setEverSent(true);
    // Fetched while the code request runs, in case the answer asks for the captcha.
    void loadCaptchaDialog();
    void sender.request(`own:${purpose}`);
  };
  return (
    <>
      <SendCodeButton
        secondsLeft={sender.secondsLeft}
        sending={sender.sending}
        everSent={everSent}
        onClick={sendCode}
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

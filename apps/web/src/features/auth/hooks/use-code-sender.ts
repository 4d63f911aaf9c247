import { useT } from '../../../lib/i18n.ts';
import { useCallback, useEffect, useState } from 'react';
import { SMS_RESEND_SECONDS, type SmsCodeQuery, type SmsCodeResponse } from '@kaskita/domain/contract/auth';
import { CODE } from '@kaskita/domain/i18n/error-codes';
import { ApiError } from '../../../lib/api-client.ts';
import { SESSION_KEYS } from '../../../lib/storage-keys.ts';
import { session } from '../../../lib/storage.ts';
import { toast } from '../../../components/toast.ts';

export type CaptchaOutcome = 'done' | 'retry';

type Sender = (query: SmsCodeQuery) => Promise<SmsCodeResponse>;

/** How the code travels; each has its own resend countdown on the server, so each has its own here. */
export type CodeChannel = 'sms' | 'whatsapp';

const resendKey = (channel: CodeChannel, phone: string) =>
  channel === 'sms'
    ? (`${SESSION_KEYS.smsCodeResendAt}:${phone}` as const)
    : (`${SESSION_KEYS.smsCodeResendAt}:${channel}:${phone}` as const);

/**
 * Sending a code (login, reset, WhatsApp): the resend countdown (kept per channel and phone in sessionStorage, so a
 * reload does not allow a second send, and a sign-in SMS does not hold back the WhatsApp code) and the captcha flow
 * of spec sections 4 and 8. `sentNotice` is the confirmation toast (default: sent by SMS).
 */
export function useCodeSender(
  send: Sender,
  phone: string | null,
  { channel = 'sms', sentNotice }: { channel?: CodeChannel; sentNotice?: string } = {},
) {
  const t = useT();
  const [now, setNow] = useState(() => Date.now());
  const [sending, setSending] = useState(false);
  const [captchaFor, setCaptchaFor] = useState<string | null>(null);
  const resendAt = phone ? Number(session.get(resendKey(channel, phone)) ?? 0) : 0;
  const secondsLeft = Math.max(0, Math.ceil((resendAt - now) / 1000));

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [secondsLeft]);

  const accepted = useCallback(
    (res: SmsCodeResponse, forPhone: string) => {
      const wait = res.resend_in > 0 ? res.resend_in : SMS_RESEND_SECONDS;
      session.set(resendKey(channel, forPhone), String(Date.now() + wait * 1000));
      setNow(Date.now());
      toast.success(sentNotice ?? t('login.codeSent'));
    },
    [t, channel, sentNotice],
  );

  /** Sends a code to a valid (normalised) phone. */
  const request = useCallback(
    async (forPhone: string) => {
      setSending(true);
      try {
        const res = await send({ phone: forPhone });
        if (res.captcha === 1) {
          session.set(SESSION_KEYS.captchaShownAt, String(Date.now()));
          setCaptchaFor(forPhone);
        } else accepted(res, forPhone);
      } catch {
        // the api client has shown the message; the typed phone stays
      } finally {
        setSending(false);
      }
    },
    [send, accepted],
  );

  /** The captcha dialog's submit: repeats the request with the answer. */
  const submitCaptcha = useCallback(
    async (captchaId: string, captchaCode: string): Promise<CaptchaOutcome> => {
      if (!captchaFor) return 'done';
      try {
        const res = await send({ phone: captchaFor, captcha_id: captchaId, captcha_code: captchaCode });
        if (res.captcha === 1) return 'retry';
        accepted(res, captchaFor);
        setCaptchaFor(null);
        return 'done';
      } catch (e) {
        // 4056 closes the dialog (spec section 8); any other error wants a fresh image.
        if (e instanceof ApiError && e.code === CODE.CAPTCHA_CLOSE) {
          setCaptchaFor(null);
          return 'done';
        }
        return 'retry';
      }
    },
    [captchaFor, send, accepted],
  );

  return {
    request,
    sending,
    secondsLeft,
    captchaOpen: captchaFor !== null,
    submitCaptcha,
    closeCaptcha: () => setCaptchaFor(null),
  };
}

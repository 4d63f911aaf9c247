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

/** The seconds a 4013 refusal says to wait (`retry_after`), or 0. */
function retryAfterOf(data: unknown): number {
  const seconds = (data as { retry_after?: unknown } | null)?.retry_after;
  return typeof seconds === 'number' && Number.isFinite(seconds) ? Math.min(seconds, 3600) : 0;
}

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

  const waitBeforeResend = useCallback(
    (forPhone: string, seconds: number) => {
      session.set(resendKey(channel, forPhone), String(Date.now() + seconds * 1000));
      setNow(Date.now());
    },
    [channel],
  );

  const accepted = useCallback(
    (res: SmsCodeResponse, forPhone: string) => {
      waitBeforeResend(forPhone, res.resend_in > 0 ? res.resend_in : SMS_RESEND_SECONDS);
      toast.success(sentNotice ?? t('login.codeSent'));
    },
    [t, sentNotice, waitBeforeResend],
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
      } catch (e) {
        // The api client has shown the message; the typed phone stays. A code sent a moment ago (from another tab or
        // phone, or before this tab forgot its countdown) is refused with the seconds left: the button counts them.
        const retryAfter = e instanceof ApiError && e.code === CODE.SMS_COOLDOWN ? retryAfterOf(e.data) : 0;
        if (retryAfter > 0) waitBeforeResend(forPhone, retryAfter);
      } finally {
        setSending(false);
      }
    },
    [send, accepted, waitBeforeResend],
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

import { useCallback, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import type { CaptchaOutcome } from './use-code-sender.ts';

/** The answer of a solved image captcha, added to the call the server asked it for. */
export type CaptchaFields = { captcha_id?: string; captcha_code?: string };

/** A call the server may refuse until a captcha is solved; it throws what the server answered. */
export type CaptchaGatedCall = (captcha: CaptchaFields) => Promise<void>;

/**
 * The server asks for a captcha (4022, or 4021 for a wrong answer, both with data.captcha = 1) after repeated
 * failures for a phone, so that someone guessing cannot lock the owner out (README "Sign-in limits").
 */
export function asksForCaptcha(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.kind !== 'server') return false;
  const data = error.data as { captcha?: unknown } | null;
  return data?.captcha === 1;
}

/**
 * Runs a sign-in call; when the server asks for a captcha, opens the dialog, and each answer runs the call again
 * with it. Success or any other error closes the dialog (the call has shown its own error).
 */
export function useCaptchaGate() {
  const [pending, setPending] = useState<CaptchaGatedCall | null>(null);
  const [everAsked, setEverAsked] = useState(false);

  const run = useCallback(async (call: CaptchaGatedCall): Promise<void> => {
    try {
      await call({});
    } catch (error) {
      if (!asksForCaptcha(error)) return;
      setEverAsked(true);
      setPending(() => call);
    }
  }, []);

  const onSubmit = useCallback(
    async (captchaId: string, captchaCode: string): Promise<CaptchaOutcome> => {
      if (!pending) return 'done';
      try {
        await pending({ captcha_id: captchaId, captcha_code: captchaCode });
      } catch (error) {
        if (asksForCaptcha(error)) return 'retry';
      }
      setPending(null);
      return 'done';
    },
    [pending],
  );

  return {
    run,
    dialog: { mounted: everAsked, visible: pending !== null, onSubmit, onClose: () => setPending(null) },
  };
}

/**
 * A form's call through the gate: a refusal goes to the form (`show`: beside its field, or in its banner) unless the
 * answer only asks for a captcha, and what was typed stays, so one wrong digit is a one-digit fix.
 */
export function withRefusal(show: (error: unknown) => void, call: CaptchaGatedCall): CaptchaGatedCall {
  return async (captcha) => {
    try {
      await call(captcha);
    } catch (error) {
      if (!asksForCaptcha(error)) show(error);
      throw error;
    }
  };
}

import { AppError } from '../../http/app-error.ts';
import type { Attempt, Limit, RateLimiter } from '../../rate-limit/rate-limiter.ts';
import { phoneAtIp, type AuthLimits } from './auth-limits.ts';
import type { CaptchaService } from './captcha-service.ts';

export interface CaptchaAnswer {
  captcha_id?: string | undefined;
  captcha_code?: string | undefined;
}

/** The tries one check counted; a check that succeeds takes them back, so the limits count failures only. */
export interface CountedTries {
  succeeded(): Promise<void>;
  /** Wrong tries this address may still make before its hard limits refuse it (the captcha limit only asks more). */
  left: number;
}

interface SecretLimits {
  /** Soft: past it, a captcha. */
  perPhone: Limit;
  perPhoneIp: Limit;
  perIp: Limit;
}

/**
 * Guards the checks of a secret (an SMS code, a password) for a phone. Failures from anywhere make the phone's next
 * tries cost a captcha, never a refusal, so nobody can lock the owner out by guessing wrong on purpose; the hard
 * limits are per address and per phone-and-address, so they stop the guesser. Every try is counted before the check
 * runs, so concurrent guesses cannot outrun a limit.
 */
export class SignInGuard {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly captchas: CaptchaService,
    private readonly limits: AuthLimits,
  ) {}

  beforeCodeCheck(phone: string, ip: string, answer: CaptchaAnswer): Promise<CountedTries> {
    return this.guard(
      {
        perPhone: this.limits.codeFailuresPerPhone,
        perPhoneIp: this.limits.codeFailuresPerPhoneIp,
        perIp: this.limits.codeFailuresPerIp,
      },
      phone,
      ip,
      answer,
    );
  }

  beforePasswordCheck(phone: string, ip: string, answer: CaptchaAnswer): Promise<CountedTries> {
    return this.guard(
      {
        perPhone: this.limits.passwordFailuresPerPhone,
        perPhoneIp: this.limits.passwordFailuresPerPhoneIp,
        perIp: this.limits.passwordFailuresPerIp,
      },
      phone,
      ip,
      answer,
    );
  }

  /** The owner proved the phone (a reset with its code): failures counted against it no longer ask for a captcha. */
  async clearPhone(phone: string): Promise<void> {
    await this.limiter.clear(this.limits.codeFailuresPerPhone.bucket, phone);
    await this.limiter.clear(this.limits.passwordFailuresPerPhone.bucket, phone);
  }

  private async guard(
    limits: SecretLimits,
    phone: string,
    ip: string,
    answer: CaptchaAnswer,
  ): Promise<CountedTries> {
    // Hard limits first: an address over them learns nothing more, and spends no captcha.
    const counted: Attempt[] = [];
    let left: number;
    try {
      const perIp = await this.limiter.attempt(limits.perIp, ip);
      counted.push(perIp);
      const perPhoneIp = await this.limiter.attempt(limits.perPhoneIp, phoneAtIp(phone, ip));
      counted.push(perPhoneIp);
      left = Math.min(perIp.left, perPhoneIp.left);
      const belowCaptcha = await this.limiter.attemptUnlessReached(limits.perPhone, phone);
      if (belowCaptcha) counted.push(belowCaptcha);
      else {
        await this.solveCaptcha(answer);
        counted.push(await this.limiter.record(limits.perPhone, phone));
      }
    } catch (error) {
      // Refused before the check ran: not a failed guess.
      await Promise.all(counted.map((a) => a.refund()));
      throw error;
    }
    return { left, succeeded: async () => void (await Promise.all(counted.map((a) => a.refund()))) };
  }

  /** Spends the captcha: a wrong answer burns it, like the code requests' captcha. */
  private async solveCaptcha(answer: CaptchaAnswer): Promise<void> {
    if (!answer.captcha_id || !answer.captcha_code) throw new AppError('CAPTCHA_REQUIRED', { captcha: 1 });
    if (!(await this.captchas.check(answer.captcha_id, answer.captcha_code)))
      throw new AppError('CAPTCHA_WRONG', { captcha: 1 });
  }
}

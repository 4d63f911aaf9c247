import type { SmsCodeResponse } from '@kaskita/domain/contract/auth';
import type { Locale } from '@kaskita/domain/i18n/locale';
import type { Clock } from '../../clock.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { Limit, RateLimiter } from '../../rate-limit/rate-limiter.ts';
import type { PasswordHasher } from '../../security/password-hasher.ts';
import type { CodeCheck, CodeRequest } from '../auth/sms-code-service.ts';
import { codeCheckError, requestCountedCode } from '../auth/sms-code-service.ts';
import type { UserAccounts } from '../user/user-service.ts';
import type { PaymentPinRepository } from './payment-pin-repository.ts';

/** Per-borrower limits of the payment PIN, on top of the PIN's own lock and the limits of every SMS code. */
export const PAY_PIN_LIMITS = {
  codesPerUser: { bucket: 'pay_pin_code_user', max: 5, windowSeconds: 86_400 },
  setsPerUser: { bucket: 'pay_pin_set_user', max: 10, windowSeconds: 3600 },
  /** Checks an hour, right or wrong: the lock stops guessing one PIN, this stops a script cycling lock periods. */
  checksPerUser: { bucket: 'pay_pin_check_user', max: 30, windowSeconds: 3600 },
} satisfies Record<string, Limit>;

export interface PayPinDependencies {
  db: Db;
  clock: Clock;
  repo: PaymentPinRepository;
  users: Pick<UserAccounts, 'signedIn'>;
  hasher: PasswordHasher;
  limiter: RateLimiter;
  codes: {
    request(req: CodeRequest): Promise<SmsCodeResponse>;
    check(tx: DbOrTx, phone: string, purpose: 'pay_pin', code: string): Promise<CodeCheck>;
  };
  maxTries: number;
  lockMinutes: number;
}

/**
 * The 6-digit payment PIN asked at every pay-later purchase and, once the borrower has set one, at every cash-loan
 * order and bank-card change (`confirm`): a stolen session alone can then neither borrow nor send the money elsewhere.
 * Setting it (first time, or a reset when forgotten or locked) needs an SMS code to the borrower's own phone, not the
 * session alone: a stolen token must not be able to choose the PIN and then buy. The signed-in password was the other
 * choice, but borrowers who sign in by SMS code have none. It is scrypt-hashed like a password; PAY_PIN_MAX_TRIES
 * wrong PINs in a row lock it for PAY_PIN_LOCK_MINUTES.
 */
export class PayPinService {
  constructor(private readonly deps: PayPinDependencies) {}

  async isSet(userId: string): Promise<boolean> {
    return (await this.deps.repo.pin(this.deps.db, userId)) !== undefined;
  }

  async sendCode(
    userId: string,
    body: { captcha_id?: string | undefined; captcha_code?: string | undefined },
    client: { ip: string; locale: Locale },
  ): Promise<SmsCodeResponse> {
    const user = await this.deps.users.signedIn(userId);
    return requestCountedCode(this.deps, PAY_PIN_LIMITS.codesPerUser, userId, {
      phone: user.phone,
      purpose: 'pay_pin',
      ip: client.ip,
      locale: client.locale,
      captchaId: body.captcha_id,
      captchaCode: body.captcha_code,
      deliver: true,
    });
  }

  async set(userId: string, body: { pin: string; sms_code: string }): Promise<{ pay_pin_set: boolean }> {
    const user = await this.deps.users.signedIn(userId);
    const tries = await this.deps.limiter.attempt(PAY_PIN_LIMITS.setsPerUser, userId);
    // Hashed before the transaction: scrypt takes tens of milliseconds, no lock should wait for it.
    const pinHash = await this.deps.hasher.hash(body.pin);
    const check = await this.deps.db.transaction(async (tx) => {
      const result = await this.deps.codes.check(tx, user.phone, 'pay_pin', body.sms_code);
      if (result.result === 'ok') await this.deps.repo.setPin(tx, userId, pinHash, this.deps.clock.now());
      return result;
    });
    // After commit, so a wrong try stays counted on the code.
    if (check.result !== 'ok') throw codeCheckError(check, tries.left);
    return { pay_pin_set: true };
  }

  /**
   * Checks the PIN of a purchase, in its own transaction: a wrong try is counted even though the purchase is refused.
   * @throws PAY_PIN_NOT_SET, PAY_PIN_LOCKED (with locked_until), PAY_PIN_WRONG (with tries_left).
   */
  async verify(userId: string, pin: string): Promise<void> {
    await this.deps.limiter.attempt(PAY_PIN_LIMITS.checksPerUser, userId);
    const stored = await this.deps.repo.pin(this.deps.db, userId);
    if (!stored) throw new AppError('PAY_PIN_NOT_SET');
    this.assertUnlocked(stored.lockedUntil);
    const right = await this.deps.hasher.verify(pin, stored.pinHash);
    const outcome = await this.deps.db.transaction(async (tx) => {
      const row = await this.deps.repo.pin(tx, userId, true);
      // Changed meanwhile (a reset): this check was against the old PIN, so it counts for nothing.
      if (!row || row.pinHash !== stored.pinHash) return { kind: 'changed' } as const;
      const now = this.deps.clock.now();
      if (row.lockedUntil && row.lockedUntil.getTime() > now.getTime())
        return { kind: 'locked', until: row.lockedUntil } as const;
      if (right) {
        if (row.failedTries > 0 || row.lockedUntil)
          await this.deps.repo.setPinTries(tx, userId, 0, null, now);
        return { kind: 'ok' } as const;
      }
      // A lock that has run out starts a fresh count.
      const before = row.lockedUntil ? 0 : row.failedTries;
      const failed = before + 1;
      if (failed >= this.deps.maxTries) {
        const until = new Date(now.getTime() + this.deps.lockMinutes * 60_000);
        await this.deps.repo.setPinTries(tx, userId, failed, until, now);
        return { kind: 'locked', until } as const;
      }
      await this.deps.repo.setPinTries(tx, userId, failed, null, now);
      return { kind: 'wrong', left: this.deps.maxTries - failed } as const;
    });
    if (outcome.kind === 'ok') return;
    if (outcome.kind === 'locked') this.assertUnlocked(outcome.until);
    if (outcome.kind === 'changed') throw new AppError('PAY_PIN_WRONG');
    if (outcome.kind === 'wrong') throw new AppError('PAY_PIN_WRONG', { tries_left: outcome.left });
  }

  /**
   * What guards a cash-loan order and a bank-card change: nothing before the borrower sets a PIN (it is set at the
   * first pay-later purchase, or from Me), the PIN once one is set.
   * @throws PAY_PIN_REQUIRED when a PIN is set and none was sent; else as {@link verify}.
   */
  async confirm(userId: string, pin: string | undefined): Promise<void> {
    if (pin === undefined) {
      if (await this.isSet(userId)) throw new AppError('PAY_PIN_REQUIRED');
      return;
    }
    await this.verify(userId, pin);
  }

  private assertUnlocked(lockedUntil: Date | null): void {
    if (lockedUntil && lockedUntil.getTime() > this.deps.clock.now().getTime())
      throw new AppError('PAY_PIN_LOCKED', { locked_until: lockedUntil.toISOString() });
  }
}

import { randomInt } from 'node:crypto';
import {
  SMS_CODE_MAX_TRIES,
  SMS_CODE_TTL_SECONDS,
  SMS_RESEND_SECONDS,
  type SmsCodeResponse,
} from '@kaskita/domain/contract/auth';
import type { Locale } from '@kaskita/domain/i18n/locale';
import { SMS_CODE_LENGTH } from '@kaskita/domain/validation/sms-code';
import { secondsUntilJakartaMidnight, startOfJakartaDay, type Clock } from '../../clock.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { OutboxService } from '../../jobs/outbox-service.ts';
import type { Limit, RateLimiter } from '../../rate-limit/rate-limiter.ts';
import type { SecretHasher } from '../../security/secret-hasher.ts';
import type { AuthLimits } from './auth-limits.ts';
import type { CaptchaService } from './captcha-service.ts';
import { cooldownGroup, type CodePurpose, type SmsCodeRepository } from './sms-code-repository.ts';

const HASH_PURPOSE = 'sms-code';
const HOUR_MS = 3600_000;

// The daily SMS limit resets at midnight in Asia/Jakarta; other modules' daily limits do too.
export { startOfJakartaDay };

export interface CodeRequest {
  phone: string;
  purpose: CodePurpose;
  ip: string;
  locale: Locale;
  /** Absent, never blank (the contract maps '' to undefined). */
  captchaId?: string | undefined;
  captchaCode?: string | undefined;
  /** How the code travels: SMS (sign-in, reset) or WhatsApp (confirming a WhatsApp number). */
  channel?: 'sms' | 'whatsapp';
  /** False for a reset of an unknown phone: everything is counted, stored and enqueued as usual, but nothing is sent. */
  deliver: boolean;
}

/** A check's outcome; a wrong code says how many more wrong tries the code survives (none when no code is live). */
export type CodeCheck =
  | { result: 'ok' }
  | { result: 'expired' }
  | { result: 'locked' }
  | { result: 'wrong'; triesLeft: number | null };

type SendDecision = { kind: 'captcha_required' } | { kind: 'captcha_wrong' } | { kind: 'issued' };

const SMS_TEXT: Record<Locale, (code: string) => string> = {
  'id-ID': (code) =>
    `KasKita: kode verifikasi Anda ${code}. Berlaku ${SMS_CODE_TTL_SECONDS / 60} menit. JANGAN berikan kode ini kepada siapa pun.`,
  'en-US': (code) =>
    `KasKita: your verification code is ${code}. Valid for ${SMS_CODE_TTL_SECONDS / 60} minutes. NEVER share this code with anyone.`,
};

const WHATSAPP_TEXT: Record<Locale, (code: string) => string> = {
  'id-ID': (code) =>
    `KasKita: kode verifikasi WhatsApp Anda ${code}. Berlaku ${SMS_CODE_TTL_SECONDS / 60} menit. JANGAN berikan kode ini kepada siapa pun, termasuk petugas KasKita.`,
  'en-US': (code) =>
    `KasKita: your WhatsApp verification code is ${code}. Valid for ${SMS_CODE_TTL_SECONDS / 60} minutes. NEVER share this code with anyone, KasKita staff included.`,
};

// Says what the code is for: a borrower who did not ask to add a bank account knows someone is in their account.
const BANK_CARD_TEXT: Record<Locale, (code: string) => string> = {
  'id-ID': (code) =>
    `KasKita: kode ${code} untuk MENAMBAH REKENING BANK di akun Anda. Berlaku ${SMS_CODE_TTL_SECONDS / 60} menit. Jika bukan Anda yang meminta, JANGAN berikan kode ini dan segera ganti kata sandi Anda.`,
  'en-US': (code) =>
    `KasKita: code ${code} to ADD A BANK ACCOUNT to your account. Valid for ${SMS_CODE_TTL_SECONDS / 60} minutes. If you did not ask for it, do NOT share this code and change your password now.`,
};

// Says what the code is for, like the bank card's: whoever did not ask knows someone is in their account.
const PAY_PIN_TEXT: Record<Locale, (code: string) => string> = {
  'id-ID': (code) =>
    `KasKita: kode ${code} untuk MENGATUR PIN PEMBAYARAN bayar nanti Anda. Berlaku ${SMS_CODE_TTL_SECONDS / 60} menit. Jika bukan Anda yang meminta, JANGAN berikan kode ini dan segera ganti kata sandi Anda.`,
  'en-US': (code) =>
    `KasKita: code ${code} to SET YOUR PAY-LATER PAYMENT PIN. Valid for ${SMS_CODE_TTL_SECONDS / 60} minutes. If you did not ask for it, do NOT share this code and change your password now.`,
};

const TEXTS: Partial<Record<CodePurpose, Record<Locale, (code: string) => string>>> = {
  whatsapp: WHATSAPP_TEXT,
  bank_card: BANK_CARD_TEXT,
  pay_pin: PAY_PIN_TEXT,
};

export interface SmsCodeServiceDeps {
  db: Db;
  repo: SmsCodeRepository;
  captchas: CaptchaService;
  limiter: RateLimiter;
  outbox: OutboxService;
  hasher: SecretHasher;
  clock: Clock;
  limits: AuthLimits;
}

/** SMS verification codes: sending rules (cooldown, captcha, daily and IP limits) and checking (expiry, tries). */
export class SmsCodeService {
  private readonly db: Db;
  private readonly repo: SmsCodeRepository;
  private readonly captchas: CaptchaService;
  private readonly limiter: RateLimiter;
  private readonly outbox: OutboxService;
  private readonly hasher: SecretHasher;
  private readonly clock: Clock;
  private readonly limits: AuthLimits;

  // Named, not positional: eight collaborators are easier to wire by name.
  constructor(deps: SmsCodeServiceDeps) {
    this.db = deps.db;
    this.repo = deps.repo;
    this.captchas = deps.captchas;
    this.limiter = deps.limiter;
    this.outbox = deps.outbox;
    this.hasher = deps.hasher;
    this.clock = deps.clock;
    this.limits = deps.limits;
  }

  async request(req: CodeRequest): Promise<SmsCodeResponse> {
    await this.limiter.attempt(this.limits.smsRequestsPerIp, req.ip);

    const decision = await this.db.transaction(async (tx): Promise<SendDecision> => {
      await this.repo.lockPhone(tx, req.phone);
      const now = this.clock.now();

      const hourAgo = new Date(now.getTime() - HOUR_MS);
      const phoneCodes = await this.repo.phoneCodeStats(tx, req.phone, {
        dayStart: startOfJakartaDay(now),
        hourAgo,
        cooldownPurposes: cooldownGroup(req.purpose),
      });
      // Per phone and address: someone else's requests for this phone never use up the owner's. The ceiling for the
      // phone from all addresses is far higher and only stops SMS bombing (AUTH_LIMITS).
      const dayStart = startOfJakartaDay(now);
      if (
        phoneCodes.sinceDayStart >= this.limits.phoneCodesPerDay ||
        (await this.repo.countForPhoneAtIpSince(tx, req.phone, req.ip, dayStart)) >=
          this.limits.phoneIpCodesPerDay
      ) {
        throw new AppError('SMS_DAILY_LIMIT', { retry_after: secondsUntilJakartaMidnight(now) });
      }

      const latest = phoneCodes.latestAt?.getTime();
      const wait = latest === undefined ? 0 : latest + SMS_RESEND_SECONDS * 1000 - now.getTime();
      if (wait > 0) throw new AppError('SMS_COOLDOWN', { retry_after: Math.ceil(wait / 1000) });

      // The address count is read under the address's lock too: under the phone's alone, 30 requests for 30 phones
      // at once all read a count below the limit (15 went out without a captcha on PostgreSQL).
      const needsCaptcha =
        phoneCodes.sinceHourAgo >= this.limits.phoneCodesPerHourWithoutCaptcha ||
        (await this.addressCodesSince(tx, req.ip, hourAgo)) >= this.limits.ipCodesPerHourWithoutCaptcha;
      if (needsCaptcha) {
        if (!req.captchaId || !req.captchaCode) return { kind: 'captcha_required' };
        // The burn must be committed even when the answer is wrong, so this returns instead of throwing.
        if (!(await this.captchas.check(req.captchaId, req.captchaCode, tx)))
          return { kind: 'captcha_wrong' };
      }

      const code = String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
      const codeId = await this.repo.insert(tx, {
        phone: req.phone,
        purpose: req.purpose,
        codeHash: this.hasher.hash(HASH_PURPOSE, `${req.purpose}:${req.phone}:${code}`),
        ip: req.ip,
        expiresAt: new Date(now.getTime() + SMS_CODE_TTL_SECONDS * 1000),
        createdAt: now,
      });
      // The SMS is written with the code, in this transaction, and sent by a job after commit: no request waits for the
      // gateway, so a reset answers in the same time for known and unknown phones (whose message is withheld).
      await this.outbox.enqueue(tx, {
        channel: req.channel ?? 'sms',
        recipient: req.phone,
        body: (TEXTS[req.purpose] ?? SMS_TEXT)[req.locale](code),
        idempotencyKey: `sms-code:${codeId}`,
        deliver: req.deliver,
      });
      return { kind: 'issued' };
    });

    if (decision.kind === 'captcha_required') return { captcha: 1, resend_in: 0 };
    if (decision.kind === 'captcha_wrong') throw new AppError('CAPTCHA_WRONG');
    // Committed: start the delivery now rather than at the next poll. A message that cannot be delivered leaves a code
    // nobody received; the borrower asks again after the cooldown.
    this.outbox.wake();
    return { captcha: 0, resend_in: SMS_RESEND_SECONDS };
  }

  private async addressCodesSince(tx: DbOrTx, ip: string, since: Date): Promise<number> {
    await this.repo.lockAddress(tx, ip);
    return this.repo.countForIpSince(tx, ip, since);
  }

  /**
   * Checks a code inside the caller's transaction. A wrong try is counted (the caller must commit before failing);
   * after SMS_CODE_MAX_TRIES wrong tries from all addresses the code is locked, even for the right value. The per
   * address and per phone limits of the checks are SignInGuard's.
   */
  check(tx: DbOrTx, phone: string, purpose: CodePurpose, code: string): Promise<CodeCheck> {
    return this.judge(tx, phone, purpose, code, true);
  }

  /**
   * As check(), wrong tries counted alike, but a right code stays usable: for a flow that must know the code is right
   * before a costly step (a billed bank check) and use it only once that step succeeded.
   */
  verify(tx: DbOrTx, phone: string, purpose: CodePurpose, code: string): Promise<CodeCheck> {
    return this.judge(tx, phone, purpose, code, false);
  }

  private async judge(
    tx: DbOrTx,
    phone: string,
    purpose: CodePurpose,
    code: string,
    consume: boolean,
  ): Promise<CodeCheck> {
    const row = await this.repo.liveForUpdate(tx, phone, purpose);
    if (!row) return { result: 'wrong', triesLeft: null };
    const now = this.clock.now();
    if (row.expiresAt.getTime() <= now.getTime()) return { result: 'expired' };
    if (row.tries >= SMS_CODE_MAX_TRIES) return { result: 'locked' };
    if (!this.hasher.matches(HASH_PURPOSE, `${purpose}:${phone}:${code}`, row.codeHash)) {
      await this.repo.addWrongTry(tx, row.id);
      return { result: 'wrong', triesLeft: SMS_CODE_MAX_TRIES - row.tries - 1 };
    }
    if (consume) await this.repo.consume(tx, row.id, now);
    return { result: 'ok' };
  }
}

/**
 * The refusal of a failed check, on the request's `sms_code` field. A wrong code says how many tries remain: the fewer
 * of what the code survives and what the caller's own limit (`limitLeft`, e.g. this address's) still allows, so the
 * borrower is never promised a try that would be refused.
 */
export function codeCheckError(check: CodeCheck, limitLeft = Number.POSITIVE_INFINITY): AppError {
  const fields = (key: string) => ({ fields: { sms_code: key } });
  if (check.result === 'expired') return new AppError('SMS_CODE_EXPIRED', fields('sms_code.expired'));
  if (check.result === 'locked') return new AppError('SMS_CODE_LOCKED', fields('sms_code.locked'));
  const codeLeft = check.result === 'wrong' ? check.triesLeft : null;
  const left = Math.max(0, Math.min(codeLeft ?? Number.POSITIVE_INFINITY, limitLeft));
  return new AppError('SMS_CODE_WRONG', {
    ...fields('sms_code.wrong'),
    ...(Number.isFinite(left) ? { tries_left: left } : {}),
  });
}

/**
 * A code a signed-in borrower asks for (their WhatsApp number, a new bank card, the payment PIN), counted against
 * `limit` for them on top of the per-phone and per-address limits of `codes.request`. When a captcha is asked for
 * instead, nothing was sent, so nothing is counted.
 */
export async function requestCountedCode(
  deps: { limiter: RateLimiter; codes: { request(req: CodeRequest): Promise<SmsCodeResponse> } },
  limit: Limit,
  userId: string,
  req: CodeRequest,
): Promise<SmsCodeResponse> {
  const counted = await deps.limiter.attempt(limit, userId);
  const answer = await deps.codes.request(req);
  if (answer.captcha === 1) await counted.refund();
  return answer;
}

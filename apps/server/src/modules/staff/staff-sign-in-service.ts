import { randomInt, randomUUID } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@kaskita/domain/contract/admin';
import { permissionsOf, type Permission, type Role } from '@kaskita/domain/staff/permissions';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { StaffSession } from '../../plugins/staff-auth-plugin.ts';
import type { RateLimiter } from '../../rate-limit/rate-limiter.ts';
import { fieldContext, type DataCipher } from '../../security/data-cipher.ts';
import { assertChoosablePassword } from '../../security/common-passwords.ts';
import type { PasswordHasher } from '../../security/password-hasher.ts';
import type { SecretHasher } from '../../security/secret-hasher.ts';
import { STAFF_LIMITS } from './staff-limits.ts';
import type { StaffRepository, StaffRow } from './staff-repository.ts';
import type { StaffSessionService } from './staff-session-service.ts';
import type { StaffTotp, TotpEnrolment } from './staff-totp.ts';

/** The context the TOTP secret is encrypted in (ENCRYPTED_COLUMNS lists the column with it). */
export const TOTP_SECRET_PURPOSE = 'staff.totp_secret';
const RECOVERY_CODE = 'staff-recovery-code';
/** No 0/o, 1/l/i: read off paper and typed back. 31 letters, 10 of them: about 50 bits a code. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export interface StaffSignInDependencies {
  db: Db;
  repo: StaffRepository;
  sessions: StaffSessionService;
  totp: StaffTotp;
  passwords: PasswordHasher;
  secretHasher: SecretHasher;
  cipher: DataCipher;
  limiter: RateLimiter;
  clock: Clock;
}

export interface SignInAnswer {
  token: string;
  next: 'enrol_totp' | 'verify_totp';
  passwordChangeRequired: boolean;
}

export type SecondFactor = { totp_code: string } | { recovery_code: string };

/**
 * The back office's sign-in: a password opens a session that can only set up or check the second factor; the
 * authenticator app's code (or a recovery code) then verifies it.
 */
export class StaffSignInService {
  constructor(private readonly deps: StaffSignInDependencies) {}

  /** Unknown e-mail, wrong password and a disabled account answer alike, after the same work. */
  async signIn(email: string, password: string, ip: string): Promise<SignInAnswer> {
    const { repo, limiter, passwords, db } = this.deps;
    // Counted before scrypt; a right password takes both back.
    const byIp = await limiter.attempt(STAFF_LIMITS.passwordFailuresPerIp, ip);
    const byEmail = await limiter.attempt(STAFF_LIMITS.passwordFailuresPerEmail, email);
    const row = await repo.findByEmail(db, email);
    const valid = row
      ? await passwords.verify(password, row.passwordHash)
      : (await passwords.verifyDummy(password), false);
    if (!row || !valid || row.disabledAt) throw new AppError('LOGIN_FAILED');
    await byIp.refund();
    await byEmail.refund();
    // Told apart from a wrong password only to someone who knows the password: they need an administrator's reset.
    const expiry = row.oneTimePasswordExpiresAt;
    if (row.passwordIsOneTime && expiry && expiry.getTime() <= this.deps.clock.now().getTime())
      throw new AppError('STAFF_ONE_TIME_PASSWORD_EXPIRED');
    const token = await this.deps.sessions.issue(db, row.id);
    return {
      token,
      next: row.totpConfirmedAt ? 'verify_totp' : 'enrol_totp',
      passwordChangeRequired: row.passwordIsOneTime,
    };
  }

  /** A new secret for a member without a confirmed app; it replaces one not yet confirmed. */
  async enrol(session: StaffSession): Promise<TotpEnrolment> {
    const { db, repo, cipher } = this.deps;
    const current = await this.member(session);
    if (current.totpConfirmedAt) throw new AppError('STAFF_TOTP_ENROLLED');
    const enrolment = await this.deps.totp.enrolment(current.email);
    await db.transaction(async (tx) => {
      const row = await repo.findByIdForUpdate(tx, session.staffId);
      if (!row || row.totpConfirmedAt) throw new AppError('STAFF_TOTP_ENROLLED');
      await repo.update(tx, row.id, {
        totpSecretEnc: cipher.encryptField(enrolment.secret, fieldContext(TOTP_SECRET_PURPOSE, row.id)),
        totpLastStep: null,
      });
    });
    return enrolment;
  }

  /** The first code proves the app holds the secret: it becomes required, and recovery codes are made (shown once). */
  async confirm(session: StaffSession, code: string): Promise<string[]> {
    const { db, repo } = this.deps;
    const attempt = await this.deps.limiter.attempt(STAFF_LIMITS.codeFailuresPerStaff, session.staffId);
    const codes = await db.transaction(async (tx) => {
      const row = await repo.findByIdForUpdate(tx, session.staffId);
      if (!row) throw new AppError('SESSION_LOST');
      if (row.totpConfirmedAt) throw new AppError('STAFF_TOTP_ENROLLED');
      if (!row.totpSecretEnc) throw new AppError('STAFF_TOTP_NOT_ENROLLED');
      const step = await this.deps.totp.check(this.secretOf(row), code, row.totpLastStep);
      if (step === null) throw new AppError('STAFF_CODE_WRONG');
      const now = this.deps.clock.now();
      await repo.update(tx, row.id, { totpConfirmedAt: now, totpLastStep: step });
      const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      await repo.replaceRecoveryCodes(
        tx,
        row.id,
        recoveryCodes.map((c) => ({
          id: randomUUID(),
          codeHash: this.recoveryHash(row.id, c),
          createdAt: now,
        })),
      );
      await this.deps.sessions.markVerified(tx, session.sessionId);
      return recoveryCodes.map((c) => `${c.slice(0, 5)}-${c.slice(5)}`);
    });
    await attempt.refund();
    return codes;
  }

  /** The app's current code (each accepted once) or an unused recovery code (then used up) verifies the session. */
  async verify(
    session: StaffSession,
    factor: SecondFactor,
  ): Promise<{ role: Role; permissions: readonly Permission[] }> {
    const { db, repo } = this.deps;
    const attempt = await this.deps.limiter.attempt(STAFF_LIMITS.codeFailuresPerStaff, session.staffId);
    const role = await db.transaction(async (tx) => {
      const row = await repo.findByIdForUpdate(tx, session.staffId);
      if (!row) throw new AppError('SESSION_LOST');
      if (!row.totpConfirmedAt) throw new AppError('STAFF_TOTP_NOT_ENROLLED');
      const now = this.deps.clock.now();
      if ('totp_code' in factor) {
        const step = await this.deps.totp.check(this.secretOf(row), factor.totp_code, row.totpLastStep);
        if (step === null) throw new AppError('STAFF_CODE_WRONG');
        await repo.update(tx, row.id, { totpLastStep: step });
      } else {
        const hash = this.recoveryHash(row.id, factor.recovery_code);
        if (!(await repo.useRecoveryCode(tx, row.id, hash, now))) throw new AppError('STAFF_CODE_WRONG');
      }
      await this.deps.sessions.markVerified(tx, session.sessionId);
      return row.role;
    });
    await attempt.refund();
    return { role, permissions: permissionsOf(role) };
  }

  /** The member's own password instead of the current one (an administrator's one-time password, or any). */
  async changePassword(session: StaffSession, oldPassword: string, password: string): Promise<void> {
    const { db, repo, passwords } = this.deps;
    const row = await this.member(session);
    assertChoosablePassword(password, '');
    // Counted before scrypt, like a sign-in; the right password takes its try back.
    const attempt = await this.deps.limiter.attempt(STAFF_LIMITS.oldPasswordFailuresPerStaff, row.id);
    if (!(await passwords.verify(oldPassword, row.passwordHash))) throw new AppError('OLD_PASSWORD_WRONG');
    await attempt.refund();
    const passwordHash = await passwords.hash(password);
    await db.transaction(async (tx) => {
      await repo.update(tx, row.id, {
        passwordHash,
        passwordIsOneTime: false,
        oneTimePasswordExpiresAt: null,
      });
      await this.deps.sessions.signOutOthers(tx, session);
    });
  }

  private async member(session: StaffSession): Promise<StaffRow> {
    const row = await this.deps.repo.findById(this.deps.db, session.staffId);
    if (!row) throw new AppError('SESSION_LOST');
    return row;
  }

  private secretOf(row: StaffRow): string {
    return this.deps.cipher.decryptField(row.totpSecretEnc ?? '', fieldContext(TOTP_SECRET_PURPOSE, row.id));
  }

  /** Bound to the member, so a code is only ever someone's own. */
  private recoveryHash(staffId: string, code: string): string {
    return this.deps.secretHasher.hash(RECOVERY_CODE, `${staffId}\0${code}`);
  }
}

function newRecoveryCode(): string {
  return Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
}

import { CONSENT_VERSIONS } from '@kaskita/domain/legal/versions';
import type {
  CaptchaResponse,
  LoginResponse,
  SmsCodeResponse,
  TokenPair,
} from '@kaskita/domain/contract/auth';
import type { Locale } from '@kaskita/domain/i18n/locale';
import { isLandingPlatform } from '@kaskita/domain/routing/partner-platforms';
import { randomUUID } from 'node:crypto';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthSession } from '../../plugins/auth-plugin.ts';
import type { RateLimiter } from '../../rate-limit/rate-limiter.ts';
import { assertChoosablePassword } from '../../security/common-passwords.ts';
import type { PasswordHasher } from '../../security/password-hasher.ts';
import type { AuthLimits } from './auth-limits.ts';
import type { AcceptedAgreements, UserAccounts } from '../user/user-service.ts';
import { phoneAtIp } from './auth-limits.ts';
import type { CaptchaAnswer, SignInGuard } from './sign-in-guard.ts';
import type { CaptchaService } from './captcha-service.ts';
import type { DeviceService } from './device-service.ts';
import type { SessionService } from './session-service.ts';
import { codeCheckError, type CodeCheck, type CodeRequest, type SmsCodeService } from './sms-code-service.ts';

/** Who is asking, as far as the rules care. */
export interface Caller {
  /** What per-address limits count: an IPv4 address, or an IPv6 client's /64. */
  ip: string;
  /** The full address, for records (which address accepted the agreements). */
  address: string;
  locale: Locale;
  /** The User-Agent header ('' when absent): with the address, tells one client's retry from another's reuse. */
  userAgent: string;
  /** The device's cookie key (a fresh one when it had none): a sign-in records its device with it. */
  deviceKey: string;
  /** The IANA zone the phone reported (the `tz` header), null when it named none: kept as the borrower's own time. */
  timeZone: string | null;
  /** The channel the app was opened from (the `cl` header): kept on an account this sign-in registers. */
  cl?: string | null;
}

/** Where a sign-up came from, as the login form says (contract/auth.ts); unknown values are ignored. */
export interface SignUpFields {
  promote_platform?: string | undefined;
  promote_agency?: string | undefined;
  referral_code?: string | undefined;
}

/**
 * Work that follows a phone's registration in the sign-in's transaction (the referral module attributes the new
 * borrower to a friend's code). A listener must never fail a sign-in for a bad code: it ignores what it cannot use.
 */
export type SignUpListener = (
  tx: Tx,
  signUp: { userId: string; referralCode: string | null },
) => Promise<void>;

type Outcome<T> = { ok: true; value: T } | { ok: false; error: AppError };

/** What a sign-in form carries besides its secret: a captcha when one was asked for, and the accepted agreements. */
export type SignInForm = CaptchaAnswer & AcceptedAgreements & SignUpFields;

export interface AuthServiceDeps {
  db: Db;
  /** Users are the user module's: auth finds, registers and sets passwords through its service. */
  users: UserAccounts;
  codes: SmsCodeService;
  captchas: CaptchaService;
  sessions: SessionService;
  passwords: PasswordHasher;
  limiter: RateLimiter;
  limits: AuthLimits;
  guard: SignInGuard;
  devices: Pick<DeviceService, 'signedIn'>;
}

/** Sign-in, registration, passwords and sessions (spec sections 1, 2, 4, 5, 8). */
export class AuthService {
  private readonly db: Db;
  private readonly users: UserAccounts;
  private readonly codes: SmsCodeService;
  private readonly captchas: CaptchaService;
  private readonly sessions: SessionService;
  private readonly passwords: PasswordHasher;
  private readonly limiter: RateLimiter;
  private readonly limits: AuthLimits;
  private readonly guard: SignInGuard;
  private readonly devices: Pick<DeviceService, 'signedIn'>;
  private readonly signUpListeners: SignUpListener[] = [];

  constructor(deps: AuthServiceDeps) {
    this.db = deps.db;
    this.users = deps.users;
    this.codes = deps.codes;
    this.captchas = deps.captchas;
    this.sessions = deps.sessions;
    this.passwords = deps.passwords;
    this.limiter = deps.limiter;
    this.limits = deps.limits;
    this.guard = deps.guard;
    this.devices = deps.devices;
  }

  /** Adds work to run when a code login registers a phone, in its transaction. */
  onSignUp(listener: SignUpListener): void {
    this.signUpListeners.push(listener);
  }

  sendLoginCode(phone: string, answer: CaptchaAnswer, caller: Caller): Promise<SmsCodeResponse> {
    return this.codes.request({ phone, purpose: 'login', deliver: true, ...captchaOf(answer), ...caller });
  }

  /** Same answer for unknown phones (no enumeration): the request is counted and stored, but no SMS goes out. */
  async sendResetCode(phone: string, answer: CaptchaAnswer, caller: Caller): Promise<SmsCodeResponse> {
    const user = await this.users.findByPhone(phone);
    return this.codes.request({
      phone,
      purpose: 'reset',
      deliver: Boolean(user),
      ...captchaOf(answer),
      ...caller,
    });
  }

  async createCaptcha(caller: Caller): Promise<CaptchaResponse> {
    await this.limiter.attempt(this.limits.captchaImagesPerIp, caller.ip);
    return this.captchas.create();
  }

  /** Code login; registers the phone on its first successful login (is_new drives H5_complete_registration). */
  async loginWithCode(phone: string, code: string, form: SignInForm, caller: Caller): Promise<LoginResponse> {
    const tries = await this.guard.beforeCodeCheck(phone, caller.ip, form);
    const outcome = await this.db.transaction(async (tx): Promise<Outcome<LoginResponse>> => {
      const check = await this.codes.check(tx, phone, 'login', code);
      if (check.result !== 'ok') return failed(check, tries.left);
      const { user, created } = await this.users.findOrCreateByPhone(tx, phone, {
        channel: caller.cl?.trim() || null,
        // Only the partners of spec section 2: anything else in a link is not a partner.
        promotePlatform: isLandingPlatform(form.promote_platform) ? form.promote_platform : null,
        promoteAgency: form.promote_agency?.trim() || null,
      });
      // Thrown: the code is not spent, and nothing of the sign-in is kept.
      if (user.blockedAt) throw new AppError('ACCOUNT_BLOCKED');
      // An account starts only with the borrower's consent on record: thrown, so the transaction (the new account,
      // the spent code) rolls back and the same code works once the form carries the agreements.
      if (created && !(form.terms_version && form.privacy_version))
        throw new AppError(
          'VALIDATION',
          { fields: { consent: 'consent.required' }, versions: CONSENT_VERSIONS },
          'consent.required',
        );
      await this.users.recordAgreements(tx, user.id, form, caller.address);
      if (created)
        for (const listener of this.signUpListeners)
          await listener(tx, { userId: user.id, referralCode: form.referral_code ?? null });
      const pair = await this.signIn(tx, user, caller, created);
      return { ok: true, value: loginAnswer(pair, user, created) };
    });
    // Thrown after commit so a wrong try stays counted.
    if (!outcome.ok) throw outcome.error;
    await tries.succeeded();
    return outcome.value;
  }

  /**
   * Unknown phone, phone without a password and wrong password answer the same LOGIN_FAILED, after the same counted
   * try and the same scrypt work, so nobody can learn which phones are registered.
   */
  async loginWithPassword(
    phone: string,
    password: string,
    form: SignInForm,
    caller: Caller,
  ): Promise<LoginResponse> {
    const tries = await this.guard.beforePasswordCheck(phone, caller.ip, form);
    const user = await this.users.findByPhone(phone);
    const valid = user?.passwordHash
      ? await this.passwords.verify(password, user.passwordHash)
      : (await this.passwords.verifyDummy(password), false);
    if (!user || !valid) throw new AppError('LOGIN_FAILED');
    // After the password: only who knows it learns the account is blocked.
    if (user.blockedAt) throw new AppError('ACCOUNT_BLOCKED');
    await tries.succeeded();
    const pair = await this.db.transaction(async (tx) => {
      await this.users.recordAgreements(tx, user.id, form, caller.address);
      return this.signIn(tx, user, caller, false);
    });
    return loginAnswer(pair, user, false);
  }

  /**
   * Forgotten password: a reset code proves the phone; every old session ends and a new one starts, and the failures
   * others caused for the phone are forgotten.
   */
  async resetPassword(
    phone: string,
    code: string,
    password: string,
    form: SignInForm,
    caller: Caller,
  ): Promise<LoginResponse> {
    assertChoosablePassword(password, phone);
    // scrypt costs 32 MiB and tens of milliseconds: every reset is counted first, per phone and address and per address.
    await this.limiter.attempt(this.limits.passwordResetsPerIp, caller.ip);
    await this.limiter.attempt(this.limits.passwordResetsPerPhoneIp, phoneAtIp(phone, caller.ip));
    const tries = await this.guard.beforeCodeCheck(phone, caller.ip, form);
    // scrypt before the transaction: it must not hold row locks.
    const passwordHash = await this.passwords.hash(password);
    const outcome = await this.db.transaction(async (tx): Promise<Outcome<LoginResponse>> => {
      const check = await this.codes.check(tx, phone, 'reset', code);
      if (check.result !== 'ok') return failed(check, tries.left);
      const user = await this.users.findByPhone(phone, tx);
      if (!user) return failed({ result: 'wrong', triesLeft: null }, tries.left);
      if (user.blockedAt) throw new AppError('ACCOUNT_BLOCKED');
      await this.users.setPasswordHash(tx, user.id, passwordHash);
      await this.users.recordAgreements(tx, user.id, form, caller.address);
      await this.sessions.revokeUser(tx, user.id);
      const pair = await this.signIn(tx, user, caller, false);
      return { ok: true, value: loginAnswer(pair, { ...user, passwordHash }, false) };
    });
    if (!outcome.ok) throw outcome.error;
    await tries.succeeded();
    await this.guard.clearPhone(phone);
    return outcome.value;
  }

  /** Sets the first password, or changes it given the current one; the borrower's other sessions end. */
  async alterPassword(
    session: AuthSession,
    oldPassword: string | undefined,
    password: string,
  ): Promise<void> {
    const user = await this.users.signedIn(session.userId);
    assertChoosablePassword(password, user.phone);
    if (user.passwordHash) {
      // Counted before scrypt, like a login; the right password takes its try back.
      const attempt = await this.limiter.attempt(this.limits.oldPasswordFailuresPerUser, user.id);
      if (!oldPassword || !(await this.passwords.verify(oldPassword, user.passwordHash)))
        throw new AppError('OLD_PASSWORD_WRONG', { fields: { old_password: 'password.old_wrong' } });
      await attempt.refund();
    }
    const passwordHash = await this.passwords.hash(password);
    await this.db.transaction(async (tx) => {
      await this.users.setPasswordHash(tx, user.id, passwordHash);
      await this.sessions.revokeUser(tx, user.id, session.familyId);
    });
  }

  /** A new session for the user, in a new family: the device it is for is recorded with it (and told of if new). */
  private async signIn(
    tx: Tx,
    user: { id: string; phone: string },
    caller: Caller,
    firstSignIn: boolean,
  ): Promise<TokenPair> {
    const familyId = randomUUID();
    const pair = await this.sessions.issue(tx, user.id, familyId);
    if (caller.timeZone) await this.users.setTimeZone(tx, user.id, caller.timeZone);
    await this.devices.signedIn(
      tx,
      { userId: user.id, phone: user.phone, familyId, firstSignIn },
      { deviceKey: caller.deviceKey, userAgent: caller.userAgent, network: caller.ip, locale: caller.locale },
    );
    return pair;
  }

  logout(session: AuthSession): Promise<void> {
    return this.sessions.revokeFamily(session.familyId);
  }

  async refresh(refreshToken: string, caller: Caller): Promise<TokenPair> {
    await this.limiter.attempt(this.limits.refreshesPerIp, caller.ip);
    const pair = await this.sessions.refresh(refreshToken, caller);
    if (!pair) throw new AppError('SESSION_LOST');
    return pair;
  }
}

function captchaOf(answer: CaptchaAnswer): Pick<CodeRequest, 'captchaId' | 'captchaCode'> {
  return { captchaId: answer.captcha_id, captchaCode: answer.captcha_code };
}

function failed(check: CodeCheck, limitLeft: number): { ok: false; error: AppError } {
  return { ok: false, error: codeCheckError(check, limitLeft) };
}

function loginAnswer(
  pair: TokenPair,
  user: { phone: string; passwordHash: string | null },
  isNew: boolean,
): LoginResponse {
  return { ...pair, is_new: isNew, has_password: Boolean(user.passwordHash), phone: user.phone };
}

import { registerAuth } from '../../plugins/auth-plugin.ts';
import { defineModule } from '../module-plugin.ts';
import { authRoutes } from './auth-routes.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { OutboxService } from '../../jobs/outbox-service.ts';
import type { RateLimiter } from '../../rate-limit/rate-limiter.ts';
import type { PasswordHasher } from '../../security/password-hasher.ts';
import type { SecretHasher } from '../../security/secret-hasher.ts';
import type { UserAccounts } from '../user/user-service.ts';
import { AUTH_LIMITS } from './auth-limits.ts';
import { AuthService } from './auth-service.ts';
import { SignInGuard } from './sign-in-guard.ts';
import { CaptchaRepository } from './captcha-repository.ts';
import { CaptchaService } from './captcha-service.ts';
import { DeviceRepository } from './device-repository.ts';
import { DeviceService } from './device-service.ts';
import { SessionRepository } from './session-repository.ts';
import { SessionService, type SessionTtl } from './session-service.ts';
import { SmsCodeRepository } from './sms-code-repository.ts';
import { SmsCodeService } from './sms-code-service.ts';
import type { DataProtection } from '../../security/data-protection.ts';

export interface AuthModuleDeps {
  db: Db;
  clock: Clock;
  limiter: RateLimiter;
  outbox: OutboxService;
  /** The user module's service: auth registers phones and sets passwords through it. */
  users: UserAccounts;
  secretHasher: SecretHasher;
  passwordHasher: PasswordHasher;
  sessionTtl: SessionTtl;
  /** Outside production a captcha's answer is kept for /api/dev/captcha/:id (browser tests). */
  keepCaptchaAnswers: boolean;
  /** Codes are filed under their phone's keyed hash. */
  dataProtection: Pick<DataProtection, 'lookup'>;
}

export interface AuthModule {
  service: AuthService;
  /** Resolves access tokens for the auth plugin. */
  sessions: SessionService;
  /** For the dev routes (a captcha's answer). */
  captchas: CaptchaService;
  /** Verification codes, for other numbers to prove (the WhatsApp check). */
  codes: SmsCodeService;
  /** The borrower's signed-in devices. */
  devices: DeviceService;
}

/** Sign-in: sessions, SMS codes and captchas, each with its repository, behind AuthService. */
export function createAuthModule(deps: AuthModuleDeps): AuthModule {
  const { db, clock, limiter, secretHasher } = deps;
  const captchas = new CaptchaService(
    db,
    new CaptchaRepository(),
    secretHasher,
    clock,
    deps.keepCaptchaAnswers,
  );
  const sessions = new SessionService(db, new SessionRepository(), secretHasher, clock, deps.sessionTtl);
  const codes = new SmsCodeService({
    db,
    repo: new SmsCodeRepository(deps.dataProtection.lookup),
    captchas,
    limiter,
    outbox: deps.outbox,
    hasher: secretHasher,
    clock,
    limits: AUTH_LIMITS,
  });
  const devices = new DeviceService({
    db,
    repo: new DeviceRepository(),
    sessions,
    hasher: secretHasher,
    outbox: deps.outbox,
    clock,
  });
  const service = new AuthService({
    db,
    users: deps.users,
    codes,
    captchas,
    sessions,
    passwords: deps.passwordHasher,
    limiter,
    limits: AUTH_LIMITS,
    guard: new SignInGuard(limiter, captchas, AUTH_LIMITS),
    devices,
  });
  return { service, sessions, captchas, codes, devices };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Sign-in, sessions, verification codes and captchas. */
    auth: AuthModule;
  }
}

/** Sign-in: the session every other module's routes are authenticated with. */
export const authModule = defineModule({
  name: 'auth',
  dependencies: ['user'],
  register: async (app, infra, scope) => {
    const { env } = infra;
    const auth = createAuthModule({
      ...infra,
      users: app.users,
      sessionTtl: {
        accessSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
        refreshSeconds: env.REFRESH_TOKEN_TTL_SECONDS,
        reuseGraceSeconds: env.REFRESH_REUSE_GRACE_SECONDS,
      },
      keepCaptchaAnswers: !infra.isProduction,
    });
    app.decorate('auth', auth);
    registerAuth(app, (token) => auth.sessions.resolve(token));
    await scope.api((api) =>
      authRoutes(api, { service: auth.service, devices: auth.devices, secureCookies: infra.isProduction }),
    );
  },
});

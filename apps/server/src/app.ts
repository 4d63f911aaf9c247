import { randomUUID } from 'node:crypto';
import { DrizzleQueryError } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyFormbody from '@fastify/formbody';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { API_PREFIX } from '@kaskita/domain/contract/endpoints';
import type { CallbackEndpoint } from './callbacks/callback-endpoint.ts';
import { CallbackInboxService } from './callbacks/callback-inbox-service.ts';
import { callbacksPlugin } from './callbacks/callbacks-plugin.ts';
import { isAdjustable, OffsetClock, systemClock, type Clock } from './clock.ts';
import { openDatabase, pgErrorCode, type Database } from './db/client.ts';
import { seedDatabase } from './db/seed.ts';
import { loadEnv, type Env } from './env.ts';
import { assertProductionReady } from './production-guard.ts';
import { zodValidatorCompiler } from './http/validator-compiler.ts';
import { registerApiDocs } from './plugins/api-docs-plugin.ts';
import { registerAuth } from './plugins/auth-plugin.ts';
import { clientErrorHandler, frameworkErrors } from './plugins/client-error-handler.ts';
import { registerDatabase } from './plugins/database-plugin.ts';
import { registerErrorHandler } from './plugins/error-handler-plugin.ts';
import { registerMultipart } from './plugins/multipart-plugin.ts';
import { registerRequestContext, registerRequestId } from './plugins/request-context-plugin.ts';
import { registerSecurityHeaders } from './plugins/security-headers-plugin.ts';
import { registerStaticWeb } from './plugins/static-web-plugin.ts';
import { planProviders } from './providers/provider-registry.ts';
import { RateLimiter } from './rate-limit/rate-limiter.ts';
import { JobRunner } from './jobs/job-runner.ts';
import { registerOutboxJobs } from './jobs/outbox-jobs.ts';
import { OutboxRepository } from './jobs/outbox-repository.ts';
import { OutboxService } from './jobs/outbox-service.ts';
import { DevOutboxSmsProvider } from './providers/sms/dev-outbox-sms-provider.ts';
import type { SmsProvider } from './providers/sms/sms-provider.ts';
import { createDataProtection, type DataProtection } from './security/data-protection.ts';
import { PasswordHasher } from './security/password-hasher.ts';
import { SecretHasher } from './security/secret-hasher.ts';
import { createAuthModule } from './modules/auth/auth-module.ts';
import { authRoutes } from './modules/auth/auth-routes.ts';
import { createConfigModule } from './modules/config/config-module.ts';
import { configRoutes } from './modules/config/config-routes.ts';
import { devJobsPage } from './modules/dev/dev-jobs-page.ts';
import { devOutboxPage } from './modules/dev/dev-outbox-page.ts';
import { devRoutes } from './modules/dev/dev-routes.ts';
import { createLoanOrdersModule, createLoansModule } from './modules/loans/loans-module.ts';
import { loanOrdersRoutes } from './modules/loans/loan-orders-routes.ts';
import { loansRoutes } from './modules/loans/loans-routes.ts';
import { devDisbursementRoutes } from './modules/dev/dev-disbursement-routes.ts';
import { devDisbursementsPage } from './modules/dev/dev-disbursements-page.ts';
import {
  SandboxDisbursementProvider,
  type CallbackSender,
} from './providers/disbursement/sandbox-disbursement-provider.ts';
import { OcrKtpPhotoReader } from './modules/profile/ktp-photo-reader.ts';
import { createRepaymentsModule } from './modules/repayments/repayments-module.ts';
import { ACCRUAL_WORKERS_ON_POSTGRES } from './modules/repayments/daily-accrual-service.ts';
import { repaymentsRoutes } from './modules/repayments/repayments-routes.ts';
import { devClockRoutes } from './modules/dev/dev-clock-routes.ts';
import { devPaymentRoutes } from './modules/dev/dev-payment-routes.ts';
import { devPaymentsPage } from './modules/dev/dev-payments-page.ts';
import { SandboxPaymentGateway } from './providers/payment-gateway/sandbox-payment-gateway.ts';
import { BankCardAddingService } from './modules/profile/bank-card-adding-service.ts';
import { createProfileModule } from './modules/profile/profile-module.ts';
import { profileRoutes } from './modules/profile/profile-routes.ts';
import { createVerificationModule } from './modules/verification/verification-module.ts';
import { verificationRoutes } from './modules/verification/verification-routes.ts';
import { createApplicationModule } from './modules/application/application-module.ts';
import { applicationRoutes } from './modules/application/application-routes.ts';
import type { ApplicationService } from './modules/application/application-service.ts';
import { RulesCreditDecider } from './modules/application/credit-decider.ts';
import { createRegionsModule } from './modules/regions/regions-module.ts';
import { regionsRoutes } from './modules/regions/regions-routes.ts';
import { createUserModule } from './modules/user/user-module.ts';
import { userRoutes } from './modules/user/user-routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The settings the app was built with (server.ts listens on HOST and PORT). */
    env: Env;
    /** Encryption, lookup hashes and encrypted files for personal data at rest, for the modules that store it. */
    dataProtection: DataProtection;
    /** Background jobs (started with the app, stopped by close()); tests await `app.jobs.whenIdle()`. */
    jobs: JobRunner;
    /** Applications and credit decisions: the back office (no routes yet) and tests decide through it. */
    applications: ApplicationService;
  }
}

export interface BuildAppOptions {
  /** Settings source; process.env by default. Tests pass {} to be independent of the machine. */
  envSource?: Record<string, string | undefined>;
  /** Overrides on top of the source (typed, e.g. a low SCRYPT_N in tests). */
  env?: Partial<Env>;
  /** An open, migrated and seeded database; the caller keeps ownership and closes it. */
  database?: Database;
  clock?: Clock;
  /** Replaces the messaging provider SMS_PROVIDER names (tests); its `sandbox` flag is judged in production. */
  smsProvider?: SmsProvider;
  logger?: FastifyServerOptions['logger'];
  /** Provider callback endpoints besides the app's own (tests add a fake provider). */
  callbackEndpoints?: readonly CallbackEndpoint[];
  /** Registers more job types before the job runner starts (tests, tools); modules register theirs in buildApp. */
  registerJobs?: (jobs: JobRunner) => void;
}

/** Everything personal or secret that could reach a log line. */
export const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["commerce_api_sign_key"]',
  'res.headers["set-cookie"]',
  ...[
    'phone',
    'password',
    'old_password',
    'confirm_password',
    'sms_code',
    'captcha_code',
    'refresh_token',
    'token',
    // onboarding: identity, contacts and bank details
    'cardid',
    'card_num',
    'name',
    'email',
    'mother_maiden_name',
    'address',
    'socials',
    'company_phone',
  ].flatMap((key) => [key, `*.${key}`]),
];

interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/** A database driver's error (node-postgres, PGlite): its `detail` and `where` quote the row's values. */
const isDriverError = (error: Error) => 'severity' in error && typeof pgErrorCode(error) === 'string';

/**
 * Errors as log fields. A failed query's message, stack and `params` carry the bound values (phones, IPs, hashes), and
 * the driver's `detail` quotes the row: for those only the SQLSTATE and the database's own message are logged.
 */
export function serializeError(error: Error): LoggedError {
  if (error instanceof DrizzleQueryError || isDriverError(error)) {
    // The driver's message and stack name the constraint or the problem, not the values.
    const driver = error instanceof DrizzleQueryError ? error.cause : error;
    return {
      type: error.name,
      code: pgErrorCode(error),
      message: driver?.message ?? 'query failed',
      stack: driver?.stack ?? '',
    };
  }
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    message: error.message,
    stack: error.stack ?? '',
    ...(typeof code === 'string' ? { code } : {}),
    ...(error.cause instanceof Error ? { cause: serializeError(error.cause) } : {}),
  };
}

export function defaultLogger(env: Env): FastifyServerOptions['logger'] {
  return {
    level: env.LOG_LEVEL,
    redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      // Query strings carry phones and codes (GET /v2/sms_code?phone=...): log the path only, and no client address.
      req: (req: { method: string; url: string; id?: string }) => ({
        method: req.method,
        url: req.url.split('?')[0],
      }),
      err: serializeError,
    },
  };
}

/**
 * Fastify's trustProxy from our setting. Fastify's types omit the hop count its runtime accepts, so hops become the
 * function proxy-addr builds for them: the i-th address from the socket inward is a proxy while i < hops.
 */
function proxyTrust(
  setting: Env['TRUST_PROXY'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}

/**
 * How the sandbox bank's callbacks reach us: an HTTP POST to DISBURSEMENT_SANDBOX_CALLBACK_URL when set, else this
 * app's own inject (routing, raw body, verification and the inbox alike; only the socket is skipped).
 */
function callbackSender(
  env: Env,
  inject: (request: {
    method: 'POST';
    url: string;
    headers: Record<string, string>;
    payload: string;
  }) => Promise<{
    statusCode: number;
  }>,
): CallbackSender {
  const base = env.DISBURSEMENT_SANDBOX_CALLBACK_URL?.replace(/\/+$/, '');
  if (!base)
    return ({ path, headers, body }) => inject({ method: 'POST', url: path, headers, payload: body });
  return async ({ path, headers, body }) => {
    const answer = await fetch(`${base}${path}`, {
      method: 'POST',
      headers,
      body,
      signal: AbortSignal.timeout(10_000),
    });
    return { statusCode: answer.status };
  };
}

/** Builds the whole app: infrastructure, then modules, then routes, then callbacks, the web app and not-found handling. */
export async function buildApp(options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const env = loadEnv(options.envSource ?? process.env, options.env ?? {});
  const isProduction = env.NODE_ENV === 'production';
  // Outside production the business date can be moved forward (POST /api/dev/clock) to show overdue bills in a demo.
  const clock = options.clock ?? (isProduction ? systemClock : new OffsetClock(systemClock));
  // Providers are chosen (not yet built) before the database opens, so a refusal touches nothing.
  const providerPlan = planProviders(env, options.smsProvider ? { messaging: options.smsProvider } : {});
  assertProductionReady(env, providerPlan);
  // Before the database opens: a bad key setting fails fast. Touches no disk until a file is stored.
  const dataProtection = createDataProtection(env);

  const owned = !options.database;
  const database =
    options.database ??
    (await openDatabase(
      env.DATABASE_URL
        ? { kind: 'postgres', url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE }
        : { kind: 'pglite', dataDir: env.DATA_DIR },
    ));

  let app: FastifyInstance | undefined;
  try {
    // Migrations and the seed are idempotent: starting on an up-to-date database is a no-op. An injected database is
    // the caller's, already migrated and seeded (tests seed their template once).
    if (owned) {
      await database.migrate();
      await seedDatabase(database.db, clock.now());
    }

    app = Fastify({
      logger: options.logger ?? defaultLogger(env),
      bodyLimit: env.BODY_LIMIT_BYTES,
      trustProxy: proxyTrust(env.TRUST_PROXY),
      genReqId: () => randomUUID(),
      // A client-chosen request id could forge log correlation; we always make our own.
      requestIdHeader: false,
      // Requests refused before routing still answer envelopes.
      clientErrorHandler,
      frameworkErrors,
    });
    const db = database.db;
    app.decorate('env', env);
    app.decorate('dataProtection', dataProtection);

    // ---- infrastructure
    registerDatabase(app, database, owned);
    registerRequestId(app);
    await registerSecurityHeaders(app);
    registerErrorHandler(app);
    // Routes validate and serialize with the contract's zod schemas (http/register-call.ts).
    app.setValidatorCompiler(zodValidatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await registerApiDocs(app, { ui: !isProduction });
    // Only JSON, forms and multipart are accepted; text/plain would otherwise reach handlers as a string.
    app.removeContentTypeParser('text/plain');
    await app.register(fastifyFormbody, { bodyLimit: env.BODY_LIMIT_BYTES });
    await registerMultipart(app, env.UPLOAD_LIMIT_BYTES);
    const limiter = new RateLimiter(db, clock);
    const jobs = new JobRunner(database, clock, {
      workers: env.JOB_WORKERS,
      pollSeconds: env.JOB_POLL_SECONDS,
      log: app.log,
    });
    app.decorate('jobs', jobs);

    // ---- shared services the modules use
    const secretHasher = new SecretHasher(env.TOKEN_SECRET);
    const passwordHasher = new PasswordHasher({ N: env.SCRYPT_N, r: env.SCRYPT_R, p: env.SCRYPT_P });
    const self = app;
    const providers = providerPlan.build({
      db,
      clock,
      log: app.log,
      jobs,
      sendCallback: callbackSender(env, (request) => self.inject(request)),
    });
    // The OCR worker thread would keep the process alive after close; the face engine finishes its queued checks.
    app.addHook('onClose', async () => {
      await providers.ocr?.close();
      await providers.faceCheck?.close();
    });
    const sms = providers.messaging;
    // One messaging provider carries both channels (SMS and WhatsApp).
    const outbox = new OutboxService(db, new OutboxRepository(), jobs, { sms, whatsapp: sms }, clock);
    registerOutboxJobs(jobs, outbox);

    // ---- modules: each builds its own repositories and services; one needing another module gets its service
    const { service: users } = createUserModule({ db, clock });
    const authModule = createAuthModule({
      db,
      clock,
      limiter,
      outbox,
      users,
      secretHasher,
      passwordHasher,
      sessionTtl: {
        accessSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
        refreshSeconds: env.REFRESH_TOKEN_TTL_SECONDS,
        reuseGraceSeconds: env.REFRESH_REUSE_GRACE_SECONDS,
      },
      keepCaptchaAnswers: !isProduction,
    });
    const { service: auth, sessions, captchas } = authModule;
    const { service: config } = createConfigModule({ db });
    const loans = createLoansModule({ db, clock });
    const { products } = loans;
    const { service: regions } = createRegionsModule({ log: app.log });
    const { service: profile, cards } = createProfileModule({
      db,
      clock,
      users,
      protection: dataProtection,
      regions: () => regions.directory(),
      ktpReader: new OcrKtpPhotoReader(providers.ocr, env.UPLOAD_LIMIT_BYTES, app.log),
      accountInquiry: providers.accountInquiry,
    });
    const cardAdding = new BankCardAddingService({
      db,
      cards,
      users,
      profile,
      codes: authModule.codes,
      limiter,
      outbox,
    });
    const { service: verification } = createVerificationModule({
      db,
      clock,
      users,
      codes: authModule.codes,
      profile,
      faceCheck: providers.faceCheck,
      limiter,
      protection: dataProtection,
      uploadLimitBytes: env.UPLOAD_LIMIT_BYTES,
    });
    const { service: applications } = createApplicationModule({
      db,
      clock,
      users,
      profile,
      verification,
      decider: new RulesCreditDecider({ profile, verification, bureau: providers.creditBureau, products }),
      usage: loans.usage,
      jobs,
      outbox,
      decisionDelaySeconds: env.CREDIT_DECISION_DELAY_SECONDS,
      reapplyDays: env.CREDIT_REAPPLY_DAYS,
    });
    app.decorate('applications', applications);
    const { orders, disbursements, paymentCallbacks } = createLoanOrdersModule({
      db,
      clock,
      log: app.log,
      jobs,
      outbox,
      users,
      loans,
      limits: applications,
      profile,
      cards,
      config,
      provider: providers.disbursement,
      sandboxCallbackSecret: env.DISBURSEMENT_SANDBOX_CALLBACK_SECRET,
      flipCallbackToken: env.FLIP_CALLBACK_TOKEN,
      maxAttempts: env.DISBURSEMENT_MAX_ATTEMPTS,
      retryDelaySeconds: env.DISBURSEMENT_RETRY_DELAY_SECONDS,
      coolingOffSeconds: env.DISBURSEMENT_COOLING_OFF_SECONDS,
    });
    const repayments = createRepaymentsModule({
      db,
      clock,
      outbox,
      jobs,
      users,
      loans,
      profile,
      gateway: providers.paymentGateway,
      limiter,
      files: dataProtection.files,
      config,
      codeTtlHours: env.PAYMENT_CODE_TTL_HOURS,
      // PGlite runs one query at a time: a second batch worker would only wait its turn.
      accrualWorkers: database.pglite ? 1 : ACCRUAL_WORKERS_ON_POSTGRES,
      sandbox: {
        callbackToken: env.PAYMENT_SANDBOX_CALLBACK_TOKEN,
        serverKey: env.PAYMENT_SANDBOX_SERVER_KEY,
      },
      xenditCallbackToken: env.XENDIT_CALLBACK_TOKEN,
    });
    const sandboxGateway =
      !isProduction && providers.paymentGateway instanceof SandboxPaymentGateway
        ? providers.paymentGateway
        : null;
    const sandboxBank =
      !isProduction && providers.disbursement instanceof SandboxDisbursementProvider
        ? providers.disbursement
        : null;
    registerAuth(app, (token) => sessions.resolve(token));
    // Outside production the outbox the app sends to is readable (API and page); another provider has no outbox.
    const devOutbox = !isProduction && sms instanceof DevOutboxSmsProvider ? sms : null;

    // ---- routes
    await app.register(
      async (api) => {
        registerRequestContext(api);
        authRoutes(api, { service: auth });
        userRoutes(api, { service: users, whatsapp: verification });
        configRoutes(api, { service: config });
        loansRoutes(api, { products });
        regionsRoutes(api, { service: regions });
        profileRoutes(api, { service: profile, cards });
        verificationRoutes(api, { service: verification });
        applicationRoutes(api, { service: applications });
        loanOrdersRoutes(api, { orders, disbursements, cards, cardAdding });
        repaymentsRoutes(api, { service: repayments.service, claims: repayments.claims });
        if (devOutbox) devRoutes(api, { outbox: devOutbox, captchas });
        if (sandboxBank) devDisbursementRoutes(api, { bank: sandboxBank });
        if (sandboxGateway) devPaymentRoutes(api, { gateway: sandboxGateway });
        if (!isProduction && isAdjustable(clock)) devClockRoutes(api, { clock, accrual: repayments.accrual });
      },
      { prefix: API_PREFIX },
    );
    if (devOutbox) devOutboxPage(app, { outbox: devOutbox });
    if (!isProduction) devJobsPage(app, { jobs });
    if (sandboxBank) devDisbursementsPage(app, { bank: sandboxBank });
    if (sandboxGateway) devPaymentsPage(app, { gateway: sandboxGateway, clock });

    // ---- provider callbacks: server to server (no H5 headers), raw body, verified, through the inbox.
    // Modules that receive callbacks add their endpoints to this list.
    const callbackEndpoints: CallbackEndpoint[] = [...(options.callbackEndpoints ?? [])];
    await app.register(callbacksPlugin, {
      prefix: `${API_PREFIX}/callbacks`,
      endpoints: callbackEndpoints,
      inbox: new CallbackInboxService(db, clock),
      clock,
      bodyLimit: env.BODY_LIMIT_BYTES,
    });
    // The payment providers' documented paths: /api/payments/disbursement/callback/:provider and
    // /api/payments/callback/:gateway.
    await app.register(callbacksPlugin, {
      prefix: `${API_PREFIX}/payments`,
      endpoints: [...paymentCallbacks, ...repayments.paymentCallbacks],
      inbox: new CallbackInboxService(db, clock),
      clock,
      bodyLimit: env.BODY_LIMIT_BYTES,
    });

    // ---- web app and not-found handling (last: it owns every path no module claimed)
    await registerStaticWeb(app, env.WEB_DIST_DIR);

    // ---- jobs: every module has registered its jobs; close() stops them before the database closes (onClose hooks
    // run in reverse order of registration, and the database's came first)
    options.registerJobs?.(jobs);
    app.addHook('onClose', () => jobs.stop());
    await jobs.start();

    await app.ready();
    return app;
  } catch (error) {
    if (app) await app.close().catch(() => {});
    else if (owned) await database.close().catch(() => {});
    throw error;
  }
}

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyFormbody from '@fastify/formbody';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { CallbackInboxService } from '../callbacks/callback-inbox-service.ts';
import type { Clock } from '../clock.ts';
import { CommandExecutor } from '../commands/command-executor.ts';
import type { Database, Db } from '../db/client.ts';
import type { Env } from '../env.ts';
import { zodValidatorCompiler } from '../http/validator-compiler.ts';
import { JobRunner } from '../jobs/job-runner.ts';
import { NightlyTasks } from '../jobs/nightly-tasks.ts';
import { OutboxRepository } from '../jobs/outbox-repository.ts';
import { OutboxService, registerOutboxJobs } from '../jobs/outbox-service.ts';
import { AppMetrics } from '../operations/app-metrics.ts';
import { OperationsRepository } from '../operations/operations-repository.ts';
import { registerOperationsRoutes } from '../operations/operations-routes.ts';
import type { ProviderPlan, Providers } from '../providers/provider-registry.ts';
import { RateLimiter } from '../rate-limit/rate-limiter.ts';
import type { DataProtection } from '../security/data-protection.ts';
import { PasswordHasher } from '../security/password-hasher.ts';
import { SecretHasher } from '../security/secret-hasher.ts';
import { registerApiDocs } from './api-docs-plugin.ts';
import { callbackSender } from './callback-sender.ts';
import { registerDatabase } from './database-plugin.ts';
import { registerErrorHandler } from './error-handler-plugin.ts';
import { registerMultipart } from './multipart-plugin.ts';
import { declareRequestContext, registerRequestId } from './request-context-plugin.ts';
import { registerSecurityHeaders } from './security-headers-plugin.ts';

/** The plugin name modules depend on. */
export const INFRASTRUCTURE = 'infrastructure';

/** What every module may build its services from (app.infra). */
export interface Infrastructure {
  env: Env;
  isProduction: boolean;
  clock: Clock;
  db: Db;
  /** PGlite runs one query at a time: modules size their worker pools by it. */
  embedded: boolean;
  jobs: JobRunner;
  /** Housekeeping run by the nightly job already scheduled (jobs/nightly-tasks.ts), not by a schedule of its own. */
  nightly: NightlyTasks;
  outbox: OutboxService;
  limiter: RateLimiter;
  providers: Providers;
  dataProtection: DataProtection;
  secretHasher: SecretHasher;
  passwordHasher: PasswordHasher;
  /** Runs every command that moves money or changes a borrower's standing, with its ledger lines and audit row. */
  commands: CommandExecutor;
  /** Every provider callback is recorded here first: a replay changes nothing. */
  inbox: CallbackInboxService;
  /** Prometheus metrics (GET /metrics): what modules count as it happens (callbacks, the nightly accrual). */
  metrics: AppMetrics;
}

declare module 'fastify' {
  interface FastifyInstance {
    infra: Infrastructure;
    /** The settings the app was built with (server.ts listens on HOST and PORT). */
    env: Env;
    /** Encryption, lookup hashes and encrypted files for personal data at rest, for the modules that store it. */
    dataProtection: DataProtection;
    /** Background jobs (started with the app, stopped by close()); tests await `app.jobs.whenIdle()`. */
    jobs: JobRunner;
  }
}

export interface InfrastructureOptions {
  env: Env;
  clock: Clock;
  database: Database;
  /** The app opened the database, so it closes it; an injected one belongs to the caller. */
  ownsDatabase: boolean;
  providerPlan: ProviderPlan;
  dataProtection: DataProtection;
}

/**
 * Everything below the business modules: the database, headers and errors, body parsers, the contract's validators,
 * API docs, rate limits, jobs and the outbox, the providers and the command executor. Registered first; every module
 * depends on it by name.
 */
export const infrastructurePlugin = fp<InfrastructureOptions>(
  async (app: FastifyInstance, options) => {
    const { env, clock, database, dataProtection } = options;
    const isProduction = env.NODE_ENV === 'production';
    const db = database.db;
    app.decorate('env', env);
    app.decorate('dataProtection', dataProtection);

    registerDatabase(app, database, options.ownsDatabase);
    registerRequestId(app);
    declareRequestContext(app);
    await registerSecurityHeaders(app, env.BEHIND_TLS);
    registerErrorHandler(app);
    // Routes validate and serialize with the contract's zod schemas (http/register-call.ts).
    app.setValidatorCompiler(zodValidatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await registerApiDocs(app, { ui: !isProduction });
    // Only JSON, forms and multipart are accepted; text/plain would otherwise reach handlers as a string.
    app.removeContentTypeParser('text/plain');
    await app.register(fastifyFormbody, { bodyLimit: env.BODY_LIMIT_BYTES });
    await registerMultipart(app, env.UPLOAD_LIMIT_BYTES);

    const jobs = new JobRunner(database, clock, {
      workers: env.JOB_WORKERS,
      cron: env.JOB_SCHEDULES,
      pollSeconds: env.JOB_POLL_SECONDS,
      cronLookSeconds: env.JOB_CRON_LOOK_SECONDS,
      log: app.log,
    });
    app.decorate('jobs', jobs);
    const providers = options.providerPlan.build({
      db,
      clock,
      log: app.log,
      jobs,
      sendCallback: callbackSender(env, (request) => app.inject(request)),
    });
    // The OCR worker thread would keep the process alive after close; the face engines finish their queued checks.
    app.addHook('onClose', async () => {
      await providers.ocr?.close();
      await providers.faceCheck?.close();
      await providers.liveness?.close();
    });
    // One messaging provider carries both channels (SMS and WhatsApp).
    const sms = providers.messaging;
    const outbox = new OutboxService(
      db,
      new OutboxRepository(dataProtection),
      jobs,
      { sms, whatsapp: sms },
      clock,
      dataProtection.cipher,
    );
    registerOutboxJobs(jobs, outbox);

    const book = new OperationsRepository(db);
    const metrics = new AppMetrics(book);
    // By route pattern, so a path's ids never become labels; the not-found handler's answers share one.
    app.addHook('onResponse', async (request, reply) => {
      metrics.httpDuration.observe(
        {
          method: request.method,
          route: request.routeOptions.url ?? 'unmatched',
          status_code: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
    });
    registerOperationsRoutes(app, {
      metrics,
      book,
      jobs,
      isProduction,
      metricsToken: env.METRICS_TOKEN,
    });

    app.decorate('infra', {
      env,
      isProduction,
      clock,
      db,
      embedded: Boolean(database.pglite),
      jobs,
      nightly: new NightlyTasks(),
      outbox,
      limiter: new RateLimiter(db, clock, dataProtection.lookup),
      providers,
      dataProtection,
      secretHasher: new SecretHasher(env.TOKEN_SECRET),
      passwordHasher: new PasswordHasher({ N: env.SCRYPT_N, r: env.SCRYPT_R, p: env.SCRYPT_P }),
      commands: new CommandExecutor(db, clock, app.log),
      inbox: new CallbackInboxService(db, clock),
      metrics,
    } satisfies Infrastructure);
  },
  { name: INFRASTRUCTURE },
);

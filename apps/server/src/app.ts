import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyServerOptions } from 'fastify';
import { API_PREFIX } from '@kaskita/domain/contract/endpoints';
import type { CallbackEndpoint } from './callbacks/callback-endpoint.ts';
import { callbacksPlugin } from './callbacks/callbacks-plugin.ts';
import { OffsetClock, systemClock, type Clock } from './clock.ts';
import { openAppDatabase } from './db/app-database.ts';
import type { Database } from './db/client.ts';
import { loadEnv, type Env } from './env.ts';
import type { JobRunner } from './jobs/job-runner.ts';
import { analyticsModule } from './modules/analytics/analytics-module.ts';
import { applicationModule } from './modules/application/application-module.ts';
import { approvalsModule } from './modules/approvals/approvals-module.ts';
import { authModule } from './modules/auth/auth-module.ts';
import { bankCardsModule } from './modules/bank-cards/bank-cards-module.ts';
import { collectionsModule } from './modules/collections/collections-module.ts';
import { commerceModule } from './modules/commerce/commerce-module.ts';
import { borrowersModule } from './modules/borrowers/borrowers-module.ts';
// care desk (h/care)
import { careModule } from './modules/care/care-module.ts';
import { complaintsModule } from './modules/complaints/complaints-module.ts';
import { reliefModule } from './modules/relief/relief-module.ts';
import { disputesModule } from './modules/disputes/disputes-module.ts';
import { configModule } from './modules/config/config-module.ts';
import { devModule } from './modules/dev/dev-module.ts';
import { loansModule } from './modules/loans/loans-module.ts';
import { personalDataModule } from './modules/personal-data/personal-data-module.ts';
import { paymentsToResolveModule } from './modules/payments-to-resolve/payments-to-resolve-module.ts';
import { productsModule } from './modules/products/products-module.ts';
import { paymentPinModule } from './modules/payment-pin/payment-pin-module.ts';
import { profileModule } from './modules/profile/profile-module.ts';
import { referralModule } from './modules/referral/referral-module.ts';
import { refundsModule } from './modules/refunds/refunds-module.ts';
import { regionsModule } from './modules/regions/regions-module.ts';
import { reportingModule } from './modules/reporting/reporting-module.ts';
import { repaymentsModule } from './modules/repayments/repayments-module.ts';
import { reviewModule } from './modules/review/review-module.ts';
import { staffModule } from './modules/staff/staff-module.ts';
import { userModule } from './modules/user/user-module.ts';
import { verificationModule } from './modules/verification/verification-module.ts';
import { infrastructurePlugin } from './plugins/infrastructure-plugin.ts';
import { serverOptions } from './plugins/server-options.ts';
import { registerStaticWeb } from './plugins/static-web-plugin.ts';
import { assertProductionReady } from './production-guard.ts';
import { planProviders } from './providers/provider-registry.ts';
import { fileStorageFromEnv } from './providers/storage/file-storage-from-env.ts';
import { createDataProtection } from './security/data-protection.ts';
import type { SmsProvider } from './providers/sms/sms-provider.ts';

/**
 * The business modules, in the order they are built: each registers its own routes, jobs and callbacks and names the
 * modules it needs (Fastify refuses to start when one is missing or comes later). Adding a module is one line here.
 */
export const MODULES: readonly FastifyPluginAsync[] = [
  userModule,
  authModule,
  paymentPinModule,
  configModule,
  regionsModule,
  profileModule,
  bankCardsModule,
  verificationModule,
  loansModule,
  disputesModule,
  applicationModule,
  repaymentsModule,
  refundsModule,
  commerceModule,
  referralModule,
  staffModule,
  approvalsModule,
  borrowersModule,
  reviewModule,
  paymentsToResolveModule,
  reportingModule,
  productsModule,
  collectionsModule,
  // care desk (h/care)
  careModule,
  complaintsModule,
  reliefModule,
  personalDataModule,
  analyticsModule,
  devModule,
];

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
  /** Provider callback endpoints besides the modules' own, under /api/callbacks (tests add a fake provider). */
  callbackEndpoints?: readonly CallbackEndpoint[];
  /** Registers more job types before the job runner starts (tests, tools); modules register their own. */
  registerJobs?: (jobs: JobRunner) => void;
  /** Sees every route as it is registered, with the plugin chain registering it (the architecture test). */
  onRoute?: (url: string, pluginName: string) => void;
}

/** Builds the whole app: infrastructure, then the modules, then the web app and not-found handling. */
export async function buildApp(options: BuildAppOptions = {}): Promise<FastifyInstance> {
  // No source: env.ts reads process.env (the only file that does).
  const env = loadEnv(options.envSource, options.env ?? {});
  const isProduction = env.NODE_ENV === 'production';
  // Outside production the business date can be moved forward (POST /api/dev/clock) to show overdue bills in a demo.
  const clock = options.clock ?? (isProduction ? systemClock : new OffsetClock(systemClock));
  // Providers are chosen (not yet built) before the database opens, so a refusal touches nothing.
  const providerPlan = planProviders(env, options.smsProvider ? { messaging: options.smsProvider } : {});
  assertProductionReady(env, providerPlan);
  const ownsDatabase = !options.database;
  const database = options.database ?? (await openAppDatabase(env, clock));

  let app: FastifyInstance | undefined;
  try {
    // After the database opens, as FILE_STORAGE=postgres keeps the files in it. Touches no file until one is stored.
    const dataProtection = createDataProtection(env, await fileStorageFromEnv(env, database.db, clock));
    app = Fastify(serverOptions(env, options.logger));
    const onRoute = options.onRoute;
    if (onRoute)
      app.addHook('onRoute', function (route) {
        onRoute(route.url, this.pluginName);
      });
    await app.register(infrastructurePlugin, {
      env,
      clock,
      database,
      ownsDatabase,
      providerPlan,
      dataProtection,
    });
    for (const module of MODULES) await app.register(module);
    if (options.callbackEndpoints?.length) {
      const { inbox, metrics } = app.infra;
      await app.register(callbacksPlugin, {
        prefix: `${API_PREFIX}/callbacks`,
        endpoints: options.callbackEndpoints,
        inbox,
        metrics,
        clock,
        bodyLimit: env.BODY_LIMIT_BYTES,
      });
    }
    // Last: it owns every path no module claimed.
    await registerStaticWeb(app, env.WEB_DIST_DIR, env.ADMIN_DIST_DIR, isProduction);

    // Every module has registered its jobs; close() stops them before the database closes (onClose hooks run in
    // reverse order of registration, and the database's came first).
    const { jobs } = app;
    options.registerJobs?.(jobs);
    app.addHook('onClose', () => jobs.stop());
    await jobs.start();
    await app.ready();
    return app;
  } catch (error) {
    if (app) await app.close().catch(() => {});
    else if (ownsDatabase) await database.close().catch(() => {});
    throw error;
  }
}

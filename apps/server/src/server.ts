import { buildApp } from './app.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { EnvError } from './env.ts';
import { DEMO_ADMINISTRATOR, seedDemoAdministrator } from './db/demo-seed.ts';
import { ProductionConfigError } from './production-guard.ts';

// Listen, log, shut down gracefully: nothing else belongs here (the app is built in app.ts).
async function main(): Promise<void> {
  // Settings come from process.env, read once by buildApp; the app carries them.
  const app = await buildApp();
  const { env } = app;

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Stop accepting, let requests in flight finish, close the database (PGlite must be closed or the process hangs).
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  // A developer's `npm start` gets a back-office sign-in to try (printed below), made here so that no test, tool or
  // production server ever has one (seedDemoAdministrator refuses production too).
  if (env.NODE_ENV !== 'production') await seedDemoAdministrator(app.infra.db, env, app.infra.clock);
  await app.listen({ host: env.HOST, port: env.PORT });
  // The log is JSON for machines; a person who just typed `npm start` needs one plain line.
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  const url = `http://${host}:${env.PORT}`;
  // The outbox page exists only with the dev outbox, the jobs page outside production (app.ts).
  const devPages = [
    ...(env.SMS_PROVIDER === 'dev-outbox' ? [`SMS codes: ${url}/dev/outbox`] : []),
    `background jobs: ${url}/dev/jobs`,
    ...(env.DISBURSEMENT_PROVIDER !== 'none' ? [`sandbox bank: ${url}/dev/disbursements`] : []),
  ];
  const outbox = env.NODE_ENV === 'production' ? '' : ` (${devPages.join(', ')})`;
  console.log(`KasKita is running: open ${url}${outbox}`);
  if (env.NODE_ENV !== 'production') {
    const { email, password } = DEMO_ADMINISTRATOR;
    console.log(
      `Back office: open ${url}/admin and sign in with ${email} / ${password} (development only); ` +
        'the first sign-in sets up an authenticator app (TOTP), then every sign-in asks for its code.',
    );
  }
}

main().catch((error: unknown) => {
  if (
    error instanceof EnvError ||
    error instanceof ProductionConfigError ||
    error instanceof DataDirLockedError
  ) {
    console.error(error.message);
  } else {
    console.error('KasKita server failed to start:', error);
  }
  process.exit(1);
});

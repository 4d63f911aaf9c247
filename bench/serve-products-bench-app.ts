// The server side of the products bench (bench/products-bench.ts starts it as a child process). On the database named
// by BENCH_DATABASE_URL (PostgreSQL) or BENCH_DATA_DIR (PGlite): an approved borrower made through the same calls as
// the web, and two apps on the same database handle, the same but for logging: `quiet` (logger off, as the other API
// benches) and `logged` (the production logger at LOG_LEVEL info, its lines written synchronously to /dev/null as
// pino writes them to stdout). On the bench-only bare Fastify: the raw one-query route and GET /api/bench/cpu, this
// process's CPU so far, read by the parent around each measured run. Prints one JSON line once everything listens.
import { openSync, writeSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { users } from '../apps/server/src/db/schema.ts';
import { loadEnv } from '../apps/server/src/env.ts';
import { defaultLogger } from '../apps/server/src/plugins/server-options.ts';
import { approvedBorrower } from '../apps/server/test/loans/loan-helpers.ts';
import { startBenchApp } from './bench-app.ts';

const url = process.env.BENCH_DATABASE_URL;
const dataDir = process.env.BENCH_DATA_DIR;
if (!url && !dataDir) throw new Error('BENCH_DATABASE_URL or BENCH_DATA_DIR is required');

const bench = await startBenchApp(
  url ? { kind: 'postgres', url, poolSize: 10 } : { kind: 'pglite', dataDir: dataDir! },
  { CREDIT_DECISION_DELAY_SECONDS: 0, ACCOUNT_INQUIRY_SANDBOX_DELAY_MS: 0, LOG_LEVEL: 'error' },
);
const { db } = bench.database;

try {
  const borrower = await approvedBorrower(bench.app, db, new Date());
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, borrower.userId)).limit(1);
  bench.raw.get('/api/bench/raw', async () => {
    const [row] = await db.select().from(users).where(eq(users.id, user!.id)).limit(1);
    return { code: 200, msg: 'OK', data: { id: row?.id ?? null } };
  });
  bench.raw.get('/api/bench/cpu', async () => process.cpuUsage());
  const settings = {
    NODE_ENV: 'development',
    WEB_DIST_DIR: '/nonexistent/kaskita-bench-dist',
    JOB_WORKERS: false,
  } as const;
  const devNull = openSync('/dev/null', 'w');
  const served = {
    quiet: await buildApp({ envSource: {}, env: settings, database: bench.database, logger: false }),
    logged: await buildApp({
      envSource: {},
      env: settings,
      database: bench.database,
      logger: {
        ...(defaultLogger(loadEnv({}, { ...settings, LOG_LEVEL: 'info' })) as object),
        stream: { write: (line: string) => void writeSync(devNull, line) },
      },
    }),
  };
  const urls = await bench.listen();
  const appUrls: Record<string, string> = {};
  for (const [name, app] of Object.entries(served)) {
    await app.listen({ host: '127.0.0.1', port: 0 });
    appUrls[name] = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  }
  process.stdout.write(
    `${JSON.stringify({ rawUrl: urls.rawUrl, quietUrl: appUrls.quiet, loggedUrl: appUrls.logged, token: borrower.token })}\n`,
  );
} catch (error) {
  await bench.fail(error);
}

// API benchmark: the real app's GET /api/v2/user/status (signed in: session lookup + user row) against a raw route
// doing one primary-key SELECT of the same users table through Drizzle on the same database, on PGlite and on
// PostgreSQL. The servers run in a child process (bench/serve-bench-app.ts), autocannon here, so the load generator
// does not share the server's event loop. Prints requests/s, p99 and the ratio status/raw for each database.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { compareRoutes, LOAD_DESCRIPTION } from './autocannon-compare.ts';
import { killBenchChildren, startBenchChild, stopBenchChild } from './bench-child.ts';

/** Where a fresh database is created (and dropped) for the PostgreSQL run. */
const PG_ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface Served {
  appUrl: string;
  rawUrl: string;
  token: string;
}

/** What an interrupted run still has to undo (the temporary data dir, the PostgreSQL database). */
const cleanups = new Set<() => Promise<void> | void>();
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    killBenchChildren();
    void Promise.allSettled([...cleanups].map(async (undo) => undo())).then(() => process.exit(130));
  });

/** Runs `body`, then `undo`, also when the run is interrupted by a signal. */
async function withCleanup<T>(undo: () => Promise<void> | void, body: () => Promise<T>): Promise<T> {
  cleanups.add(undo);
  try {
    return await body();
  } finally {
    cleanups.delete(undo);
    await undo();
  }
}

async function benchOn(label: string, env: Record<string, string>): Promise<void> {
  const { child, served } = await startBenchChild<Served>('serve-bench-app.ts', { env });
  try {
    await compareRoutes(
      label,
      {
        name: 'GET /api/v2/user/status (signed in)',
        url: `${served.appUrl}/api/v2/user/status`,
        headers: { authorization: served.token },
      },
      { name: 'raw: one primary-key SELECT (Drizzle)', url: `${served.rawUrl}/api/bench/raw` },
      'status/raw',
    );
  } finally {
    await stopBenchChild(child);
  }
}

function postgresAnswers(): Promise<boolean> {
  const { hostname, port } = new URL(PG_ADMIN_URL);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port || 5432) });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function run(): Promise<void> {
  console.log(LOAD_DESCRIPTION);

  const dataDir = mkdtempSync(join(tmpdir(), 'kaskita-bench-'));
  await withCleanup(
    () => rmSync(dataDir, { recursive: true, force: true }),
    () => benchOn('PGlite (temporary data dir)', { BENCH_DATA_DIR: join(dataDir, 'pglite') }),
  );

  if (!(await postgresAnswers())) {
    console.log(`PostgreSQL: skipped: no PostgreSQL at ${new URL(PG_ADMIN_URL).host}`);
    return;
  }
  const name = `kaskita_bench_${randomBytes(6).toString('hex')}`;
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  await withCleanup(
    () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    () => benchOn(`PostgreSQL (fresh database ${name}, pool 10)`, { BENCH_DATABASE_URL: url.toString() }),
  );
}

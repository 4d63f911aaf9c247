// Where the API benches run: PGlite in a temporary data dir always, then a fresh PostgreSQL database (dropped after)
// when one answers at BENCH_PG_ADMIN_URL (default 127.0.0.1:5432); each is cleaned up even when the run is interrupted.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { killBenchChildren } from './bench-child.ts';

/** Where a fresh database is created (and dropped) for the PostgreSQL run. */
const PG_ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/**
 * The fresh database's locale, when not the server's default: BENCH_PG_LOCALE=en_US.UTF-8 is the official postgres
 * image's (compose.yaml's database), under which text compares through strcoll (db/columns.ts `key`). The locale must
 * exist on the database's machine (Debian: localedef -i en_US -f UTF-8 en_US.UTF-8, then restart PostgreSQL).
 */
const PG_LOCALE = process.env.BENCH_PG_LOCALE;

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

/** Runs `bench` with the child settings of each database: BENCH_DATA_DIR (PGlite), then BENCH_DATABASE_URL. */
export async function onEachDatabase(
  bench: (label: string, env: Record<string, string>) => Promise<void>,
): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kaskita-bench-'));
  await withCleanup(
    () => rmSync(dataDir, { recursive: true, force: true }),
    () => bench('PGlite (temporary data dir)', { BENCH_DATA_DIR: join(dataDir, 'pglite') }),
  );
  await onPostgres(bench);
}

/** Runs `bench` on a fresh PostgreSQL database (BENCH_DATABASE_URL), or says it is skipped when none answers. */
export async function onPostgres(
  bench: (label: string, env: Record<string, string>) => Promise<void>,
): Promise<void> {
  if (!(await postgresAnswers())) {
    console.log(`PostgreSQL: skipped: no PostgreSQL at ${new URL(PG_ADMIN_URL).host}`);
    return;
  }
  const name = `kaskita_bench_${randomBytes(6).toString('hex')}`;
  const locale = PG_LOCALE ? ` TEMPLATE template0 LOCALE '${PG_LOCALE.replaceAll("'", "''")}'` : '';
  await admin(`CREATE DATABASE ${name}${locale}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  await withCleanup(
    () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    () =>
      bench(`PostgreSQL (fresh database ${name}${PG_LOCALE ? `, ${PG_LOCALE}` : ''}, pool 10)`, {
        BENCH_DATABASE_URL: url.toString(),
      }),
  );
}

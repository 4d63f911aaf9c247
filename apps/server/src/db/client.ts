import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { resolve } from 'node:path';
import pg from 'pg';
import * as schema from './schema.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { REPO_ROOT } from '../env.ts';

export type Schema = typeof schema;
/** One Drizzle type for both drivers: repositories never know which database they run on. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories take either the database or a transaction the service opened. */
export type DbOrTx = Db | Tx;

export const MIGRATIONS_DIR = resolve(REPO_ROOT, 'apps/server/drizzle');

export interface Database {
  readonly db: Db;
  /** The embedded client on PGlite (tests dump it to start later databases fast). */
  readonly pglite?: PGlite;
  /**
   * Runs SQL text a library brings with it (pg-boss): `$1`-style parameters, or several statements when there are none.
   * Not for app queries, which go through Drizzle.
   */
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** Applies pending migrations; a no-op when up to date. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir: string }
  /** In memory, optionally started from a dump (tests). */
  | { kind: 'pglite-memory'; loadDataDir?: Blob };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') return openPostgres(target.url, target.poolSize ?? 10);
  if (target.kind === 'pglite') {
    const release = acquireDataDirLock(target.dataDir);
    try {
      return await wrapPglite(new PGlite(target.dataDir), release);
    } catch (error) {
      release();
      throw error;
    }
  }
  return wrapPglite(new PGlite(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}), () => {});
}

async function wrapPglite(client: PGlite, release: () => void): Promise<Database> {
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    pglite: client,
    query: (text, values) => queryPglite(client, text, values),
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_DIR }),
    async close() {
      try {
        if (!client.closed) await client.close();
      } finally {
        release();
      }
    },
  };
}

/**
 * PGlite's `query` takes parameters but one statement; `exec` takes several statements but no parameters. One call
 * is one turn of PGlite's queue, so a BEGIN ... COMMIT script cannot interleave with other requests.
 */
async function queryPglite(client: PGlite, text: string, values?: unknown[]): Promise<{ rows: unknown[] }> {
  if (values?.length) return client.query(text, values);
  try {
    const results = await client.exec(text);
    return { rows: results.at(-1)?.rows ?? [] };
  } catch (error) {
    // A script that failed after its BEGIN leaves the one shared connection in an aborted transaction: end it.
    if (/\bBEGIN\b/i.test(text)) await client.exec('ROLLBACK').catch(() => {});
    throw error;
  }
}

function openPostgres(url: string, poolSize: number): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema });
  return {
    db: db as unknown as Db,
    // Without values node-postgres uses the simple protocol, which runs several statements in one call.
    query: (text, values) => pool.query(text, values?.length ? values : undefined),
    migrate: () => migrateOneAtATime(pool),
    close: () => pool.end(),
  };
}

/** The advisory lock key of migrations ('kaskita migrations' folded into a bigint once, written out). */
const MIGRATION_LOCK = 7_263_514_211_078_033_409n;

/**
 * Migrates holding a session advisory lock: instances started together on a fresh database would otherwise both create
 * drizzle's schema and tables (one failed with a duplicate key). The next instance waits, then finds nothing to do.
 */
async function migrateOneAtATime(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK.toString()]);
    try {
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK.toString()]);
    }
  } finally {
    client.release();
  }
}

/** Postgres error code of a Drizzle query error (e.g. '23505' unique violation). */
export function pgErrorCode(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  const code = cause?.code ?? (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

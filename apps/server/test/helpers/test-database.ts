import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { defaultProducts } from '@kaskita/domain/pricing/default-products';
import { buildApp } from '../../src/app.ts';
import { MIGRATIONS_DIR, openDatabase, type Database } from '../../src/db/client.ts';
import { DEFAULT_APP_CONFIG, seedDatabase } from '../../src/db/seed.ts';

export interface TestDatabase {
  database: Database;
  /** On PostgreSQL, the database's URL (another pool on it plays a second server process). */
  url?: string;
  /** Closes and, on PostgreSQL, drops the database. */
  destroy(): Promise<void>;
}

/**
 * A fresh, migrated and seeded database for one test file (the app seeds only databases it opens itself).
 * - DATABASE_URL set: a new PostgreSQL database `kaskita_t_<random>` on that server, dropped at the end.
 * - Otherwise: in-memory PGlite loaded from a dump of the migrated, seeded schema (initdb + migrate cost 3-6 s once;
 *   the dump is cached in the temp dir under a hash of the migrations and the seed, so later files load it in ~1 s).
 */
export interface TestDatabaseOptions {
  /**
   * Connections in the PostgreSQL pool (5 by default; ignored on PGlite). Race tests need more connections than the
   * limit they test, or the pool alone serialises the racers and the test passes without its lock.
   */
  poolSize?: number;
}

export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  return url ? createPostgresDatabase(url, options.poolSize ?? 5) : createPgliteDatabase();
}

async function createPostgresDatabase(adminUrl: string, poolSize: number): Promise<TestDatabase> {
  const name = `kaskita_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize });
  await database.migrate();
  await seedDatabase(database.db, new Date());
  return {
    database,
    url: url.toString(),
    async destroy() {
      await database.close();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** An installed package's version (exports may hide package.json, so walk up from the entry point). */
function packageVersion(name: string): string {
  let dir = dirname(createRequire(import.meta.url).resolve(name));
  while (dir !== dirname(dir)) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === name) return pkg.version ?? 'unknown';
    }
    dir = dirname(dir);
  }
  return 'unknown';
}

function templateFingerprint(): string {
  const hash = createHash('sha256');
  // A dump from another PGlite version may not load, and another pg-boss may want another schema: both are in the key.
  hash.update(packageVersion('@electric-sql/pglite'));
  hash.update(packageVersion('pg-boss'));
  // The dump also holds what the app's first start makes (pg-boss's schema and queues); a queue added since is made by
  // the test's app. Bump the marker when the template's recipe changes.
  hash.update('template-with-job-queues-v1');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(entry.name).update(readFileSync(path));
    }
  };
  walk(MIGRATIONS_DIR);
  // The dump holds the seed too: new default products or config make a new dump.
  hash.update(
    JSON.stringify([DEFAULT_APP_CONFIG, defaultProducts], (_k, v: unknown) =>
      typeof v === 'bigint' ? v.toString() : v,
    ),
  );
  return hash.digest('hex').slice(0, 16);
}

async function seededDump(): Promise<Buffer> {
  const file = join(tmpdir(), `kaskita-test-pglite-${templateFingerprint()}.tar.gz`);
  if (existsSync(file)) return readFileSync(file);
  const fresh = await openDatabase({ kind: 'pglite-memory' });
  await fresh.migrate();
  await seedDatabase(fresh.db, new Date());
  await installJobSchema(fresh);
  const dump = await dumpOf(fresh);
  await fresh.close();
  // Write then rename: two test workers racing both produce the same content, and readers never see half a file.
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, dump);
  renameSync(partial, file);
  return dump;
}

/**
 * pg-boss creates its schema, and the app its queues and schedules, when the app's job runner first starts (~0.5 s on
 * PGlite, mostly one partition table per queue): done once here by starting the app on the template, so each test
 * file's app only checks them (a queue added later is created by the first app that needs it, just slower).
 */
async function installJobSchema(database: Database): Promise<void> {
  const app = await buildApp({
    envSource: {},
    logger: false,
    database,
    env: { NODE_ENV: 'test', WEB_DIST_DIR: '/nonexistent/kaskita-dist' },
  });
  await app.close();
}

async function dumpOf(database: Database): Promise<Buffer> {
  const client = database.pglite;
  if (!client) throw new Error('not a PGlite database');
  const blob = await client.dumpDataDir('gzip');
  return Buffer.from(await blob.arrayBuffer());
}

async function createPgliteDatabase(): Promise<TestDatabase> {
  const dump = await seededDump();
  const database = await openDatabase({ kind: 'pglite-memory', loadDataDir: new Blob([dump]) });
  return { database, destroy: () => database.close() };
}

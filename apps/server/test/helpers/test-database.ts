import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { defaultProducts } from '@kaskita/domain/pricing/default-products';
import { buildApp } from '../../src/app.ts';
import { MIGRATIONS_DIR, openDatabase, type Database } from '../../src/db/client.ts';
import { encryptClearColumns } from '../../src/db/encrypt-clear-columns.ts';
import { DEFAULT_APP_CONFIG, seedDatabase } from '../../src/db/seed.ts';
import { loadEnv } from '../../src/env.ts';
import { DataCipher } from '../../src/security/data-cipher.ts';
import { LookupHasher } from '../../src/security/lookup-hasher.ts';
import { resetToSeed, seededStateOf, type SeededState } from './pglite-reset.ts';

export interface TestDatabase {
  database: Database;
  /** On PostgreSQL, the database's URL (another pool on it plays a second server process). */
  url?: string;
  /** Closes and, on PostgreSQL, drops the database. */
  destroy(): Promise<void>;
}

/**
 * A fresh, migrated and seeded database for one test file (the app seeds only databases it opens itself).
 * - DATABASE_URL set: a new PostgreSQL database `kaskita_t_<random>` on that server, copied from a template database
 *   built once per hash of the same things (see createFromTemplate), dropped at the end.
 * - Otherwise: in-memory PGlite loaded from a dump of the migrated, seeded schema (initdb + migrate cost 3-6 s once;
 *   the dump is cached in the temp dir under a hash of the migrations and the seed, so later files load it in ~0.7 s;
 *   1.4-2.2 s on a host slow to fault memory in, where each load faults in 73,000-190,000 pages: 2026-12-02). A copy
 *   of an on-disk template opened from its directory instead opened in 0.9-1.0 s there, but two files' tests then took
 *   25.9 s instead of 20.7 s (the database's writes go to files); a compiled pglite.wasm shared by the loads saved
 *   nothing. So a worker keeps the databases its files used and gives the next file one brought back to the seed
 *   (createPgliteDatabase below).
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
  try {
    await createFromTemplate(admin, adminUrl, name);
    // A commit answers without waiting for its WAL to reach the disk: a test database need not survive a crash of the
    // PostgreSQL server (the crash tests kill app processes, never it), and the suite's many small commits each waited.
    await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = off`).catch(async (error: unknown) => {
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      throw error;
    });
  } finally {
    await admin.end();
  }
  const url = databaseUrl(adminUrl, name);
  const database = await openDatabase({ kind: 'postgres', url, poolSize });
  return {
    database,
    url,
    async destroy() {
      await database.close();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The PostgreSQL twin of the PGlite dump: a template database `kaskita_tpl_<fingerprint>`, migrated, seeded and
 * holding the job queues, built once per fingerprint on the server (~2.4 s); each test file's database is a copy of it
 * (CREATE DATABASE ... TEMPLATE, 40-90 ms) instead of being migrated, seeded and given pg-boss's schema by the test's
 * app. Seen: database plus app start ~0.2 s instead of ~0.4 s per test file.
 */
async function createFromTemplate(admin: pg.Client, adminUrl: string, name: string): Promise<void> {
  const template = `kaskita_tpl_${templateFingerprint('postgres')}`;
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      return;
    } catch (error) {
      // Missing: not built yet, or dropped as stale by a run of another fingerprint. Anything else is a real failure.
      if ((error as { code?: string }).code !== '3D000' || attempt > 0) throw error;
    }
    await buildPostgresTemplate(admin, adminUrl, template);
  }
}

/** Serialises template builds (and stale drops) across Vitest workers and concurrent runs on the same admin database. */
const TEMPLATE_LOCK = 'kaskita test template';
/** A template of another fingerprint built this long ago is dropped by the next build (its run rebuilds it if needed). */
const STALE_TEMPLATE_MS = 24 * 60 * 60 * 1000;

async function buildPostgresTemplate(admin: pg.Client, adminUrl: string, template: string): Promise<void> {
  await admin.query('SELECT pg_advisory_lock(hashtext($1))', [TEMPLATE_LOCK]);
  try {
    // Another worker may have built it while this one waited for the lock.
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
    if (found.rowCount) return;
    await dropStaleTemplates(admin, template);
    // Built under a name of its own and renamed when complete, so the template's name never stands for half a build
    // (a run killed mid-build leaves only a `_b` database, dropped as stale later).
    const building = `${template}_b${randomBytes(3).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${building}`);
    try {
      const fresh = await openDatabase({
        kind: 'postgres',
        url: databaseUrl(adminUrl, building),
        poolSize: 2,
      });
      try {
        await fresh.migrate();
        await finishMigration(fresh);
        // The seed's date only stamps updated_at on config and product rows, which nothing reads: a template built on
        // an earlier day serves as well, as the PGlite dump does.
        await seedDatabase(fresh.db, new Date());
        await installJobSchema(fresh);
      } finally {
        // Every connection to it closes here (pg-boss runs on this pool): the rename fails if any is left.
        await fresh.close();
      }
      // Nobody may connect to it: a copy fails while anyone is connected to its template, and a test must not change it.
      await admin.query(`ALTER DATABASE ${building} WITH ALLOW_CONNECTIONS false`);
      // When it was built, for dropStaleTemplates (a comment is not copied with the database).
      await admin.query(`COMMENT ON DATABASE ${building} IS '${new Date().toISOString()}'`);
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${template}`);
    } catch (error) {
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`).catch(() => {});
      throw error;
    }
  } finally {
    await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [TEMPLATE_LOCK]);
  }
}

/**
 * Templates of other fingerprints (older migrations or seed) pile up on a developer's server otherwise. Only old ones go:
 * another checkout may be running its suite on its own template right now, and dropping that one would make the two
 * runs rebuild each other's templates file after file. A build killed half-way (a `_b` name, no comment) goes too.
 */
async function dropStaleTemplates(admin: pg.Client, keep: string): Promise<void> {
  const { rows } = await admin.query<{ datname: string; built: string | null }>(
    `SELECT datname, shobj_description(oid, 'pg_database') AS built FROM pg_database
     WHERE datname LIKE 'kaskita\\_tpl\\_%' AND datname <> $1`,
    [keep],
  );
  for (const { datname, built } of rows) {
    if (built && Date.now() - Date.parse(built) < STALE_TEMPLATE_MS) continue;
    // Without FORCE: a database someone is connected to (a build still under way elsewhere) is left alone. A copy being
    // made from it only delays the drop, and a later copy finds it missing and rebuilds it.
    await admin.query(`DROP DATABASE ${datname}`).catch(() => {});
  }
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

/** `engine` says which kind of template (a PGlite dump from another PGlite version may not load). */
/**
 * What the app does after the SQL migrations (src/db/app-database.ts): on an empty database, the clear columns of encrypted fields are
 * only dropped, so any key does.
 */
async function finishMigration(database: Database): Promise<void> {
  const env = loadEnv({});
  await encryptClearColumns(database.db, {
    cipher: DataCipher.fromEnv(env),
    lookup: LookupHasher.fromEnv(env),
  });
}

function templateFingerprint(engine: string): string {
  const hash = createHash('sha256');
  // Another pg-boss may want another schema.
  hash.update(engine);
  hash.update(packageVersion('pg-boss'));
  // The template also holds what the app's first start makes (pg-boss's schema and queues); a queue added since is made by
  // the test's app. Bump the marker when the template's recipe changes.
  hash.update('template-with-job-queues-v1, clear columns encrypted');
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
  // The template holds the seed too: new default products or config make a new one.
  hash.update(
    JSON.stringify([DEFAULT_APP_CONFIG, defaultProducts], (_k, v: unknown) =>
      typeof v === 'bigint' ? v.toString() : v,
    ),
  );
  return hash.digest('hex').slice(0, 16);
}

async function seededDump(): Promise<Buffer> {
  const name = `kaskita-test-pglite-${templateFingerprint(`pglite ${packageVersion('@electric-sql/pglite')}`)}.tar`;
  const file = join(tmpdir(), name);
  if (existsSync(file)) return readFileSync(file);
  const fresh = await openDatabase({ kind: 'pglite-memory' });
  await fresh.migrate();
  await finishMigration(fresh);
  await seedDatabase(fresh.db, new Date());
  await installJobSchema(fresh);
  const dump = await dumpOf(fresh);
  await fresh.close();
  // Write then rename: two test workers racing both produce the same content, and readers never see half a file.
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, dump);
  renameSync(partial, file);
  // Dumps of older migrations are 45 MB each: the newest one stays. A run still reading one read it whole at its start.
  for (const other of readdirSync(tmpdir()))
    if (/^kaskita-test-pglite-[0-9a-f]{16}\.tar(\.gz)?$/.test(other) && other !== name)
      rmSync(join(tmpdir(), other), { force: true });
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
  // Not compressed (45 MB instead of 5.5): loading it then takes half the CPU (0.7 s instead of 1.4 s, measured on
  // 2026-11-30), paid by every test file; it is read from disk once per test worker (once per file in the isolated project).
  const blob = await client.dumpDataDir('none');
  return Buffer.from(await blob.arrayBuffer());
}

/** The dump, read once per worker of the `server` project (its files share one module graph: vitest.config.ts). */
let dumpRead: Promise<Buffer> | undefined;
/** The seed as a fresh load holds it, taken from this worker's first database before any test used it. */
let seedState: Promise<SeededState> | undefined;
/** Databases of this worker that earlier test files used, brought back to the seed, waiting for the next file. */
const idle: Database[] = [];
const uses = new WeakMap<Database, number>();
/** A database serves this many files at most, then is closed: what a long-lived one gathers is not a test's to find. */
const MAX_USES = 25;

/**
 * A database from the idle ones when there is one, else loaded from the dump. Loading is the cost: 1.4-1.6 s a load
 * on a host slow to fault memory in (2026-12-02: 72,000 page faults of a fresh WebAssembly memory each); a used one is
 * brought back to the seed (pglite-reset.ts) in 120-150 ms there.
 */
export async function createPgliteDatabase(): Promise<TestDatabase> {
  const database = idle.pop() ?? (await loadFromDump());
  let destroyed: Promise<void> | undefined;
  // Once: a second destroy must not put the same database in the idle list twice, for two files at once.
  return { database, destroy: () => (destroyed ??= putBack(database)) };
}

/** A PGlite database loaded from the seeded dump, never one used before (also pglite-reset.test.ts's fresh copy). */
export async function loadFromDump(): Promise<Database> {
  dumpRead ??= seededDump().catch((error: unknown) => {
    dumpRead = undefined;
    throw error;
  });
  const dump = await dumpRead;
  const database = await openDatabase({ kind: 'pglite-memory', loadDataDir: new Blob([dump]) });
  seedState ??= seededStateOf(pgliteOf(database)).catch((error: unknown) => {
    seedState = undefined;
    throw error;
  });
  await seedState;
  return database;
}

async function putBack(database: Database): Promise<void> {
  const used = (uses.get(database) ?? 0) + 1;
  const reset =
    used < MAX_USES && seedState
      ? await resetToSeed(pgliteOf(database), await seedState).catch(() => false)
      : false;
  if (!reset) return database.close();
  uses.set(database, used);
  idle.push(database);
}

function pgliteOf(database: Database): PGlite {
  if (!database.pglite) throw new Error('not a PGlite database');
  return database.pglite;
}

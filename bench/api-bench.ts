// API benchmark: the real app's GET /api/v2/user/status (signed in: session lookup + user row) against a raw route
// doing one primary-key SELECT of the same users table through Drizzle on the same database, on PGlite and on
// PostgreSQL. The servers run in a child process (bench/serve-bench-app.ts), autocannon here, so the load generator
// does not share the server's event loop. Prints requests/s, p99 and the ratio status/raw for each database.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const CONNECTIONS = 10;
const WARMUP_SECONDS = 2;
const DURATION_SECONDS = 6;
const START_TIMEOUT_MS = 60_000;
/** Where a fresh database is created (and dropped) for the PostgreSQL run. */
const PG_ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const here = dirname(fileURLToPath(import.meta.url));

interface Figures {
  rps: number;
  p99: number;
  errors: number;
  non2xx: number;
}

interface Served {
  appUrl: string;
  rawUrl: string;
  token: string;
}

const children = new Set<ChildProcess>();
/** What an interrupted run still has to undo (the temporary data dir, the PostgreSQL database). */
const cleanups = new Set<() => Promise<void> | void>();
function killChildren(): void {
  for (const child of children) child.kill('SIGKILL');
}
process.on('exit', killChildren);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    killChildren();
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

/** Starts serve-bench-app.ts in its own Node process and waits for its "listening" line. */
function serve(env: Record<string, string>): Promise<{ child: ChildProcess; served: Served }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(here, 'serve-bench-app.ts')], {
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('bench server did not start in time')), START_TIMEOUT_MS);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`bench server exited (${code}) before listening`));
    });
    createInterface({ input: child.stdout! }).once('line', (line) => {
      clearTimeout(timer);
      resolve({ child, served: JSON.parse(line) as Served });
    });
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

async function measure(url: string, headers: Record<string, string>, seconds: number): Promise<Figures> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

function print(name: string, f: Figures): void {
  const extra = f.errors || f.non2xx ? `  (errors ${f.errors}, non-2xx ${f.non2xx})` : '';
  console.log(
    `  ${name.padEnd(40)} ${f.rps.toFixed(0).padStart(7)} req/s   p99 ${String(f.p99).padStart(4)} ms${extra}`,
  );
}

async function benchOn(label: string, env: Record<string, string>): Promise<void> {
  const { child, served } = await serve(env);
  try {
    const status = `${served.appUrl}/api/v2/user/status`;
    const raw = `${served.rawUrl}/api/bench/raw`;
    const auth = { authorization: served.token };
    await measure(status, auth, WARMUP_SECONDS);
    await measure(raw, {}, WARMUP_SECONDS);
    const real = await measure(status, auth, DURATION_SECONDS);
    const base = await measure(raw, {}, DURATION_SECONDS);
    console.log(`${label}:`);
    print('GET /api/v2/user/status (signed in)', real);
    print('raw: one primary-key SELECT (Drizzle)', base);
    console.log(`  ratio status/raw: ${(real.rps / base.rps).toFixed(3)} (requests/s)`);
    if (real.errors || real.non2xx || base.errors || base.non2xx)
      throw new Error(`${label}: errors or non-2xx answers during the bench`);
  } finally {
    await stop(child);
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
  console.log(
    `autocannon: ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up then ${DURATION_SECONDS} s per route, ` +
      'loopback, servers in a child process',
  );

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

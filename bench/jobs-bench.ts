// Jobs benchmark: jobs per second through the queue (pg-boss via the app's JobRunner: send, fetch, run a no-op handler,
// complete) against a baseline of one plain INSERT + SELECT per item on the same database, in the same run. PGlite in a
// temporary directory always; PostgreSQL too when DATABASE_URL is set (a temporary database on that server).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { z } from 'zod';
import { systemClock } from '../apps/server/src/clock.ts';
import { openDatabase, type Database } from '../apps/server/src/db/client.ts';
import { JobRunner } from '../apps/server/src/jobs/job-runner.ts';
import { jobType } from '../apps/server/src/jobs/job-type.ts';

const JOBS = 1000;
const WORKERS = 4;

const NOOP = jobType({
  name: 'bench.noop',
  payload: z.object({ n: z.number().int() }),
  retry: { limit: 0, delaySeconds: 0, backoff: false },
  expireInSeconds: 60,
});

const quiet = { warn: () => {}, error: () => {} };

/** N items, each one INSERT and one SELECT of the row back: the least a queue must do per job. */
async function baseline(database: Database): Promise<number> {
  await database.query(
    'create table if not exists bench_baseline (id serial primary key, data jsonb not null)',
  );
  const started = performance.now();
  for (let n = 0; n < JOBS; n++) {
    const { rows } = await database.query('insert into bench_baseline (data) values ($1) returning id', [
      { n },
    ]);
    await database.query('select data from bench_baseline where id = $1', [(rows[0] as { id: number }).id]);
  }
  return JOBS / ((performance.now() - started) / 1000);
}

/** N jobs sent one by one while WORKERS workers take them; timed until the last one is done. */
async function throughQueue(database: Database): Promise<number> {
  const runner = new JobRunner(database, systemClock, { workers: true, pollSeconds: 0.5, log: quiet });
  let done = 0;
  let allDone: () => void = () => {};
  const finished = new Promise<void>((resolve) => (allDone = resolve));
  runner.register(
    NOOP,
    async () => {
      if (++done === JOBS) allDone();
    },
    { concurrency: WORKERS },
  );
  await runner.start();
  try {
    const started = performance.now();
    // As the app does: each send is followed by a wake of the local workers.
    for (let n = 0; n < JOBS; n++) {
      await runner.send(NOOP, { n });
      runner.wake(NOOP);
    }
    await finished;
    const seconds = (performance.now() - started) / 1000;
    await runner.whenIdle(60_000);
    return JOBS / seconds;
  } finally {
    await runner.stop();
  }
}

async function measure(label: string, database: Database): Promise<void> {
  await database.migrate();
  const base = await baseline(database);
  const jobs = await throughQueue(database);
  console.log(`baseline: INSERT + SELECT (${label})`.padEnd(44), `${base.toFixed(0).padStart(7)} items/s`);
  console.log(`queue: send + run + complete (${label})`.padEnd(44), `${jobs.toFixed(0).padStart(7)} jobs/s`);
  console.log(`ratio queue/baseline (${label}): ${(jobs / base).toFixed(3)}`);
}

export async function run(): Promise<void> {
  console.log(`${JOBS} items, one at a time; ${WORKERS} workers, no-op handler, one process`);
  const dataDir = mkdtempSync(join(tmpdir(), 'kaskita-jobs-bench-'));
  const pglite = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
  try {
    await measure('PGlite', pglite);
  } finally {
    await pglite.close();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    console.log('PostgreSQL: skipped (set DATABASE_URL to measure it too)');
    return;
  }
  const name = `kaskita_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const postgres = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 10 });
  try {
    await measure('PostgreSQL', postgres);
  } finally {
    await postgres.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

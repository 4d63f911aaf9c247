import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { JobRepository } from '../../src/jobs/job-repository.ts';
import { JOB_TIME_ZONE, JobRunner, type JobRunnerOptions } from '../../src/jobs/job-runner.ts';
import { jobType, type JobContext } from '../../src/jobs/job-type.ts';
import { jobRows, skipRetryWaits } from '../helpers/job-helpers.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';
import { TestClock } from '../helpers/test-app.ts';

const quiet: JobRunnerOptions['log'] = { warn: () => {}, error: () => {} };

const ECHO = jobType({
  name: 'test.echo',
  payload: z.object({ n: z.number().int() }),
  retry: { limit: 0, delaySeconds: 0, backoff: false },
  expireInSeconds: 30,
});
const FLAKY = jobType({
  name: 'test.flaky',
  payload: z.object({}),
  retry: { limit: 2, delaySeconds: 2, backoff: true },
  expireInSeconds: 30,
});
const DAILY = jobType({
  name: 'test.daily',
  payload: z.object({ kind: z.literal('accrual') }),
  retry: { limit: 1, delaySeconds: 60, backoff: false },
  expireInSeconds: 30,
});

let testDb: TestDatabase;
const clock = new TestClock('2026-03-02T17:30:00.000Z'); // 00:30 on 3 March in Jakarta
const echoed: number[] = [];
const daily: JobContext[] = [];
let flakyRuns: JobContext[] = [];
const runners: JobRunner[] = [];

function newRunner(workers = true): JobRunner {
  const runner = new JobRunner(testDb.database, clock, {
    workers,
    cron: false,
    pollSeconds: 0.5,
    log: quiet,
  });
  runner.register(ECHO, async ({ n }) => {
    echoed.push(n);
  });
  runner.register(FLAKY, async (_payload, context) => {
    flakyRuns.push(context);
    throw new Error(`gateway down (try ${context.attempt})`);
  });
  runner.register(DAILY, async (_payload, context) => {
    daily.push(context);
  });
  runner.schedule(DAILY, '5 0 * * *', { kind: 'accrual' });
  runners.push(runner);
  return runner;
}

let runner: JobRunner;
beforeAll(async () => {
  testDb = await createTestDatabase();
  runner = newRunner();
  await runner.start();
});
afterAll(async () => {
  for (const r of runners) await r.stop();
  await testDb?.destroy();
});

describe('JobRunner', () => {
  it('runs a job once per idempotency key, and refuses a payload its schema rejects', async () => {
    const first = await runner.send(ECHO, { n: 1 }, { key: 'echo-1' });
    const again = await runner.send(ECHO, { n: 1 }, { key: 'echo-1' });
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(again).toBeNull();
    await expect(runner.send(ECHO, { n: 1.5 })).rejects.toThrowError(/integer|int/i);
    await runner.whenIdle();
    expect(echoed.filter((n) => n === 1)).toEqual([1]);
  });

  it('enqueues inside a transaction: a committed job runs, a rolled-back one never exists', async () => {
    const db = testDb.database.db;
    await db.transaction(async (tx) => {
      await runner.send(ECHO, { n: 2 }, { tx });
    });
    await expect(
      db.transaction(async (tx) => {
        await runner.send(ECHO, { n: 3 }, { tx });
        throw new Error('business change failed');
      }),
    ).rejects.toThrowError('business change failed');
    await runner.whenIdle();
    expect(echoed).toContain(2);
    expect(echoed).not.toContain(3);
    expect((await jobRows(db, ECHO.name)).map((r) => (r.data as { n: number }).n).sort()).toEqual([1, 2]);
  });

  it('finds a job nobody woke a worker for at its next look, and idle workers do not each poll their queue', async () => {
    const database = testDb.database;
    const query = database.query;
    const fetches: string[] = [];
    database.query = (text, values) => {
      if (/FROM pgboss\.job\s+WHERE name = \$1\s+AND state < 'active'/i.test(text))
        fetches.push(String(values?.[0]));
      return query(text, values);
    };
    try {
      // Four looks' worth of idleness (pollSeconds 0.5): one statement per look, no worker fetching (their own fallback
      // poll comes 60 s after the runner started, beyond this file's first tests).
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect(fetches).toEqual([]);
      // Sent as another process would, without waking this one's worker: the next look wakes it.
      await runner.send(ECHO, { n: 4 });
      await expect.poll(() => echoed.includes(4), { timeout: 3000, interval: 50 }).toBe(true);
      // A delayed job is found by the first look after its time.
      await runner.send(ECHO, { n: 5 }, { delaySeconds: 1 });
      await expect.poll(() => echoed.includes(5), { timeout: 4000, interval: 50 }).toBe(true);
      expect(fetches.filter((name) => name === ECHO.name).length).toBeGreaterThan(0);
      expect(fetches.filter((name) => name !== ECHO.name)).toEqual([]);
    } finally {
      database.query = query;
    }
  });

  it('retries with growing delays, then keeps the failed job with its error', async () => {
    const db = testDb.database.db;
    flakyRuns = [];
    await runner.send(FLAKY, {});
    runner.wake(FLAKY);
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      await expect.poll(() => flakyRuns.length, { timeout: 5000 }).toBe(attempt);
      await expect
        .poll(async () => (await jobRows(db, FLAKY.name))[0]?.state, { timeout: 5000 })
        .not.toBe('active');
      const [row] = await jobRows(db, FLAKY.name);
      if (attempt < 3) {
        expect(row?.state).toBe('retry');
        delays.push(row!.delay_seconds!);
        await skipRetryWaits(db);
        runner.wake(FLAKY);
      }
    }
    // Backoff: the n-th retry waits between 2^(n-1) and 2^n times the delay (random jitter).
    expect(delays[0]).toBeGreaterThanOrEqual(2);
    expect(delays[0]).toBeLessThanOrEqual(4.5);
    expect(delays[1]).toBeGreaterThanOrEqual(4);
    expect(delays[1]).toBeLessThanOrEqual(8.5);
    expect(flakyRuns.map((c) => [c.attempt, c.lastAttempt])).toEqual([
      [1, false],
      [2, false],
      [3, true],
    ]);
    const [failed] = await jobRows(db, FLAKY.name);
    expect(failed).toMatchObject({
      state: 'failed',
      retry_count: 2,
      output: { message: 'gateway down (try 3)' },
    });
    expect((await runner.list(['failed'], 10)).map((j) => j.name)).toEqual([FLAKY.name]);
  });

  it('registers schedules in Asia/Jakarta; a run reads the business date from the injected clock', async () => {
    const db = testDb.database.db;
    const result = (await db.execute(
      sql`select name, cron, timezone from pgboss.schedule order by name`,
    )) as unknown as { rows: unknown[] };
    expect(result.rows).toEqual([{ name: DAILY.name, cron: '5 0 * * *', timezone: JOB_TIME_ZONE }]);
    await runner.trigger(DAILY);
    await runner.whenIdle();
    expect(daily.map((c) => c.businessDate)).toEqual(['2026-03-03']);
    clock.advance(24 * 3600);
    await runner.trigger(DAILY);
    await runner.whenIdle();
    expect(daily.map((c) => c.businessDate)).toEqual(['2026-03-03', '2026-03-04']);
    expect(daily[1]!.now.toISOString()).toBe('2026-03-03T17:30:00.000Z');
  });

  it('sends each fire of a schedule once, from any runner at any look, and a missed fire up to an hour late', async () => {
    const other = newRunner();
    await other.start();
    try {
      const fire = new Date('2026-03-02T17:05:00.000Z'); // 00:05 on 3 March in Jakarta: DAILY's time
      const lookAt = (looker: JobRunner, seconds: number) =>
        looker.sendDueFires(new Date(fire.getTime() + seconds * 1000));
      // Both runners, at the fire, at the end of its minute and just after it (where a dedupe by the look's minute sends
      // it again), and half an hour later.
      const sends: number[] = [];
      for (const seconds of [0.001, 30, 59.999, 60.001, 1800])
        sends.push(await lookAt(runner, seconds), await lookAt(other, seconds));
      expect(sends.reduce((a, b) => a + b)).toBe(1);
      // The next day's fire is a new job, still sent an hour late; a fire more than an hour old is not sent.
      expect(await lookAt(other, 86_400 + 3600)).toBe(1);
      expect(await lookAt(runner, 2 * 86_400 + 3600.001)).toBe(0);
      await runner.whenIdle();
      const fires = (await jobRows(testDb.database.db, DAILY.name)).filter((r) =>
        r.singleton_key?.startsWith('fire '),
      );
      expect(fires.map((r) => [r.singleton_key, r.state])).toEqual([
        ['fire 2026-03-02T17:05:00.000Z', 'completed'],
        ['fire 2026-03-03T17:05:00.000Z', 'completed'],
      ]);
    } finally {
      await other.stop();
    }
  });

  it("runs pg-boss's maintenance on this database: done jobs are archived", async () => {
    const db = testDb.database.db;
    await db.execute(
      sql`update pgboss.job set completed_on = now() - interval '2 days' where name = ${ECHO.name} and state = 'completed'`,
    );
    await runner.maintain();
    expect(await jobRows(db, ECHO.name)).toEqual([]);
    const archived = (await db.execute(
      sql`select count(*)::int as n from pgboss.archive where name = ${ECHO.name}`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(archived.rows[0]?.n).toBe(4);
  });

  it('keeps jobs queued across a restart: a new runner on the same database runs them', async () => {
    await runner.stop();
    const enqueueOnly = newRunner(false);
    await enqueueOnly.start();
    for (const n of [10, 11, 12]) await enqueueOnly.send(ECHO, { n });
    await enqueueOnly.stop();
    expect(echoed).not.toContain(10);

    const restarted = newRunner(true);
    await restarted.start();
    await restarted.whenIdle();
    expect(echoed.filter((n) => n >= 10).sort()).toEqual([10, 11, 12]);
  });

  it('counts a job as due from the instant it was sent: whenIdle never returns before a job just sent has run', async () => {
    // One transaction has one now(): the job's start_after and the look's clock are the same instant, as they are on
    // PGlite (whose clock ticks in milliseconds) when the look follows the send within a millisecond.
    const db = testDb.database.db;
    // The runner of the restart above (the first was stopped there).
    const running = runners.at(-1)!;
    const seen = await db.transaction(async (tx) => {
      await running.send(ECHO, { n: 40 }, { tx });
      return new JobRepository(tx).dueByQueue();
    });
    expect(seen.get(ECHO.name)?.waiting).toBe(1);
    await running.whenIdle();
    expect(echoed).toContain(40);
  });
});

import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../../src/app.ts';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { jobType } from '../../src/jobs/job-type.ts';
import { TEST_ENV, TestClock } from '../helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

const JOBS = 200;
const COUNTED = jobType({
  name: 'test.counted',
  payload: z.object({ n: z.number().int() }),
  retry: { limit: 0, delaySeconds: 0, backoff: false },
  expireInSeconds: 60,
});

/**
 * Two server processes on one PostgreSQL database: two apps, each with its own pool and 4 workers of one job type.
 * pg-boss claims a job with `SELECT ... FOR UPDATE SKIP LOCKED` and marks it active in the same statement, so one
 * process runs it. Checked by hand: with that clause deleted from pg-boss's fetch (plans.js fetchNextJob), this test
 * fails (jobs counted twice). PGlite is one in-process connection running one query at a time: there is no second
 * process to race, so this is PostgreSQL only.
 */
describe.skipIf(!process.env.DATABASE_URL)(
  'two app instances on one database (PostgreSQL only: PGlite is one in-process connection, no second process can race)',
  () => {
    let testDb: TestDatabase;
    let second: Database;
    const apps: FastifyInstance[] = [];

    afterAll(async () => {
      for (const app of apps) await app.close();
      await second?.close();
      await testDb?.destroy();
    });

    it('run every job exactly once between them', async () => {
      testDb = await createTestDatabase();
      second = await openDatabase({ kind: 'postgres', url: testDb.url!, poolSize: 5 });
      await testDb.database.db.execute(sql`create table job_runs (n int not null, instance text not null)`);
      const clock = new TestClock();
      for (const [instance, database] of [
        ['a', testDb.database],
        ['b', second],
      ] as const) {
        const app = await buildApp({
          envSource: {},
          logger: false,
          database,
          clock,
          env: { ...TEST_ENV, JOB_POLL_SECONDS: 0.5 },
          registerJobs: (jobs) =>
            jobs.register(
              COUNTED,
              async ({ n }) => {
                await database.db.execute(sql`insert into job_runs (n, instance) values (${n}, ${instance})`);
                await sleep(2); // a job takes a moment, so the workers' fetches overlap
              },
              { concurrency: 4 },
            ),
        });
        apps.push(app);
      }
      const [a, b] = apps as [FastifyInstance, FastifyInstance];
      for (let n = 0; n < JOBS; n++) await (n % 2 ? a : b).jobs.send(COUNTED, { n });
      a.jobs.wake(COUNTED);
      b.jobs.wake(COUNTED);
      await a.jobs.whenIdle(30_000);

      const result = (await testDb.database.db.execute(sql`
      select count(*)::int as runs, count(distinct n)::int as jobs,
             count(*) filter (where instance = 'a')::int as by_a, count(*) filter (where instance = 'b')::int as by_b
      from job_runs`)) as unknown as {
        rows: Array<{ runs: number; jobs: number; by_a: number; by_b: number }>;
      };
      const counts = result.rows[0]!;
      expect({ runs: counts.runs, jobs: counts.jobs }).toEqual({ runs: JOBS, jobs: JOBS });
      // Both processes took part, or the test proved nothing about two of them.
      expect(counts.by_a).toBeGreaterThan(0);
      expect(counts.by_b).toBeGreaterThan(0);
    });
  },
);

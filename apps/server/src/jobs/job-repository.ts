import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { rowsOf } from '../db/raw-rows.ts';

export interface QueueLoad {
  /** Waiting and due now (created or retry, start_after passed). */
  waiting: number;
  running: number;
}

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

export interface JobListing {
  id: string;
  name: string;
  state: JobState;
  /** Runs so far counting the one in progress (pg-boss's retry_count + 1 once started). */
  attempts: number;
  retryLimit: number;
  key: string | null;
  data: unknown;
  /** The error of a failed run (pg-boss keeps the last one). */
  error: string | null;
  createdOn: Date;
  startAfter: Date;
  startedOn: Date | null;
  completedOn: Date | null;
}

interface JobRow {
  id: string;
  name: string;
  state: JobState;
  retry_count: number;
  retry_limit: number;
  singleton_key: string | null;
  data: unknown;
  error: string | null;
  created_on: Date | string;
  start_after: Date | string;
  started_on: Date | string | null;
  completed_on: Date | string | null;
}

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/**
 * Reads pg-boss's own job table (schema `pgboss`, pg-boss 10's layout), which its API cannot list. Internal queues
 * (`__pgboss__*`, its cron relay) are left out.
 */
export class JobRepository {
  constructor(private readonly db: DbOrTx) {}

  /**
   * By queue, the jobs waiting and due now and those running (whenIdle). One statement, so one snapshot: counted in
   * two, a job that finishes between them after sending another is seen neither waiting nor running, and whenIdle
   * returns before the job it sent has run (seen on PostgreSQL, where each statement reads its own snapshot). A job
   * counts from the instant it was sent (`<=`, where pg-boss's fetch waits for the next): PGlite's clock ticks in
   * milliseconds, so a job sent in the same millisecond as this look was not yet due, and whenIdle returned before it
   * ran (a test that triggered the outbox sweep then found its message still pending, 1 run in ~3 of the suite).
   */
  async dueByQueue(): Promise<Map<string, QueueLoad>> {
    const rows = rowsOf<{ name: string; waiting: number; running: number }>(
      await this.db.execute(sql`
      select name,
             (count(*) filter (where state < 'active'))::int as waiting,
             (count(*) filter (where state = 'active'))::int as running
      from pgboss.job
      where not starts_with(name, '__pgboss__')
        and (state = 'active' or (state < 'active' and start_after <= now()))
      group by name`),
    );
    return new Map(rows.map((r) => [r.name, { waiting: Number(r.waiting), running: Number(r.running) }]));
  }

  /**
   * By queue, the jobs waiting and due now, as pg-boss's fetch finds them (its condition, so the partial index on waiting
   * jobs serves it, not a scan of the done and failed jobs kept for days): the runner's look, every JOB_POLL_SECONDS.
   */
  async waitingByQueue(): Promise<Map<string, number>> {
    const rows = rowsOf<{ name: string; waiting: number }>(
      await this.db.execute(sql`
      select name, count(*)::int as waiting
      from pgboss.job
      where state < 'active' and start_after < now() and not starts_with(name, '__pgboss__')
      group by name`),
    );
    return new Map(rows.map((r) => [r.name, Number(r.waiting)]));
  }

  async list(states: readonly JobState[], limit: number): Promise<JobListing[]> {
    const rows = rowsOf<JobRow>(
      await this.db.execute(sql`
      select id, name, state, retry_count, retry_limit, singleton_key, data,
             output->>'message' as error, created_on, start_after, started_on, completed_on
      from pgboss.job
      where not starts_with(name, '__pgboss__')
        and state::text in (${sql.join(
          states.map((s) => sql`${s}`),
          sql`, `,
        )})
      order by created_on desc, id
      limit ${limit}`),
    );
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      state: r.state,
      attempts: r.started_on ? r.retry_count + 1 : 0,
      retryLimit: r.retry_limit,
      key: r.singleton_key,
      data: r.data,
      error: r.state === 'completed' ? null : r.error,
      createdOn: toDate(r.created_on),
      startAfter: toDate(r.start_after),
      startedOn: r.started_on ? toDate(r.started_on) : null,
      completedOn: r.completed_on ? toDate(r.completed_on) : null,
    }));
  }
}

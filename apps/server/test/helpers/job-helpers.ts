import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import type { JobState } from '../../src/jobs/job-repository.ts';

/** Makes retries waiting out their backoff due now, so tests see a job through all its tries without sleeping. */
export async function skipRetryWaits(db: Db): Promise<void> {
  await db.execute(sql`update pgboss.job set start_after = now() where state = 'retry'`);
}

export interface JobRow {
  id: string;
  state: JobState;
  retry_count: number;
  data: unknown;
  singleton_key: string | null;
  output: { message?: string } | null;
  delay_seconds: number | null;
}

/** pg-boss's rows of one queue, oldest first; `delay_seconds` is how long after its last start a retry is due. */
export async function jobRows(db: Db, name: string): Promise<JobRow[]> {
  const result = (await db.execute(sql`
    select id, state, retry_count, data, singleton_key, output,
           extract(epoch from start_after - started_on)::float8 as delay_seconds
    from pgboss.job where name = ${name} order by created_on, id`)) as unknown as { rows: JobRow[] };
  return result.rows;
}

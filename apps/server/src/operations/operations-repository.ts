import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/raw-rows.ts';

export interface JobQueueFigures {
  type: string;
  waiting: number;
  oldestAgeSeconds: number;
}

/**
 * The figures /metrics and /ready read from the database: counts by state, never a row's content. One statement each,
 * on indexed or small tables (the job queue, the outbox's pending rows, payments and disbursements grouped by status).
 */
export class OperationsRepository {
  constructor(private readonly db: Db) {}

  /** Jobs due and waiting (created or retrying, start time reached), by type; pg-boss's internal queues left out. */
  async jobQueues(): Promise<JobQueueFigures[]> {
    const rows = rowsOf<{ name: string; waiting: number; age: number | string | null }>(
      await this.db.execute(sql`
      select name, count(*)::int as waiting,
             coalesce(extract(epoch from now() - min(start_after)), 0)::float8 as age
      from pgboss.job
      where name not like '\_\_pgboss\_\_%' and state < 'active' and start_after <= now()
      group by name`),
    );
    return rows.map((r) => ({
      type: r.name,
      waiting: Number(r.waiting),
      oldestAgeSeconds: Math.max(0, Number(r.age ?? 0)),
    }));
  }

  async outbox(): Promise<{ pending: number; oldestAgeSeconds: number }> {
    const [row] = rowsOf<{ pending: number; age: number | string | null }>(
      await this.db.execute(sql`
      select count(*)::int as pending, coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as age
      from message_outbox where status = 'pending'`),
    );
    return { pending: Number(row?.pending ?? 0), oldestAgeSeconds: Math.max(0, Number(row?.age ?? 0)) };
  }

  paymentsByStatus(): Promise<Array<{ status: string; count: number }>> {
    return this.countByStatus('payments');
  }

  disbursementsByStatus(): Promise<Array<{ status: string; count: number }>> {
    return this.countByStatus('disbursements');
  }

  private async countByStatus(table: 'payments' | 'disbursements') {
    const rows = rowsOf<{ status: string; count: number }>(
      await this.db.execute(
        sql`select status, count(*)::int as count from ${sql.identifier(table)} group by status`,
      ),
    );
    return rows.map((r) => ({ status: r.status, count: Number(r.count) }));
  }

  /** Migrations recorded as applied by Drizzle's migrator. */
  async appliedMigrations(): Promise<number> {
    const [row] = rowsOf<{ n: number }>(
      await this.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
    );
    return Number(row?.n ?? 0);
  }
}

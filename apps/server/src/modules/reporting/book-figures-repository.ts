import { desc, sql } from 'drizzle-orm';
import { addDays } from '@kaskita/domain/pricing/business-date';
import type { DbOrTx } from '../../db/client.ts';
import { creditApplications } from '../application/application-schema.ts';
import { loanBills, loans } from '../loans/loan-orders-schema.ts';
import { bookFigureRuns } from './reporting-schema.ts';
import { rowsOf } from '../../db/raw-rows.ts';

/** The loan book counted on one business date: what the figures are computed from, in whole rupiah (bigint). */
export interface BookCounts {
  applicationsToday: number;
  approved30d: number;
  rejected30d: number;
  fundsDisbursed: bigint;
  disbursedToday: bigint;
  outstanding: bigint;
  writtenOff: bigint;
  loansRepaying: number;
  buckets: Array<{ bucket: string; loans: number; principal: bigint }>;
  borrowers: number;
  perDay: Array<{ date: string; amount: bigint; loans: number }>;
}

/** Jakarta midnight of a business date, as an instant (WIB has no daylight saving). */
const jakartaMidnight = (date: string) => `${date}T00:00:00+07:00`;

/**
 * Principal still owed on one bill: payments go to late fee, fee and interest before principal (the engine's
 * allocation order), so what is paid beyond those three reduces the principal. Of a bill aliased `b`.
 */
export const billPrincipalOwed = sql.raw(
  'greatest(b.principal - greatest(b.paid - b.late_fee - b.fee - b.interest, 0), 0)',
);

export class BookFiguresRepository {
  /** Every figure of the dashboard in four statements, each one pass over its table. */
  async count(db: DbOrTx, asOf: string): Promise<BookCounts> {
    const from30 = jakartaMidnight(addDays(asOf, -29));
    const today = jakartaMidnight(asOf);
    const tomorrow = jakartaMidnight(addDays(asOf, 1));
    const [apps] = rowsOf<{ today: number; approved: number; rejected: number }>(
      await db.execute(sql`
        select
          count(*) filter (where submitted_at >= ${today}::timestamptz)::int as today,
          count(*) filter (where state = 'approved' and decided_at >= ${from30}::timestamptz)::int as approved,
          count(*) filter (where state = 'rejected' and decided_at >= ${from30}::timestamptz)::int as rejected
        from ${creditApplications}
        where (submitted_at >= ${today}::timestamptz and submitted_at < ${tomorrow}::timestamptz)
           or (decided_at >= ${from30}::timestamptz and decided_at < ${tomorrow}::timestamptz)`),
    );
    const [lent] = rowsOf<{ total: string; today: string; borrowers: number }>(
      await db.execute(sql`
        select coalesce(sum(amount), 0)::text as total,
          coalesce(sum(amount) filter (where disbursed_on = ${asOf}::date), 0)::text as today,
          count(distinct user_id)::int as borrowers
        from ${loans} where disbursed_on is not null and disbursed_on <= ${asOf}::date`),
    );
    // One row per open loan: principal owed (or written off) and its days past due on `asOf`.
    const book = rowsOf<{ bucket: string; loans: number; principal: string; written_off: string }>(
      await db.execute(sql`
        with per_loan as (
          select b.loan_id,
            sum(${billPrincipalOwed}) filter (where b.state in ('pending', 'overdue')) as principal,
            sum(${billPrincipalOwed}) filter (where b.state = 'written-off') as written_off,
            ${asOf}::date - min(b.due_date) filter (where b.state in ('pending', 'overdue')) as dpd
          from ${loanBills} b join ${loans} l on l.id = b.loan_id
          where l.state in ('active', 'overdue', 'written-off') and b.state in ('pending', 'overdue', 'written-off')
          group by b.loan_id
        )
        select
          case when dpd > 90 then '90+' when dpd > 60 then '61-90' when dpd > 30 then '31-60'
               when dpd > 0 then '1-30' else 'current' end as bucket,
          count(*) filter (where principal is not null)::int as loans,
          coalesce(sum(principal), 0)::text as principal,
          coalesce(sum(written_off), 0)::text as written_off
        from per_loan group by 1`),
    );
    const perDay = rowsOf<{ date: string; amount: string; loans: number }>(
      await db.execute(sql`
        select d::date::text as date, coalesce(sum(l.amount), 0)::text as amount, count(l.id)::int as loans
        from generate_series(${asOf}::date - 29, ${asOf}::date, interval '1 day') d
        left join ${loans} l on l.disbursed_on = d::date
        group by d order by d`),
    );
    const open = book.filter((r) => r.bucket !== 'current');
    return {
      applicationsToday: apps?.today ?? 0,
      approved30d: apps?.approved ?? 0,
      rejected30d: apps?.rejected ?? 0,
      fundsDisbursed: BigInt(lent?.total ?? '0'),
      disbursedToday: BigInt(lent?.today ?? '0'),
      outstanding: book.reduce((s, r) => s + BigInt(r.principal), 0n),
      writtenOff: book.reduce((s, r) => s + BigInt(r.written_off), 0n),
      loansRepaying: book.reduce((s, r) => s + r.loans, 0),
      buckets: open.map((r) => ({ bucket: r.bucket, loans: r.loans, principal: BigInt(r.principal) })),
      borrowers: lent?.borrowers ?? 0,
      perDay: perDay.map((r) => ({ date: r.date, amount: BigInt(r.amount), loans: r.loans })),
    };
  }

  async insertRun(db: DbOrTx, row: Omit<typeof bookFigureRuns.$inferInsert, 'seq'>): Promise<void> {
    await db.insert(bookFigureRuns).values(row);
  }

  async latest(db: DbOrTx): Promise<typeof bookFigureRuns.$inferSelect | undefined> {
    const [row] = await db.select().from(bookFigureRuns).orderBy(desc(bookFigureRuns.seq)).limit(1);
    return row;
  }
}

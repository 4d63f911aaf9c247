import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { DPD_BUCKETS, type BookFigures } from '@kaskita/domain/contract/admin-book';
import type { PlatformFigures } from '@kaskita/domain/contract/config';
import { fromBigInt } from '@kaskita/domain/money/rupiah';
import { businessDateAt } from '@kaskita/domain/pricing/business-date';
import { PERMISSIONS } from '@kaskita/domain/staff/permissions';
import type { Clock } from '../../clock.ts';
import { defineCommand, type Actor } from '../../commands/command.ts';
import type { CommandExecutor } from '../../commands/command-executor.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { jobType } from '../../jobs/job-type.ts';
import type { BookCounts, BookFiguresRepository } from './book-figures-repository.ts';

/** Each night after the accrual (00:05 WIB): the figures from the loan book, for the dashboard and the landing page. */
export const BOOK_FIGURES = jobType({
  name: 'reporting.book-figures',
  payload: z.object({}),
  retry: { limit: 3, delaySeconds: 300, backoff: true },
  expireInSeconds: 600,
});
export const BOOK_FIGURES_CRON = '30 0 * * *';

/**
 * TKB90 as OJK defines it: 100% minus TWP90, the share of outstanding principal more than 90 days late, as a percent
 * with two decimals, rounded down so the published figure never flatters the book. No principal outstanding: 100.
 */
export function tkb90Percent(outstanding: bigint, defaulted: bigint): string {
  if (outstanding <= 0n) return '100.00';
  const late = (defaulted * 10_000n + outstanding - 1n) / outstanding; // basis points, rounded up
  const bp = 10_000n - late;
  return `${bp / 100n}.${String(bp % 100n).padStart(2, '0')}`;
}

/** part / whole as a percent with two decimals, rounded down; null when there is no whole. */
function percent(part: number, whole: number): string | null {
  if (whole === 0) return null;
  const bp = Math.floor((part * 10_000) / whole);
  return `${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, '0')}`;
}

/** The figures from the book's counts: exact integer rupiah, percents as exact strings. */
export function figuresOf(counts: BookCounts, asOf: string, computedAt: Date): BookFigures {
  const bucket = (b: string) => counts.buckets.find((x) => x.bucket === b);
  const overdue = DPD_BUCKETS.map((b) => ({
    bucket: b,
    loans: bucket(b)?.loans ?? 0,
    principal: fromBigInt(bucket(b)?.principal ?? 0n),
  }));
  // Written-off principal counts as defaulted, in the whole and in the part: a write-off never lifts TKB90.
  const defaulted = (bucket('90+')?.principal ?? 0n) + counts.writtenOff;
  return {
    as_of: asOf,
    computed_at: computedAt.toISOString(),
    applications_today: counts.applicationsToday,
    applications_approved_30d: counts.approved30d,
    applications_rejected_30d: counts.rejected30d,
    approval_rate_percent: percent(counts.approved30d, counts.approved30d + counts.rejected30d),
    funds_disbursed: fromBigInt(counts.fundsDisbursed),
    disbursed_today: fromBigInt(counts.disbursedToday),
    outstanding_principal: fromBigInt(counts.outstanding),
    written_off_principal: fromBigInt(counts.writtenOff),
    loans_repaying: counts.loansRepaying,
    overdue,
    tkb90_percent: tkb90Percent(counts.outstanding + counts.writtenOff, defaulted),
    borrowers: counts.borrowers,
    lenders: null,
    disbursed_per_day: counts.perDay.map((d) => ({
      date: d.date,
      amount: fromBigInt(d.amount),
      loans: d.loans,
    })),
  };
}

/** What the landing page publishes of the newest figures; every figure null before the first computation. */
export function publishedOf(figures: BookFigures | null): PlatformFigures {
  return {
    funds_disbursed: figures?.funds_disbursed ?? null,
    lenders: figures?.lenders ?? null,
    borrowers: figures?.borrowers ?? null,
    tkb90_percent: figures?.tkb90_percent ?? null,
    as_of: figures?.as_of ?? null,
  };
}

/**
 * One computation of the platform figures for the dashboard and the landing page: the nightly job runs it, and a
 * staff member may run it now as a command (audited, with their reason). Each run is kept with its time.
 */
export class BookFiguresService {
  private readonly computeCommand = defineCommand({
    name: 'reporting.compute-figures',
    input: z.object({}),
    actors: ['staff'],
    permission: PERMISSIONS.figuresPublish,
    handle: async (tx, _input, { commandId, now }) => {
      const figures = await this.computeAndStore(tx, now, commandId);
      return {
        result: figures,
        subject: { type: 'book_figures', id: commandId },
        outcome: 'computed',
        after: { as_of: figures.as_of, tkb90_percent: figures.tkb90_percent },
      };
    },
  });

  constructor(
    private readonly deps: { db: Db; clock: Clock; repo: BookFiguresRepository; commands: CommandExecutor },
  ) {}

  /** The nightly run: not a person's change, so no command (like the accrual it follows). */
  runNightly(): Promise<BookFigures> {
    return this.computeAndStore(this.deps.db, this.deps.clock.now(), 'job');
  }

  computeNow(actor: Actor, reason: string): Promise<BookFigures> {
    return this.deps.commands.run(this.computeCommand, {}, actor, { reason });
  }

  async latest(): Promise<BookFigures | null> {
    return (await this.deps.repo.latest(this.deps.db))?.figures ?? null;
  }

  async published(): Promise<PlatformFigures> {
    return publishedOf(await this.latest());
  }

  private async computeAndStore(db: DbOrTx, now: Date, computedBy: string): Promise<BookFigures> {
    const asOf = businessDateAt(now);
    const figures = figuresOf(await this.deps.repo.count(db, asOf), asOf, now);
    await this.deps.repo.insertRun(db, { id: randomUUID(), asOf, computedAt: now, computedBy, figures });
    return figures;
  }
}

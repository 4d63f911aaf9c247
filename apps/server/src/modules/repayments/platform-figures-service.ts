import { z } from 'zod';
import type { PlatformFigures } from '@kaskita/domain/contract/config';
import { businessDateAt } from '@kaskita/domain/pricing/business-date';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { jobType } from '../../jobs/job-type.ts';
import type { LoanBookService } from '../loans/loan-book-service.ts';

/** Each night after the accrual: the landing page's figures from the loan book. */
export const PLATFORM_FIGURES = jobType({
  name: 'repayments.platform-figures',
  payload: z.object({}),
  retry: { limit: 3, delaySeconds: 300, backoff: true },
  expireInSeconds: 600,
});
export const PLATFORM_FIGURES_CRON = '30 0 * * *';

/**
 * TKB90 as OJK defines it: 100% minus the share of outstanding principal on loans more than 90 days late, as a percent
 * with two decimals, rounded down so the published figure never flatters the book. No principal outstanding: 100.
 */
export function tkb90Percent(outstanding: bigint, defaulted: bigint): string {
  if (outstanding <= 0n) return '100.00';
  const late = (defaulted * 10_000n + outstanding - 1n) / outstanding; // basis points, rounded up
  const bp = 10_000n - late;
  return `${bp / 100n}.${String(bp % 100n).padStart(2, '0')}`;
}

/** Counts the figures OJK requires on the landing page (funds disbursed, borrowers, TKB90) and publishes them. */
export class PlatformFiguresService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      loans: LoanBookService;
      config: {
        setPlatformFigures(figures: Omit<PlatformFigures, 'lenders'>, now: Date): Promise<PlatformFigures>;
      };
    },
  ) {}

  async run(): Promise<PlatformFigures> {
    const now = this.deps.clock.now();
    const asOf = businessDateAt(now);
    const book = await this.deps.loans.bookFigures(this.deps.db, asOf);
    return this.deps.config.setPlatformFigures(
      {
        funds_disbursed: book.disbursed,
        borrowers: book.borrowers,
        tkb90_percent: tkb90Percent(book.outstanding, book.defaulted),
        as_of: asOf,
      },
      now,
    );
  }
}

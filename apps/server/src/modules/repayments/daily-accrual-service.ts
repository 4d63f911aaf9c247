import { z } from 'zod';
import { accrueTo } from '@kaskita/domain/lifecycle/accrual';
import { billStatusOf } from '@kaskita/domain/lifecycle/loan-state';
import type { BusinessDate } from '@kaskita/domain/pricing/business-date';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { jobType } from '../../jobs/job-type.ts';
import type { LedgerService } from '../ledger/ledger-service.ts';
import type { AccruedLoan, LoanBookService } from '../loans/loan-book-service.ts';
import type { UserAccounts } from '../user/user-service.ts';

/** Each night after midnight in Jakarta: every repaying loan brought to the new business date. */
export const DAILY_ACCRUAL = jobType({
  name: 'repayments.daily-accrual',
  payload: z.object({ date: z.string().optional() }),
  retry: { limit: 3, delaySeconds: 300, backoff: true },
  expireInSeconds: 3600,
});
export const DAILY_ACCRUAL_CRON = '5 0 * * *';

/** Loans per transaction: large enough to amortise the statements, small enough to hold few row locks for long. */
const BATCH = 500;

export interface AccrualReport {
  date: BusinessDate;
  /** Loans brought to the date (those a payment held locked are not counted: they catch up later). */
  loans: number;
  becameOverdue: number;
  batches: number;
}

/**
 * The daily accrual: interest and fees earned, late fees for each day past due (capped by the engine at the loan's
 * ceiling: economic benefit plus late fees within 100% of principal), unpaid bills past due marked overdue. In batches
 * of loans locked with SKIP LOCKED, each batch one transaction of a few set-based statements (accounts, changed bills,
 * ledger lines). A loan a payment is applying to is skipped and caught up by the payment itself or the next run, so
 * the job never waits on, or undoes, a payment. Running it twice for a date changes nothing the second time.
 */
export class DailyAccrualService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      loans: LoanBookService;
      ledger: LedgerService;
      users: Pick<UserAccounts, 'setLoanStatus'>;
    },
  ) {}

  async run(date: BusinessDate): Promise<AccrualReport> {
    const report: AccrualReport = { date, loans: 0, becameOverdue: 0, batches: 0 };
    for (;;) {
      const done = await this.deps.db.transaction(async (tx) => {
        const batch = await this.deps.loans.lockBehind(tx, date, BATCH);
        if (batch.length === 0) return true;
        const now = this.deps.clock.now();
        const accrued: AccruedLoan[] = batch.map(({ row, account }) => ({
          row,
          before: account,
          after: accrueTo(account, date),
        }));
        await this.deps.loans.saveAccrued(tx, accrued, now);
        await this.deps.ledger.appendMany(
          tx,
          accrued.map(({ row, after }) => ({
            loanId: row.id,
            source: `accrual:${date}`,
            entries: after.journal,
          })),
          now,
        );
        for (const { row, before, after } of accrued) {
          if (after.state !== before.state) {
            report.becameOverdue += after.state === 'overdue' ? 1 : 0;
            await this.deps.users.setLoanStatus(tx, row.userId, {
              billStatus: billStatusOf(after.state),
              loanFailStatus: 0,
            });
          }
        }
        report.loans += batch.length;
        report.batches += 1;
        return batch.length < BATCH;
      });
      if (done) return report;
    }
  }
}

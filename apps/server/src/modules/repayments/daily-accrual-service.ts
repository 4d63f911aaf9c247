import { z } from 'zod';
import { accrueTo } from '@kaskita/domain/lifecycle/accrual';
import { billStatusOf } from '@kaskita/domain/lifecycle/loan-state';
import type { BusinessDate } from '@kaskita/domain/pricing/business-date';
import type { Clock } from '../../clock.ts';
import type { Db, Tx } from '../../db/client.ts';
import { jobType } from '../../jobs/job-type.ts';
import type { LedgerService } from '../ledger/ledger-service.ts';
import type { AccruedLoan, LoanBookService } from '../loans/loan-book-service.ts';
import type { UserAccounts } from '../user/user-service.ts';
import { accrueInSql, type MovedLoan } from './accrual-in-sql.ts';
import type { LoanClosedHooks } from './loan-closed-hooks.ts';

/** Each night after midnight in Jakarta: every repaying loan brought to the new business date. */
export const DAILY_ACCRUAL = jobType({
  name: 'repayments.daily-accrual',
  payload: z.object({ date: z.string().optional() }),
  retry: { limit: 3, delaySeconds: 300, backoff: true },
  expireInSeconds: 3600,
});
export const DAILY_ACCRUAL_CRON = '5 0 * * *';

/**
 * Batches at once on PostgreSQL: two let one batch's engine work in Node overlap the other's writes in the database
 * (bench/accrual-bench.ts measures one against two).
 */
export const ACCRUAL_WORKERS_ON_POSTGRES = 2;

/** Loans per engine transaction: large enough to amortise the statements, small enough to hold few row locks for long. */
const BATCH = 500;

/**
 * Loans per set-based statement. A payment that finds its loan in a batch waits for that batch's transaction: on the
 * worst night of 100,000 loans in bench/accrual-bench.ts, batches of 5,000 held their loans 3.4 s each, of 1,000 about
 * 0.9 s, and the night took as long against the run's baseline (5.4x and 5.5x). The accrual skips the loans payments
 * hold.
 */
const SQL_BATCH = 1000;

export interface AccrualReport {
  date: BusinessDate;
  /** Loans brought to the date (those a payment held locked are not counted: they catch up later). */
  loans: number;
  becameOverdue: number;
  batches: number;
}

/**
 * The daily accrual: late fees for each day past due (capped by the engine at the loan's ceiling: economic benefit
 * plus late fees within 100% of principal), unpaid bills past due marked overdue, interest and fees earned recognised,
 * and credit the borrower holds spent on each bill on its due date, before any late fee (paying a loan off, maybe).
 *
 * Only loans whose next accrual day has come are read (`loans.next_accrual_on`, the engine's `nextAccrualDate`): a bill
 * falls due, an overdue bill gathers a late fee, or a month begins (income recognised for the month's accounts). On the
 * other nights a loan has nothing the books must show, and every operation on it (payment, settlement, quote) accrues
 * to its own date first, so no amount depends on the nights skipped.
 *
 * Two passes, each in batches of loans locked with SKIP LOCKED, a batch one transaction; `workers` batches run side by
 * side on PostgreSQL. First the set-based pass (accrual-in-sql.ts): one statement per batch does the engine's one-step
 * accrual in the database (accounts, changed bills, ledger lines), for every loan holding no credit, so nothing is read
 * into Node. Then the engine in Node for what is left (held credit pays bills day by day: rare, and its rules are the
 * engine's alone). A loan a payment is applying to is skipped and caught up by the payment itself or the next run, so
 * the job never waits on, or undoes, a payment. Running it twice for a date changes nothing the second time.
 */
export class DailyAccrualService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      loans: LoanBookService;
      ledger: LedgerService;
      users: Pick<UserAccounts, 'setLoanStatuses'>;
      /** Told of a loan that held credit paid off on its last due date (its leftover credit is refunded). */
      closed: LoanClosedHooks;
      /** Batch transactions at once; 1 on PGlite (one query at a time). */
      workers?: number;
      /** False: every loan through the engine in Node (bench/accrual-bench.ts measures one against the other). */
      setBased?: boolean;
    },
  ) {}

  async run(date: BusinessDate): Promise<AccrualReport> {
    const report: AccrualReport = { date, loans: 0, becameOverdue: 0, batches: 0 };
    const left: string[] = [];
    if (this.deps.setBased ?? true) await this.inWorkers(() => this.sqlBatch(date, report, left));
    await this.inWorkers(() => this.engineBatch(date, report));
    return report;
  }

  /** `batch` again and again in each worker until it says no more. */
  private async inWorkers(batch: () => Promise<boolean>): Promise<void> {
    const worker = async () => {
      while (await batch());
    };
    // Every worker finishes (or fails) before the job answers, so a failed run never leaves a batch still writing.
    const outcomes = await Promise.allSettled(
      Array.from({ length: Math.max(this.deps.workers ?? 1, 1) }, worker),
    );
    const failed = outcomes.find((o) => o.status === 'rejected');
    if (failed) throw failed.reason;
  }

  /**
   * One statement's batch of the loans the set-based pass takes (accrual-in-sql.ts), in its own transaction. `left`
   * gathers the loans it leaves to the engine's pass, which the night's later batches pass over.
   */
  private sqlBatch(date: BusinessDate, report: AccrualReport, left: string[]): Promise<boolean> {
    return this.deps.db.transaction(async (tx) => {
      const batch = await accrueInSql(tx, date, SQL_BATCH, this.deps.clock.now(), left);
      left.push(...batch.left);
      if (batch.loans + batch.left.length === 0) return false;
      await this.saveBillStatuses(tx, batch.moved);
      report.becameOverdue += batch.moved.filter(({ state }) => state === 'overdue').length;
      report.loans += batch.loans;
      report.batches += 1;
      return batch.loans + batch.left.length === SQL_BATCH;
    });
  }

  /**
   * One batch of what the set-based pass leaves (loans holding credit) through the engine in Node, in its own
   * transaction; false once no loan is left to accrue (or all left are locked by others).
   */
  private engineBatch(date: BusinessDate, report: AccrualReport): Promise<boolean> {
    return this.deps.db.transaction(async (tx) => {
      const batch = await this.deps.loans.lockDue(tx, date, BATCH);
      if (batch.length === 0) return false;
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
      const moved = accrued.filter(({ before, after }) => after.state !== before.state);
      for (const { row, after } of moved)
        if (after.state === 'paid-off') await this.deps.closed.closed(tx, row.id);
      await this.saveBillStatuses(
        tx,
        moved.map(({ row, before, after }) => ({
          userId: row.userId,
          was: before.state,
          state: after.state,
        })),
      );
      report.becameOverdue += moved.filter(({ after }) => after.state === 'overdue').length;
      report.loans += batch.length;
      report.batches += 1;
      return batch.length === BATCH;
    });
  }

  /**
   * The borrowers' bill status after their loans moved, only where it changes: active and overdue are both "repaying",
   * so on the worst night (every loan going overdue) writing every move rewrote 1,000 rows a batch with what they held.
   */
  private saveBillStatuses(tx: Tx, moves: readonly MovedLoan[]): Promise<void> {
    return this.deps.users.setLoanStatuses(
      tx,
      moves
        .filter(({ was, state }) => billStatusOf(state) !== billStatusOf(was))
        .map(({ userId, state }) => ({ userId, billStatus: billStatusOf(state), loanFailStatus: 0 })),
    );
  }
}

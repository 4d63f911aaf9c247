import { outstandingOf, type Loan } from '@kaskita/domain/lifecycle/loan-account';
import type { LoanState } from '@kaskita/domain/lifecycle/loan-state';
import type { DbOrTx, Tx } from '../../db/client.ts';
import {
  billRowOf,
  type AccrualRow,
  type LoanOrdersRepository,
  type UnpaidBill,
} from './loan-orders-repository.ts';
import type { LoanRow } from './loan-orders-schema.ts';
import { accountColumns, decodeLoanAccount } from './stored-loan-account.ts';

/** A loan row with its engine account (absent before the disbursement), journal empty: the ledger holds it. */
export interface BookedLoan {
  row: LoanRow;
  account: Loan | null;
}

/**
 * The loan book as other modules use it (repayments, the daily jobs): a loan with its engine account, locked for a
 * change, and the changed account saved back with its bills in the caller's transaction.
 */
export class LoanBookService {
  constructor(private readonly repo: LoanOrdersRepository) {}

  /** The borrower's open loan, or null. */
  async open(db: DbOrTx, userId: string): Promise<BookedLoan | null> {
    const row = await this.repo.open(db, userId);
    return row ? booked(row) : null;
  }

  /** A loan of this borrower (never another's), or undefined. */
  ofUser(db: DbOrTx, userId: string, loanId: string): Promise<LoanRow | undefined> {
    return this.repo.ofUser(db, userId, loanId);
  }

  /** Every loan of the borrower, newest first. */
  async history(db: DbOrTx, userId: string): Promise<BookedLoan[]> {
    return (await this.repo.allOfUser(db, userId)).map(booked);
  }

  /** Every unpaid bill of a repaying loan with its borrower's phone and language (reminders). */
  unpaidBills(db: DbOrTx): Promise<UnpaidBill[]> {
    return this.repo.unpaidBills(db);
  }

  /** A loan by id, read without a lock (the back office's views). */
  async byId(db: DbOrTx, loanId: string): Promise<BookedLoan | null> {
    const row = await this.repo.byId(db, loanId);
    return row ? booked(row) : null;
  }

  /** The loan locked until the transaction ends (payments, accruals and repay requests take it in turn). */
  async lock(tx: Tx, loanId: string): Promise<BookedLoan | null> {
    const row = await this.repo.byIdForUpdate(tx, loanId);
    return row ? booked(row) : null;
  }

  /** Up to `limit` repaying loans with something to accrue by `date`, locked for the caller's transaction. */
  async lockDue(tx: Tx, date: string, limit: number): Promise<Array<{ row: AccrualRow; account: Loan }>> {
    const rows = await this.repo.lockDue(tx, date, limit);
    return rows.flatMap((row) =>
      row.account ? [{ row, account: { ...decodeLoanAccount(row.account), journal: [] } }] : [],
    );
  }

  /** Saves many accrued loans and their bills, in a few statements. */
  async saveAccrued(tx: Tx, loans: readonly AccruedLoan[], now: Date): Promise<void> {
    await this.repo.saveAccounts(
      tx,
      loans.map(({ row, after }) => ({
        id: row.id,
        state: after.state,
        ...accountColumns(after),
      })),
      now,
    );
    // Every bill of each: the nightly fields live in the bills' rows only (stored-loan-account.ts).
    await this.repo.saveBills(
      tx,
      loans.flatMap(({ row, after }) => after.instalments.map((i) => billRowOf(row.id, i, now))),
      now,
    );
  }

  /**
   * Stores the engine's account and state and rewrites the bills from it; the state moves only from `row`'s. The bills
   * first: the account read back with the row is whole only once its bills are.
   */
  async save(tx: Tx, row: LoanRow, loan: Loan, now: Date): Promise<void> {
    await this.repo.updateBills(tx, row.id, loan.instalments, now);
    await this.repo.update(tx, row.id, row.state as LoanState, {
      state: loan.state,
      ...accountColumns(loan),
      updatedAt: now,
    });
  }
}

/** One loan changed by the daily accrual. */
export interface AccruedLoan {
  row: AccrualRow;
  before: Loan;
  after: Loan;
}

function booked(row: LoanRow): BookedLoan {
  return { row, account: row.account ? { ...decodeLoanAccount(row.account), journal: [] } : null };
}

/** What an audit row keeps of a loan before and after a command: its state and what it owes, not its plan. */
export function loanSummary(loan: Loan) {
  return { state: loan.state, asOf: loan.asOf, outstanding: outstandingOf(loan), credit: loan.credit };
}

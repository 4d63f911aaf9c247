/**
 * Paying back the credit a closed loan still holds (overpayments, settlement rebates): the money leaves through the
 * disbursement provider, and once the provider confirms it the borrower-credit liability is debited against cash.
 * Nothing is booked before that confirmation, so a failed payout leaves the credit held, to be tried again.
 */
import { nonNegativeRupiah, type Rupiah } from '../money/rupiah.ts';
import type { BusinessDate } from '../pricing/business-date.ts';
import { credit, debit, journalEntry } from './ledger.ts';
import { LoanOperationError, withEntries, type Loan } from './loan-account.ts';

/** Loan states whose held credit is paid back: closed, nothing more will be owed. */
export const REFUNDABLE_STATES = ['paid-off'] as const satisfies readonly Loan['state'][];

/** True when the loan is closed and holds credit for the borrower. */
export function hasRefundableCredit(loan: Loan): boolean {
  return (REFUNDABLE_STATES as readonly string[]).includes(loan.state) && loan.credit > 0;
}

/**
 * The loan after `amount` of its credit reached the borrower's bank account: credit down by `amount`, and one
 * `credit-refund` entry (borrower-credit debited, cash credited).
 * @throws LoanOperationError when the loan is not closed, or `amount` is not positive or above the credit held.
 */
export function refundCredit(loan: Loan, amount: Rupiah, date: BusinessDate): Loan {
  if (!(REFUNDABLE_STATES as readonly string[]).includes(loan.state))
    throw new LoanOperationError(`credit is refunded only when the loan is closed, not ${loan.state}`);
  if (amount <= 0 || amount > loan.credit)
    throw new LoanOperationError(`refund ${amount} must be positive and at most the credit ${loan.credit}`);
  const entry = journalEntry(date, 'credit-refund', [
    debit('borrower-credit', amount),
    credit('cash', amount),
  ]);
  return {
    ...loan,
    credit: nonNegativeRupiah(loan.credit - amount),
    journal: withEntries(loan.journal, [entry]),
  };
}

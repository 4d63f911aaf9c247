/**
 * A loan under dispute: the borrower says they never took it, or that a payment was not credited. While the dispute
 * is open no late fee accrues (accrual.ts passes the days over for good), so a borrower is never charged for the days
 * it takes the lender to answer; interest and fees for days of use are earned as before, and payments are taken.
 * Several disputes may be open on one loan: it stays under dispute until the last one closes (the caller counts).
 */
import type { BusinessDate } from '../pricing/business-date.ts';
import { accrueTo } from './accrual.ts';
import { isRepaying, LoanOperationError, type Loan } from './loan-account.ts';

/**
 * The loan accrued to `date` (late fees through that day included), then under dispute from it.
 * @throws LoanOperationError when the loan is not repaying, or `date` is before its last processed date.
 */
export function openDispute(loan: Loan, date: BusinessDate): Loan {
  if (!isRepaying(loan)) throw new LoanOperationError(`loan ${loan.id} is ${loan.state}: nothing to dispute`);
  const accrued = accrueTo(loan, date);
  return accrued.disputedSince ? accrued : { ...accrued, disputedSince: date };
}

/**
 * The loan accrued to `date` (no late fee for the days under dispute), then no longer disputed: late fees accrue again
 * from the next day. A loan not under dispute is only accrued; one that closed meanwhile (paid off) just loses the flag.
 * @throws LoanOperationError when `date` is before the loan's last processed date.
 */
export function closeDispute(loan: Loan, date: BusinessDate): Loan {
  const accrued = isRepaying(loan) ? accrueTo(loan, date) : loan;
  if (!accrued.disputedSince) return accrued;
  const { disputedSince: _closed, ...rest } = accrued;
  return rest;
}

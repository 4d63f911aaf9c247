import type { BillView } from '@kaskita/domain/contract/repayments';
import { accrueTo } from '@kaskita/domain/lifecycle/accrual';
import {
  isRepaying,
  remainingOf,
  totalOf,
  type Loan,
  type LoanInstalment,
} from '@kaskita/domain/lifecycle/loan-account';
import { subtractRupiah } from '@kaskita/domain/money/rupiah';
import { daysBetween, type BusinessDate } from '@kaskita/domain/pricing/business-date';

/**
 * The loan as of `date` for reading: accrued in memory (late fees, overdue bills) without being stored, so a bill
 * shows today's figures even before the daily job ran. A loan already processed past `date` is taken as it is.
 */
export function loanAsOf(loan: Loan, date: BusinessDate): Loan {
  if (!isRepaying(loan) || loan.asOf >= date) return loan;
  return accrueTo(loan, date);
}

/**
 * A bill as the borrower reads it. A late fee staff waived is not shown as charged: the bill asks only what it still
 * may (`total` − `paid` = `outstanding` while nothing is written off).
 */
export function billView(i: LoanInstalment, date: BusinessDate): BillView {
  const remaining = remainingOf(i);
  const outstanding = totalOf(remaining);
  const lateFee = subtractRupiah(i.due.lateFee, i.waived.lateFee);
  const total = subtractRupiah(totalOf(i.due), i.waived.lateFee);
  return {
    number: i.number,
    period_start: i.periodStart,
    due_date: i.dueDate,
    state: i.state,
    days_late: outstanding > 0 && i.dueDate < date ? daysBetween(i.dueDate, date) : 0,
    principal: i.due.principal,
    interest: i.due.interest,
    fee: i.due.fee,
    late_fee: lateFee,
    total,
    paid: totalOf(i.paid),
    outstanding,
  };
}

import type { BillView } from '@kaskita/domain/contract/repayments';
import { accrueTo } from '@kaskita/domain/lifecycle/accrual';
import {
  isRepaying,
  remainingOf,
  totalOf,
  type Loan,
  type LoanInstalment,
} from '@kaskita/domain/lifecycle/loan-account';
import { daysBetween, type BusinessDate } from '@kaskita/domain/pricing/business-date';

/**
 * The loan as of `date` for reading: accrued in memory (late fees, overdue bills) without being stored, so a bill
 * shows today's figures even before the daily job ran. A loan already processed past `date` is taken as it is.
 */
export function loanAsOf(loan: Loan, date: BusinessDate): Loan {
  if (!isRepaying(loan) || loan.asOf >= date) return loan;
  return accrueTo(loan, date);
}

export function billView(i: LoanInstalment, date: BusinessDate): BillView {
  const remaining = remainingOf(i);
  const outstanding = totalOf(remaining);
  const total = totalOf(i.due);
  return {
    number: i.number,
    period_start: i.periodStart,
    due_date: i.dueDate,
    state: i.state,
    days_late: outstanding > 0 && i.dueDate < date ? daysBetween(i.dueDate, date) : 0,
    principal: i.due.principal,
    interest: i.due.interest,
    fee: i.due.fee,
    late_fee: i.due.lateFee,
    total,
    paid: totalOf(i.paid),
    outstanding,
  };
}

import type { BillView } from '@kaskita/domain/contract/repayments';
import { accrueTo } from '@kaskita/domain/lifecycle/accrual';
import {
  isRepaying,
  netOfCredit,
  remainingOf,
  totalOf,
  type Loan,
  type LoanInstalment,
} from '@kaskita/domain/lifecycle/loan-account';
import { settlementQuote } from '@kaskita/domain/lifecycle/settlement';
import { sumRupiah, type Rupiah } from '@kaskita/domain/money/rupiah';
import { daysBetween, type BusinessDate } from '@kaskita/domain/pricing/business-date';
import type { RepaymentType } from '@kaskita/domain/contract/repayments';

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

/** What each kind of repayment asks today, net of the credit held (spent first by the engine); null when none. */
export interface RepaymentAmounts {
  instalment: { billNumber: number; amount: Rupiah } | null;
  due: { amount: Rupiah } | null;
  settlement: { amount: Rupiah; saved: Rupiah } | null;
}

export function repaymentAmounts(loan: Loan, date: BusinessDate): RepaymentAmounts {
  if (!isRepaying(loan)) return { instalment: null, due: null, settlement: null };
  const unpaid = loan.instalments.filter((i) => totalOf(remainingOf(i)) > 0);
  const net = (amount: Rupiah) => netOfCredit(amount, loan.credit);
  const nearest = unpaid[0];
  const dueNow = unpaid.filter((i) => i.dueDate <= date);
  const quote = settlementQuote(loan, date);
  return {
    instalment:
      nearest && net(totalOf(remainingOf(nearest))) > 0
        ? { billNumber: nearest.number, amount: net(totalOf(remainingOf(nearest))) }
        : null,
    due: dueNow.length > 0 && net(sum(dueNow)) > 0 ? { amount: net(sum(dueNow)) } : null,
    settlement: quote.amountDue > 0 ? { amount: quote.amountDue, saved: quote.saved.total } : null,
  };
}

/** The amount of one repayment type today, or null when it asks nothing. */
export function amountOf(amounts: RepaymentAmounts, type: RepaymentType): Rupiah | null {
  return amounts[type]?.amount ?? null;
}

function sum(instalments: readonly LoanInstalment[]): Rupiah {
  return sumRupiah(instalments.map((i) => totalOf(remainingOf(i))));
}

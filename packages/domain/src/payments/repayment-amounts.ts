/**
 * What each kind of repayment asks today, and the rule that none is ever too small to pay: every channel has a
 * minimum (Rp 1.000 for QRIS, Rp 10.000 for the others), so an amount owed below the smallest is offered at it. The difference
 * (`excess`) is never lost: a payment beyond its bill goes on to the current bill or is held as credit, which pays the
 * next bill on its due date or, once the loan closes, is refunded to the borrower's bank account (pricing/README.md).
 */
import type { RepaymentType } from '../contract/repayments.ts';
import { isRepaying, netOfCredit, remainingOf, totalOf, type Loan } from '../lifecycle/loan-account.ts';
import { settlementQuote } from '../lifecycle/settlement.ts';
import { maxRupiah, subtractRupiah, sumRupiah, type Rupiah } from '../money/rupiah.ts';
import type { BusinessDate } from '../pricing/business-date.ts';
import { SMALLEST_PAYMENT } from './channels.ts';

/** An amount to pay: `owed` raised to `SMALLEST_PAYMENT` when below it, `excess` the part above what is owed. */
export interface PayableAmount {
  readonly amount: Rupiah;
  readonly excess: Rupiah;
}

/** What each kind of repayment asks today, net of the credit held (spent first by the engine); null when none. */
export interface RepaymentAmounts {
  readonly instalment: (PayableAmount & { readonly billNumber: number }) | null;
  readonly due: PayableAmount | null;
  readonly settlement: (PayableAmount & { readonly saved: Rupiah }) | null;
}

/** `owed` as a payable amount: never below the smallest payment. */
export function payable(owed: Rupiah, smallest: Rupiah = SMALLEST_PAYMENT): PayableAmount {
  const amount = maxRupiah(owed, smallest);
  return { amount, excess: subtractRupiah(amount, owed) };
}

/** The loan's repayment options on `date` (the loan as of that date, see the server's `loanAsOf`). */
export function repaymentAmounts(loan: Loan, date: BusinessDate): RepaymentAmounts {
  if (!isRepaying(loan)) return { instalment: null, due: null, settlement: null };
  const unpaid = loan.instalments.filter((i) => totalOf(remainingOf(i)) > 0);
  const net = (amount: Rupiah) => netOfCredit(amount, loan.credit);
  const owedOn = (bills: typeof unpaid): Rupiah => net(sumRupiah(bills.map((i) => totalOf(remainingOf(i)))));
  const nearest = unpaid[0];
  const dueNow = unpaid.filter((i) => i.dueDate <= date);
  const quote = settlementQuote(loan, date);
  const nearestOwed = owedOn(nearest ? [nearest] : []);
  const dueOwed = owedOn(dueNow);
  return {
    instalment: nearest && nearestOwed > 0 ? { billNumber: nearest.number, ...payable(nearestOwed) } : null,
    due: dueOwed > 0 ? payable(dueOwed) : null,
    settlement: quote.amountDue > 0 ? { ...payable(quote.amountDue), saved: quote.saved.total } : null,
  };
}

/** The amount of one repayment type today, or null when it asks nothing. */
export function amountOf(amounts: RepaymentAmounts, type: RepaymentType): Rupiah | null {
  return amounts[type]?.amount ?? null;
}

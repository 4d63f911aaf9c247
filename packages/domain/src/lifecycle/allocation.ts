/**
 * Payment allocation: an incoming amount pays the oldest unpaid instalment first, component by component
 * in a configurable order (default Fineract-style: late fee, fee, interest, principal). Whatever is left
 * is held as credit for the borrower, never lost. Money that covers the whole payoff closes the loan at the
 * price of the days used (see `rebate.ts`).
 */
import {
  addRupiah,
  boundedRupiah,
  formatRupiah,
  minRupiah,
  MoneyError,
  MONEY_LIMIT,
  subtractRupiah,
  sumRupiah,
  type Rupiah,
} from '../money/rupiah.ts';
import type { BusinessDate } from '../pricing/business-date.ts';
import { transitionBill } from './bill-state.ts';
import { accrueTo } from './accrual.ts';
import { credit, debit, journalEntry, type JournalLine } from './ledger.ts';
import {
  COMPONENTS,
  isRepaying,
  LoanOperationError,
  RECEIVABLE,
  remainingOf,
  totalOf,
  withEntries,
  ZERO,
  type Component,
  type Components,
  type Loan,
  type LoanInstalment,
} from './loan-account.ts';
import { transitionLoan } from './loan-state.ts';
import { payoffAmount, rebateUnusedDays } from './rebate.ts';

/** Default component order within an instalment: late fee, fee, interest, principal. */
export const DEFAULT_ALLOCATION_ORDER: readonly Component[] = ['lateFee', 'fee', 'interest', 'principal'];

/** Which instalments a payment may reach. */
export type AllocationScope =
  /** Every instalment due on or before the payment date plus the next one (the current bill): the default. */
  | 'due-and-current'
  /** Every instalment, in order (used by settlement). */
  | 'all';

/** A payment to allocate. */
export interface Payment {
  readonly amount: Rupiah;
  readonly date: BusinessDate;
  /** Component order within an instalment; must name each component once. */
  readonly order?: readonly Component[];
  readonly scope?: AllocationScope;
}

/** One allocated amount. `source` says whether it came from this payment or from held credit. */
export interface AllocationLine {
  readonly instalment: number;
  readonly component: Component;
  readonly amount: Rupiah;
  readonly source: 'payment' | 'credit';
}

/** The outcome of an allocation. */
export interface AllocationResult {
  readonly loan: Loan;
  readonly lines: readonly AllocationLine[];
  /** Credit used from earlier overpayments. */
  readonly creditUsed: Rupiah;
  /** Part of this payment held as credit. */
  readonly creditAdded: Rupiah;
  /** Charges already paid for days the loan was not used, given back as credit when this payment closed it. */
  readonly creditRebated: Rupiah;
}

/** What the payment itself paid of each component, held credit left out: a receipt's breakdown. */
export function paidFromPayment(lines: readonly AllocationLine[]): Components {
  const paid: Record<Component, Rupiah> = { ...ZERO };
  for (const line of lines)
    if (line.source === 'payment') paid[line.component] = addRupiah(paid[line.component], line.amount);
  return paid;
}

function validOrder(order: readonly Component[]): void {
  if (order.length !== COMPONENTS.length || !COMPONENTS.every((c) => order.includes(c))) {
    throw new LoanOperationError(`allocation order must name each component once: ${order.join(', ')}`);
  }
}

/**
 * Allocates a payment after accruing the loan to the payment date. Held credit is spent before the new
 * money. The sum of the allocation lines from the payment plus `creditAdded` always equals the amount.
 * A payment on a paid-off loan is held entirely as credit.
 *
 * When the payment and the credit held cover the payoff on that date, the loan is closed as a settlement
 * would close it: unused days' charges are rebated first (those already paid come back as credit) and the
 * money reaches every instalment. So no sequence of payments costs more than settling on the day of the
 * last one (plus the late fees really incurred).
 *
 * A payment on a written-off loan is refused: recovery accounting (reversing part of the write-off
 * expense) is not built, and holding the money as borrower credit would book a recovery as a debt to the
 * borrower. The caller keeps such money outside the loan until recovery exists.
 * @throws LoanOperationError for a written-off loan, a back-dated payment, a loan not disbursed, or a
 * bad order.
 */
export function allocatePayment(loan: Loan, payment: Payment): AllocationResult {
  boundedRupiah(payment.amount, 'payment');
  if (loan.state === 'written-off') {
    throw new LoanOperationError(
      `loan ${loan.id} is written off: recovery payments cannot be allocated to it (hold the money outside the loan)`,
    );
  }
  const order = payment.order ?? DEFAULT_ALLOCATION_ORDER;
  validOrder(order);
  const before = accrueTo(loan, payment.date);
  const { loan: accrued, closing } = closeIfCovered(before, payment);
  const scope = closing ? 'all' : payment.scope;
  let fromCredit = accrued.credit;
  let fromPayment = payment.amount;
  const lines: AllocationLine[] = [];
  let reachedFuture = false;
  const instalments = accrued.instalments.map((i): LoanInstalment => {
    if (i.state === 'paid' || i.state === 'written-off' || fromCredit + fromPayment === 0) return i;
    if (i.dueDate > payment.date) {
      // Only the current bill may be paid ahead, unless the caller allocates everything (settlement).
      if (reachedFuture && scope !== 'all') return i;
      reachedFuture = true;
    }
    const remaining = remainingOf(i);
    const paid = { ...i.paid };
    for (const component of order) {
      let owed = remaining[component];
      for (const source of ['credit', 'payment'] as const) {
        const available = source === 'credit' ? fromCredit : fromPayment;
        const amount = minRupiah(owed, available);
        if (amount === 0) continue;
        owed = subtractRupiah(owed, amount);
        paid[component] = addRupiah(paid[component], amount);
        if (source === 'credit') fromCredit = subtractRupiah(fromCredit, amount);
        else fromPayment = subtractRupiah(fromPayment, amount);
        lines.push({ instalment: i.number, component, amount, source });
      }
    }
    const next = { ...i, paid };
    return totalOf(remainingOf(next)) === 0 ? { ...next, state: transitionBill(i.state, 'pay-off') } : next;
  });

  const creditUsed = subtractRupiah(accrued.credit, fromCredit);
  const creditLeft = addRupiah(fromCredit, fromPayment);
  if (creditLeft > MONEY_LIMIT)
    throw new MoneyError(
      `held credit ${formatRupiah(creditLeft)} would exceed the limit of ${formatRupiah(MONEY_LIMIT)}: refund the borrower instead`,
    );
  const byAccount = (source: AllocationLine['source']): JournalLine[] =>
    COMPONENTS.map((c) =>
      credit(
        RECEIVABLE[c],
        sumRupiah(lines.filter((l) => l.component === c && l.source === source).map((l) => l.amount)),
      ),
    );
  const fromPaymentTotal = subtractRupiah(payment.amount, fromPayment);
  const journal = withEntries(accrued.journal, [
    journalEntry(payment.date, 'repayment', [debit('cash', fromPaymentTotal), ...byAccount('payment')]),
    journalEntry(
      payment.date,
      'repayment',
      [debit('borrower-credit', creditUsed), ...byAccount('credit')],
      'held credit applied',
    ),
    journalEntry(payment.date, 'overpayment-credit', [
      debit('cash', fromPayment),
      credit('borrower-credit', fromPayment),
    ]),
  ]);
  return {
    loan: {
      ...accrued,
      instalments,
      credit: creditLeft,
      state: nextState(accrued.state, instalments),
      journal,
    },
    lines,
    creditUsed,
    creditAdded: fromPayment,
    creditRebated: subtractRupiah(accrued.credit, before.credit),
  };
}

/**
 * The loan rebated for unused days, and `closing`, when `payment` plus the credit held covers its payoff on
 * the payment's date; else the loan unchanged. A cheap bound skips the rebate for ordinary instalments: the
 * rebate can never give back more than the charges already paid.
 */
function closeIfCovered(accrued: Loan, payment: Payment): { loan: Loan; closing: boolean } {
  if (!isRepaying(accrued)) return { loan: accrued, closing: false };
  // payoff ≥ unpaid principal and late fees − credit − refund, and the refund ≤ the charges already paid.
  let principalAndLate = 0;
  let paidCharges = 0;
  for (const i of accrued.instalments) {
    const r = remainingOf(i);
    principalAndLate += r.principal + r.lateFee;
    paidCharges += i.paid.interest + i.paid.fee;
  }
  if (payment.amount + accrued.credit + paidCharges < principalAndLate)
    return { loan: accrued, closing: false };
  const rebated = rebateUnusedDays(accrued, payment.date);
  return payoffAmount(rebated) <= payment.amount
    ? { loan: rebated, closing: true }
    : { loan: accrued, closing: false };
}

/** The loan state after a change to its instalments: paid off when nothing remains, cured when none overdue. */
export function nextState(state: Loan['state'], instalments: readonly LoanInstalment[]): Loan['state'] {
  if (instalments.every((i) => i.state === 'paid')) {
    return state === 'paid-off' ? state : transitionLoan(state, 'pay-off');
  }
  if (state === 'overdue' && !instalments.some((i) => i.state === 'overdue'))
    return transitionLoan(state, 'cure');
  return state;
}

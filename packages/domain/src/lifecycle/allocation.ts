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
  MoneyError,
  MONEY_LIMIT,
  subtractRupiah,
  type Rupiah,
} from '../money/rupiah.ts';
import type { BusinessDate } from '../pricing/business-date.ts';
import { accrueTo } from './accrual.ts';
import {
  allocateToBills,
  DEFAULT_ALLOCATION_ORDER,
  heldCreditEntry,
  nextState,
  receivablesPaid,
  validOrder,
  type AllocationLine,
  type AllocationScope,
} from './bill-allocation.ts';
import { credit, debit, journalEntry } from './ledger.ts';
import {
  LoanOperationError,
  withEntries,
  ZERO,
  type Component,
  type Components,
  type Loan,
} from './loan-account.ts';
import { closeIfCovered } from './rebate.ts';

export { DEFAULT_ALLOCATION_ORDER, nextState, type AllocationLine, type AllocationScope };

/** A payment to allocate. */
export interface Payment {
  readonly amount: Rupiah;
  readonly date: BusinessDate;
  /** Component order within an instalment; must name each component once. */
  readonly order?: readonly Component[];
  readonly scope?: AllocationScope;
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
  return paidFrom(lines, 'payment');
}

/**
 * What the borrower's held credit paid of each component alongside a payment: shown on the receipt beside what the
 * payment paid, so a settlement's principal reads as the quote's (the sum is the allocation's `creditUsed`).
 */
export function paidFromCredit(lines: readonly AllocationLine[]): Components {
  return paidFrom(lines, 'credit');
}

function paidFrom(lines: readonly AllocationLine[], source: AllocationLine['source']): Components {
  const paid: Record<Component, Rupiah> = { ...ZERO };
  for (const line of lines)
    if (line.source === source) paid[line.component] = addRupiah(paid[line.component], line.amount);
  return paid;
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
  const { loan: accrued, closing } = closeIfCovered(before, payment.amount, payment.date);
  const spread = allocateToBills(
    accrued.instalments,
    { credit: accrued.credit, amount: payment.amount },
    payment.date,
    order,
    closing ? 'all' : (payment.scope ?? 'due-and-current'),
  );
  const { instalments, lines } = spread;
  const fromCredit = spread.creditLeft;
  const fromPayment = spread.amountLeft;
  const creditUsed = subtractRupiah(accrued.credit, fromCredit);
  const creditLeft = addRupiah(fromCredit, fromPayment);
  if (creditLeft > MONEY_LIMIT)
    throw new MoneyError(
      `held credit ${formatRupiah(creditLeft)} would exceed the limit of ${formatRupiah(MONEY_LIMIT)}: refund the borrower instead`,
    );
  const fromPaymentTotal = subtractRupiah(payment.amount, fromPayment);
  const journal = withEntries(accrued.journal, [
    journalEntry(payment.date, 'repayment', [
      debit('cash', fromPaymentTotal),
      ...receivablesPaid(lines, 'payment'),
    ]),
    heldCreditEntry(payment.date, lines, creditUsed),
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

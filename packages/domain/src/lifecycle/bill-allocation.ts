/**
 * How money reaches a loan's bills, without accruing first: the oldest unpaid bill first, component by component in
 * a configurable order, held credit before new money. Shared by a payment (allocation.ts) and by held credit paying a
 * bill on its due date (held-credit.ts, called by the accrual), so both follow one rule.
 */
import { addRupiah, minRupiah, subtractRupiah, sumRupiah, type Rupiah } from '../money/rupiah.ts';
import type { BusinessDate } from '../pricing/business-date.ts';
import { transitionBill } from './bill-state.ts';
import { credit, debit, journalEntry, type JournalEntry, type JournalLine } from './ledger.ts';
import {
  COMPONENTS,
  LoanOperationError,
  RECEIVABLE,
  remainingOf,
  totalOf,
  type Component,
  type Loan,
  type LoanInstalment,
} from './loan-account.ts';
import { transitionLoan } from './loan-state.ts';

/** Default component order within an instalment: late fee, fee, interest, principal. */
export const DEFAULT_ALLOCATION_ORDER: readonly Component[] = ['lateFee', 'fee', 'interest', 'principal'];

/** Which instalments money may reach. */
export type AllocationScope =
  /** Every instalment due on or before the date plus the next one (the current bill): a payment's default. */
  | 'due-and-current'
  /** Every instalment, in order (used by settlement). */
  | 'all'
  /** Only instalments due on or before the date (held credit paying bills as they fall due). */
  | 'due';

/** One allocated amount. `source` says whether it came from this payment or from held credit. */
export interface AllocationLine {
  readonly instalment: number;
  readonly component: Component;
  readonly amount: Rupiah;
  readonly source: 'payment' | 'credit';
}

export function validOrder(order: readonly Component[]): void {
  if (order.length !== COMPONENTS.length || !COMPONENTS.every((c) => order.includes(c))) {
    throw new LoanOperationError(`allocation order must name each component once: ${order.join(', ')}`);
  }
}

/**
 * Spreads `credit` then `amount` over the bills in `scope` on `date`. Returns the bills (paid ones moved to `paid`),
 * the lines, and what is left of each source.
 */
export function allocateToBills(
  instalments: readonly LoanInstalment[],
  funds: { credit: Rupiah; amount: Rupiah },
  date: BusinessDate,
  order: readonly Component[],
  scope: AllocationScope,
): { instalments: LoanInstalment[]; lines: AllocationLine[]; creditLeft: Rupiah; amountLeft: Rupiah } {
  let fromCredit = funds.credit;
  let fromPayment = funds.amount;
  const lines: AllocationLine[] = [];
  let reachedFuture = false;
  const next = instalments.map((i): LoanInstalment => {
    if (i.state === 'paid' || i.state === 'written-off' || fromCredit + fromPayment === 0) return i;
    if (i.dueDate > date) {
      if (scope === 'due') return i;
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
    const bill = { ...i, paid };
    return totalOf(remainingOf(bill)) === 0 ? { ...bill, state: transitionBill(i.state, 'pay-off') } : bill;
  });
  return { instalments: next, lines, creditLeft: fromCredit, amountLeft: fromPayment };
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

/** The receivables the lines from `source` paid, one credit line per component. */
export function receivablesPaid(
  lines: readonly AllocationLine[],
  source: AllocationLine['source'],
): JournalLine[] {
  return COMPONENTS.map((c) =>
    credit(
      RECEIVABLE[c],
      sumRupiah(lines.filter((l) => l.component === c && l.source === source).map((l) => l.amount)),
    ),
  );
}

/** The entry of held credit spent on bills; null when none was. */
export function heldCreditEntry(
  date: BusinessDate,
  lines: readonly AllocationLine[],
  creditUsed: Rupiah,
  memo = 'held credit applied',
): JournalEntry | null {
  return journalEntry(
    date,
    'repayment',
    [debit('borrower-credit', creditUsed), ...receivablesPaid(lines, 'credit')],
    memo,
  );
}

/**
 * Waivers and write-offs: money the lender gives up, booked so the journal still explains every rupiah.
 */
import { nonNegativeRupiah, type Rupiah } from '../money/rupiah.ts';
import type { BusinessDate } from '../pricing/business-date.ts';
import { accrueTo } from './accrual.ts';
import { nextState } from './allocation.ts';
import { transitionBill } from './bill-state.ts';
import { credit, debit, journalEntry } from './ledger.ts';
import {
  addComponents,
  CHARGES,
  COMPONENTS,
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

/**
 * Waives up to `amount` of accrued late fees (all of them when omitted), oldest instalment first, after
 * accruing to `date`. Only late fees can be waived: interest and fees of unused days are removed by
 * settlement instead, so that income recognition stays exact.
 */
export function waiveLateFees(loan: Loan, date: BusinessDate, amount?: Rupiah): Loan {
  const accrued = accrueTo(loan, date);
  let left = amount === undefined ? Number.MAX_SAFE_INTEGER : nonNegativeRupiah(amount, 'waiver');
  let total = 0;
  const instalments = accrued.instalments.map((i): LoanInstalment => {
    const take = Math.min(remainingOf(i).lateFee, left);
    if (take === 0) return i;
    left -= take;
    total += take;
    const next = { ...i, waived: { ...i.waived, lateFee: i.waived.lateFee + take } };
    return totalOf(remainingOf(next)) === 0 ? { ...next, state: transitionBill(i.state, 'pay-off') } : next;
  });
  const journal = withEntries(accrued.journal, [
    journalEntry(
      date,
      'waiver',
      [debit('waiver-expense', total), credit('late-fee-receivable', total)],
      'late fees waived',
    ),
  ]);
  return { ...accrued, instalments, state: nextState(accrued.state, instalments), journal };
}

/**
 * Writes off an overdue loan on `date`: unearned interest and fees are reversed against unearned income,
 * everything else owed goes to write-off expense. The borrower's credit is kept.
 * @throws IllegalTransitionError unless the loan is overdue.
 */
export function writeOffLoan(loan: Loan, date: BusinessDate): Loan {
  const accrued = accrueTo(loan, date);
  const state = transitionLoan(accrued.state, 'write-off');
  let expense: Components = ZERO;
  const unearned = { interest: 0, fee: 0 };
  const instalments = accrued.instalments.map((i): LoanInstalment => {
    if (i.state === 'paid' || i.state === 'written-off') return i;
    const r: Record<Component, number> = { ...remainingOf(i) };
    const due = { ...i.due };
    for (const c of CHARGES) {
      // Not yet earned: shrink the contract instead of booking a loss that was never income.
      const notEarned = Math.min(r[c], i.due[c] - i.recognized[c]);
      unearned[c] += notEarned;
      due[c] -= notEarned;
      r[c] -= notEarned;
    }
    expense = addComponents(expense, r);
    return {
      ...i,
      due,
      writtenOff: addComponents(i.writtenOff, r),
      state: transitionBill(i.state, 'write-off'),
    };
  });
  const journal = withEntries(accrued.journal, [
    journalEntry(date, 'write-off', [
      debit('unearned-interest', unearned.interest),
      debit('unearned-fee', unearned.fee),
      credit(RECEIVABLE.interest, unearned.interest),
      credit(RECEIVABLE.fee, unearned.fee),
      debit('write-off-expense', totalOf(expense)),
      ...COMPONENTS.map((c) => credit(RECEIVABLE[c], expense[c])),
    ]),
  ]);
  return { ...accrued, instalments, state, journal };
}

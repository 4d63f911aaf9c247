/**
 * Waivers and write-offs: money the lender gives up, booked so the journal still explains every rupiah.
 */
import {
  addRupiah,
  minRupiah,
  nonNegativeRupiah,
  subtractRupiah,
  ZERO_RUPIAH,
  type Rupiah,
} from '../money/rupiah.ts';
import type { BusinessDate } from '../pricing/business-date.ts';
import { accrueTo } from './accrual.ts';
import { allocatePayment } from './allocation.ts';
import { nextState } from './bill-allocation.ts';
import { transitionBill } from './bill-state.ts';
import { credit, debit, journalEntry } from './ledger.ts';
import {
  addComponents,
  COMPONENTS,
  RECEIVABLE,
  remainingOf,
  totalOf,
  withEntries,
  ZERO,
  type Components,
  type Loan,
  type LoanInstalment,
} from './loan-account.ts';
import { transitionLoan } from './loan-state.ts';
import { rebateUnusedDays } from './rebate.ts';

/**
 * Waives up to `amount` of accrued late fees (all of them when omitted), oldest instalment first, after
 * accruing to `date`. Only late fees can be waived: interest and fees of unused days are removed by
 * settlement instead, so that income recognition stays exact.
 */
export function waiveLateFees(loan: Loan, date: BusinessDate, amount?: Rupiah): Loan {
  const accrued = accrueTo(loan, date);
  let left = nonNegativeRupiah(amount ?? Number.MAX_SAFE_INTEGER, 'waiver');
  let total = ZERO_RUPIAH;
  const instalments = accrued.instalments.map((i): LoanInstalment => {
    const take = minRupiah(remainingOf(i).lateFee, left);
    if (take === 0) return i;
    left = subtractRupiah(left, take);
    total = addRupiah(total, take);
    const next = { ...i, waived: { ...i.waived, lateFee: addRupiah(i.waived.lateFee, take) } };
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
  const state = nextState(accrued.state, instalments);
  const waived = { ...accrued, instalments, state, journal };
  // Waiving the last bill's late fee can end the loan early: the days not used are then given back.
  return state === 'paid-off' ? rebateUnusedDays(waived, date) : waived;
}

/**
 * Writes off an overdue loan on `date`. The borrower's credit is first set off against what is owed: a loan
 * that this pays off or brings current is returned so, not written off, and its contract stands (a payoff
 * rebates on its own). Otherwise the loan ends, so the charges of days not used are cut (those already paid
 * on bills paid ahead come back as credit), the credit is set off again, and the rest goes to write-off
 * expense.
 * @throws IllegalTransitionError unless the loan is overdue.
 */
export function writeOffLoan(loan: Loan, date: BusinessDate): Loan {
  // Accruing spends held credit on what has fallen due (held-credit.ts): a loan it cures goes on untouched.
  const accrued = accrueTo(loan, date);
  if (loan.state === 'overdue' && accrued.state !== 'overdue') return accrued;
  transitionLoan(accrued.state, 'write-off');
  const rebated = rebateUnusedDays(accrued, date);
  const setOff =
    rebated.credit > 0 ? allocatePayment(rebated, { amount: ZERO_RUPIAH, date, scope: 'all' }).loan : rebated;
  if (setOff.state !== 'overdue') return setOff;
  const state = transitionLoan(setOff.state, 'write-off');
  let expense: Components = ZERO;
  const instalments = setOff.instalments.map((i): LoanInstalment => {
    if (i.state === 'paid' || i.state === 'written-off') return i;
    const r = remainingOf(i);
    expense = addComponents(expense, r);
    return { ...i, writtenOff: addComponents(i.writtenOff, r), state: transitionBill(i.state, 'write-off') };
  });
  const journal = withEntries(setOff.journal, [
    journalEntry(date, 'write-off', [
      debit('write-off-expense', totalOf(expense)),
      ...COMPONENTS.map((c) => credit(RECEIVABLE[c], expense[c])),
    ]),
  ]);
  return { ...setOff, instalments, state, journal };
}

/**
 * A payment is dated when the borrower paid, not when its report arrived. A gateway's callback can come after the
 * nightly accrual has processed days past the payment (paid at 23:59 on the due date, reported at 00:10): the accrual
 * then charged late fees and marked bills overdue for a lateness that never happened. {@link applyPayment} takes the
 * loan back to the payment's date (only what the accrual did: late fees, income recognised, bills fallen due), applies
 * the payment there, and accrues forward again, all in the journal, so the books show what an on-time report would
 * have shown.
 *
 * When other payments were applied in between, late fees for the days between are recomputed on the balance after all
 * of them: never more than applying them in the order they were made would have charged.
 */
import {
  addRupiah,
  fromBigInt,
  maxRupiah,
  minRupiah,
  subtractRupiah,
  sumRupiah,
  ZERO_RUPIAH,
  type Rupiah,
} from '../money/rupiah.ts';
import { roundDown } from '../money/rounding.ts';
import { daysBetween, type BusinessDate } from '../pricing/business-date.ts';
import { accrueTo } from './accrual.ts';
import { allocatePayment, type AllocationResult, type Payment } from './allocation.ts';
import { transitionBill } from './bill-state.ts';
import { earnedOn } from './days-of-use.ts';
import { credit, debit, journalEntry } from './ledger.ts';
import {
  isRepaying,
  LoanOperationError,
  remainingOf,
  withEntries,
  type LateFeeRun,
  type Loan,
  type LoanInstalment,
} from './loan-account.ts';
import { transitionLoan } from './loan-state.ts';

/**
 * Applies a payment made on `payment.date`, whenever it is reported: on a loan processed past that date it is applied
 * as of that date (see the module comment); otherwise it is {@link allocatePayment}.
 */
export function applyPayment(loan: Loan, payment: Payment): AllocationResult {
  if (payment.date >= loan.asOf) return allocatePayment(loan, payment);
  const result = allocatePayment(rewindTo(loan, payment.date), payment);
  return { ...result, loan: accrueTo(result.loan, loan.asOf) };
}

/**
 * The repaying loan as the accrual left it on `date` (before its last processed day): late fees for the days after
 * it taken back (from what is still owed, then from a waiver of them, then, if they were paid, as credit), income
 * recognised after it returned to unearned, bills that fell due after it pending again. Payments, waivers and credit
 * spent on bills stay as they are.
 * @throws LoanOperationError when the loan is not repaying or `date` is before its start.
 */
export function rewindTo(loan: Loan, date: BusinessDate): Loan {
  if (date >= loan.asOf) return loan;
  if (!isRepaying(loan) || date < loan.startDate)
    throw new LoanOperationError(`loan ${loan.id} (${loan.state}) cannot be taken back to ${date}`);
  const back = {
    interest: ZERO_RUPIAH,
    fee: ZERO_RUPIAH,
    lateFee: ZERO_RUPIAH,
    owed: ZERO_RUPIAH,
    waived: ZERO_RUPIAH,
    paid: ZERO_RUPIAH,
  };
  const instalments = loan.instalments.map((i): LoanInstalment => {
    if (i.state === 'written-off') return i;
    const earned = earnedOn(i, date);
    const recognized = {
      interest: minRupiah(i.recognized.interest, minRupiah(earned.interest, i.due.interest)),
      fee: minRupiah(i.recognized.fee, minRupiah(earned.fee, i.due.fee)),
    };
    back.interest = addRupiah(back.interest, subtractRupiah(i.recognized.interest, recognized.interest));
    back.fee = addRupiah(back.fee, subtractRupiah(i.recognized.fee, recognized.fee));

    // Late fees charged for the days after the payment go, whatever the due date now says: relief may have moved it
    // past the payment's date after those fees were charged (lifecycle/relief.ts).
    const { kept, runs } = lateFeesThrough(i, date);
    const removed = subtractRupiah(i.due.lateFee, kept);
    // Taken from what is still owed first, then from a waiver of it, and what was paid of it becomes credit.
    const fromOwed = minRupiah(removed, remainingOf(i).lateFee);
    const fromWaived = minRupiah(subtractRupiah(removed, fromOwed), i.waived.lateFee);
    const fromPaid = subtractRupiah(subtractRupiah(removed, fromOwed), fromWaived);
    back.lateFee = addRupiah(back.lateFee, removed);
    back.owed = addRupiah(back.owed, fromOwed);
    back.waived = addRupiah(back.waived, fromWaived);
    back.paid = addRupiah(back.paid, fromPaid);
    return {
      ...i,
      recognized,
      due: { ...i.due, lateFee: kept },
      waived: { ...i.waived, lateFee: subtractRupiah(i.waived.lateFee, fromWaived) },
      paid: { ...i.paid, lateFee: subtractRupiah(i.paid.lateFee, fromPaid) },
      // The late-fee clock goes back to the payment's date, never before the due date (no fee before it).
      lateFeeThrough: maxDate(i.dueDate, i.lateFeeThrough > date ? date : i.lateFeeThrough),
      ...(i.lateFeeRuns || runs.length > 0 ? { lateFeeRuns: runs } : {}),
      state: i.state === 'overdue' && i.dueDate >= date ? transitionBill(i.state, 'rewind') : i.state,
    };
  });
  const state =
    loan.state === 'overdue' && !instalments.some((i) => i.state === 'overdue')
      ? transitionLoan(loan.state, 'cure')
      : loan.state;
  const journal = withEntries(loan.journal, [
    journalEntry(
      date,
      'accrual-reversal',
      [
        debit('interest-income', back.interest),
        credit('unearned-interest', back.interest),
        debit('fee-income', back.fee),
        credit('unearned-fee', back.fee),
        debit('late-fee-income', back.lateFee),
        credit('late-fee-receivable', back.owed),
        credit('waiver-expense', back.waived),
        credit('borrower-credit', back.paid),
      ],
      `payment made on ${date}, reported after ${loan.asOf} was processed`,
    ),
  ]);
  return { ...loan, instalments, state, credit: addRupiah(loan.credit, back.paid), asOf: date, journal };
}

/**
 * The late fee a bill had gathered for the days through `boundary`, and its runs cut there. A capped run keeps
 * `min(amount, daily × days kept)`: exactly what an accrual stopping at `boundary` would have charged. A late fee from
 * before runs were recorded counts as one run from the due date, spread evenly (rounded down: the borrower's favour).
 */
function lateFeesThrough(i: LoanInstalment, boundary: BusinessDate): { kept: Rupiah; runs: LateFeeRun[] } {
  const recorded = i.lateFeeRuns ?? [];
  if (i.lateFeeThrough <= boundary) return { kept: i.due.lateFee, runs: [...recorded] };
  const unrecorded = subtractRupiah(i.due.lateFee, sumRupiah(recorded.map((r) => r.amount)));
  const runs: LateFeeRun[] =
    unrecorded > 0
      ? [
          {
            from: i.dueDate,
            through: recorded[0]?.from ?? i.lateFeeThrough,
            daily: ZERO_RUPIAH,
            amount: unrecorded,
          },
          ...recorded,
        ]
      : [...recorded];
  const cut: LateFeeRun[] = [];
  for (const run of runs) {
    if (run.through <= boundary) cut.push(run);
    else if (run.from < boundary) cut.push({ ...run, through: boundary, amount: keptOf(run, boundary) });
  }
  return { kept: sumRupiah(cut.map((r) => r.amount)), runs: cut.filter((r) => r.daily > 0) };
}

function keptOf(run: LateFeeRun, boundary: BusinessDate): Rupiah {
  const days = daysBetween(run.from, boundary);
  if (run.daily > 0) return minRupiah(run.amount, fromBigInt(BigInt(run.daily) * BigInt(days)));
  const all = Math.max(daysBetween(run.from, run.through), 1);
  return maxRupiah(ZERO_RUPIAH, fromBigInt(roundDown(BigInt(run.amount) * BigInt(days), BigInt(all))));
}

function maxDate(a: BusinessDate, b: BusinessDate): BusinessDate {
  return a > b ? a : b;
}

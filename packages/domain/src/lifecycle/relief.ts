/**
 * Relief for a borrower who cannot pay on time: the unpaid bills' due dates move later by a number of days, and
 * nothing is added for it. Charges stay what the agreement priced, earned over the bills' original periods (the days of
 * use do not change, so settling early saves exactly what it saved before), and no late fee accrues on a bill until
 * its new due date; late fees already charged stay owed (staff waive them separately). The total cost of the loan is
 * unchanged, so the caps in force and the 100 % total-cost ceiling hold as they held on the agreement.
 *
 * Every unpaid bill moves by the same days, so the schedule keeps its order and spacing; paid bills keep their dates.
 */
import type { BusinessDate } from '../pricing/business-date.ts';
import { addDays, compareDates, daysBetween } from '../pricing/business-date.ts';
import { roundDown, splitLastRemainder, sumBigInt } from '../money/rounding.ts';
import { addRupiah, fromBigInt, subtractRupiah, sumRupiah, ZERO_RUPIAH } from '../money/rupiah.ts';
import { accrueTo } from './accrual.ts';
import { transitionBill } from './bill-state.ts';
import type { Rupiah } from '../money/rupiah.ts';
import {
  MAX_DEFERRAL_DAYS,
  MAX_EXTRA_INSTALMENTS,
  MIN_DEFERRAL_DAYS,
  MIN_EXTRA_INSTALMENTS,
} from '../relief/relief-rules.ts';
import {
  isRepaying,
  LoanOperationError,
  ZERO,
  outstandingOf,
  remainingOf,
  totalOf,
  type Loan,
  type LoanInstalment,
} from './loan-account.ts';
import { transitionLoan } from './loan-state.ts';

/** What a relief gives: unpaid bills due `days` later, or what remains spread over `extra` more bills. */
export type ReliefTerms =
  { readonly kind: 'defer'; readonly days: number } | { readonly kind: 'spread'; readonly extra: number };

/**
 * A bill a relief changes: its number, its due date before (null for a bill the relief adds) and after, and what it
 * still asks before and after (the same for a deferral).
 */
export interface ReliefBillChange {
  readonly number: number;
  readonly dueDateBefore: BusinessDate | null;
  readonly dueDateAfter: BusinessDate;
  readonly remainingBefore: Rupiah;
  readonly remaining: Rupiah;
}

const unpaid = (i: LoanInstalment) => i.state === 'pending' || i.state === 'overdue';

/**
 * The loan accrued to `date` (late fees through that day charged), then every unpaid bill due `days` later: an overdue
 * bill whose new date is still ahead is pending again, with its late-fee clock restarted at the new date, and the loan
 * is no longer overdue when none of its bills is.
 * @throws LoanOperationError when the loan is not repaying, has no unpaid bill, `days` is outside
 * [{@link MIN_DEFERRAL_DAYS}, {@link MAX_DEFERRAL_DAYS}], or the first unpaid bill would fall due less than
 * {@link MIN_DEFERRAL_DAYS} days after `date` (relief that leaves the borrower late, or nearly, is none).
 */
export function deferDueDates(loan: Loan, date: BusinessDate, days: number): Loan {
  if (!Number.isInteger(days) || days < MIN_DEFERRAL_DAYS || days > MAX_DEFERRAL_DAYS)
    throw new LoanOperationError(
      `a deferral is ${MIN_DEFERRAL_DAYS} to ${MAX_DEFERRAL_DAYS} days, not ${days}`,
    );
  const accrued = accrueTo(loan, date);
  if (!isRepaying(accrued))
    throw new LoanOperationError(`loan ${loan.id} is ${accrued.state}: nothing to defer`);
  const first = accrued.instalments.find(unpaid);
  if (!first) throw new LoanOperationError(`loan ${loan.id} has no unpaid bill`);
  // Counted from the bill's date, so an offer accepted late in its window gives fewer days ahead: never less than a week.
  if (compareDates(addDays(first.dueDate, days), addDays(date, MIN_DEFERRAL_DAYS)) < 0)
    throw new LoanOperationError(
      `bill ${first.number} would be due within ${MIN_DEFERRAL_DAYS} days of ${date} after ${days} days`,
    );
  const instalments = accrued.instalments.map((i): LoanInstalment => {
    if (!unpaid(i)) return i;
    const dueDate = addDays(i.dueDate, days);
    // A bill already late stays late only if its new date has passed too, which the check above rules out for the
    // first; later bills fall due after it.
    const state =
      i.state === 'overdue' && compareDates(dueDate, date) >= 0 ? transitionBill(i.state, 'defer') : i.state;
    return { ...i, dueDate, lateFeeThrough: dueDate, state };
  });
  const state =
    accrued.state === 'overdue' && !instalments.some((i) => i.state === 'overdue')
      ? transitionLoan(accrued.state, 'cure')
      : accrued.state;
  const deferred: Loan = { ...accrued, instalments, state };
  if (outstandingOf(deferred) !== outstandingOf(accrued)) throw new Error('a deferral changed what is owed');
  return deferred;
}

/** The loan with `terms` applied on `date` (deferDueDates or spreadRemaining; their refusals). */
function applyRelief(loan: Loan, date: BusinessDate, terms: ReliefTerms): Loan {
  return terms.kind === 'defer'
    ? deferDueDates(loan, date, terms.days)
    : spreadRemaining(loan, date, terms.extra);
}

/** The loan {@link applyRelief} gives, and what it changed, bill by bill. */
export function reliefChanges(
  loan: Loan,
  date: BusinessDate,
  terms: ReliefTerms,
): { loan: Loan; changes: ReliefBillChange[] } {
  const before = accrueTo(loan, date);
  const after = applyRelief(loan, date, terms);
  const changes = after.instalments.flatMap((i, k) => {
    const was = before.instalments[k];
    const remaining = totalOf(remainingOf(i));
    const remainingBefore = was ? totalOf(remainingOf(was)) : ZERO_RUPIAH;
    if (was && was.dueDate === i.dueDate && remainingBefore === remaining) return [];
    return [
      {
        number: i.number,
        dueDateBefore: was?.dueDate ?? null,
        dueDateAfter: i.dueDate,
        remainingBefore,
        remaining,
      },
    ];
  });
  return { loan: after, changes };
}

/**
 * Relief's second kind: part of each unpaid bill's principal moves to `extra` new bills after the last, each due one
 * period (the last bill's days) after the one before. Every unpaid bill keeps the same share of what it still asks of
 * the principal — unpaid bills / (unpaid bills + extra), rounded down, so no bill ever asks more than before — and the
 * new bills share the principal freed, equally (the last takes the rounding's rest). Only principal moves: every unpaid
 * bill keeps its interest, fee and late fees, and the charges are still earned over the original periods (the new
 * bills have none and no period of their own), so settling early on any day costs no more than before, the total cost
 * is unchanged and the caps in force hold. When the first unpaid bill is due within MIN_DEFERRAL_DAYS of `date` (or
 * overdue), every unpaid bill moves later by the same days to give it that week, as a deferral would (at most
 * MAX_DEFERRAL_DAYS).
 * @throws LoanOperationError when the loan is not repaying, has no unpaid bill, `extra` is outside
 * [{@link MIN_EXTRA_INSTALMENTS}, {@link MAX_EXTRA_INSTALMENTS}], the first unpaid bill is more than
 * MAX_DEFERRAL_DAYS - MIN_DEFERRAL_DAYS days late, or a bill would be left asking nothing.
 */
export function spreadRemaining(loan: Loan, date: BusinessDate, extra: number): Loan {
  if (!Number.isInteger(extra) || extra < MIN_EXTRA_INSTALMENTS || extra > MAX_EXTRA_INSTALMENTS)
    throw new LoanOperationError(
      `a spread adds ${MIN_EXTRA_INSTALMENTS} to ${MAX_EXTRA_INSTALMENTS} bills, not ${extra}`,
    );
  const accrued = accrueTo(loan, date);
  if (!isRepaying(accrued))
    throw new LoanOperationError(`loan ${loan.id} is ${accrued.state}: nothing to spread`);
  const open = accrued.instalments.filter(unpaid);
  const first = open[0];
  const last = accrued.instalments.at(-1)!;
  if (!first) throw new LoanOperationError(`loan ${loan.id} has no unpaid bill`);

  const shift = Math.max(0, daysBetween(first.dueDate, addDays(date, MIN_DEFERRAL_DAYS)));
  // The week ahead is given within a deferral's bound: a loan further behind is not re-dated by a spread.
  if (shift > MAX_DEFERRAL_DAYS)
    throw new LoanOperationError(
      `bill ${first.number} is too far behind: a week ahead would move it ${shift} days (at most ${MAX_DEFERRAL_DAYS})`,
    );
  // A period of the schedule as agreed (bills added by an earlier spread have none).
  const period = accrued.instalments.filter((i) => i.days > 0).at(-1)?.days ?? MIN_DEFERRAL_DAYS;
  const spacing = Math.max(period, MIN_DEFERRAL_DAYS);
  const settled = (i: LoanInstalment) =>
    sumRupiah([i.paid.principal, i.waived.principal, i.writtenOff.principal]);
  const left = (i: LoanInstalment) => BigInt(subtractRupiah(i.due.principal, settled(i)));
  const kept = (i: LoanInstalment) =>
    fromBigInt(roundDown(left(i) * BigInt(open.length), BigInt(open.length + extra)));
  const freed = sumBigInt(open.map((i) => left(i) - BigInt(kept(i))));
  const added = splitLastRemainder(freed, extra, 'down').map((share) => fromBigInt(share));

  const instalments = accrued.instalments.map((i): LoanInstalment => {
    if (!unpaid(i)) return i;
    const dueDate = addDays(i.dueDate, shift);
    const state =
      i.state === 'overdue' && compareDates(dueDate, date) >= 0 ? transitionBill(i.state, 'defer') : i.state;
    const principal = addRupiah(settled(i), kept(i));
    return {
      ...i,
      dueDate,
      lateFeeThrough: shift > 0 ? dueDate : i.lateFeeThrough,
      state,
      due: { ...i.due, principal },
    };
  });
  let dueDate = addDays(last.dueDate, shift);
  for (let n = 1; n <= extra; n++) {
    const periodStart = dueDate;
    dueDate = addDays(dueDate, spacing);
    instalments.push({
      number: last.number + n,
      periodStart,
      dueDate,
      // No period of its own: its principal was lent over the original periods, whose charges it does not change.
      days: 0,
      contract: { interest: ZERO_RUPIAH, fee: ZERO_RUPIAH },
      due: { ...ZERO, principal: added[n - 1]! },
      paid: ZERO,
      waived: ZERO,
      writtenOff: ZERO,
      recognized: { interest: ZERO_RUPIAH, fee: ZERO_RUPIAH },
      lateFeeThrough: dueDate,
      state: 'pending',
    });
  }
  // A bill that would ask nothing could still fall overdue and never be paid: too little is left to spread so far.
  const empty = instalments.find((i) => unpaid(i) && totalOf(remainingOf(i)) === 0);
  if (empty)
    throw new LoanOperationError(
      `too little is left to spread over ${extra} more bills: bill ${empty.number} would ask nothing`,
    );
  const state =
    accrued.state === 'overdue' && !instalments.some((i) => i.state === 'overdue')
      ? transitionLoan(accrued.state, 'cure')
      : accrued.state;
  const spread: Loan = { ...accrued, instalments, state };
  if (outstandingOf(spread) !== outstandingOf(accrued)) throw new Error('a spread changed what is owed');
  return spread;
}

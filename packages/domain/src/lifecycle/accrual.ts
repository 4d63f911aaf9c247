/**
 * Accruals up to a business date: interest and fees earned per day of use, and late fees per day past
 * due. Every other lifecycle operation accrues to its date first, so amounts never depend on whether a
 * daily job ran.
 */
import { roundDown, sumBigInt } from '../money/rounding.ts';
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
import {
  addDays,
  compareDates,
  dateParts,
  daysBetween,
  makeDate,
  type BusinessDate,
} from '../pricing/business-date.ts';
import { transitionBill } from './bill-state.ts';
import { earnedOn } from './days-of-use.ts';
import { spendHeldCredit } from './held-credit.ts';
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

/** What a bill's late fee is a fraction of: its unpaid principal, or its unpaid principal, interest and fee. */
function lateFeeBaseOf(loan: Loan, i: LoanInstalment): bigint {
  const r = remainingOf(i);
  return BigInt(loan.lateFeeBase === 'overdue-principal' ? r.principal : r.principal + r.interest + r.fee);
}

/**
 * The late fee of one day on a loan whose `bills` are late: the daily late-fee rate on what they leave unpaid of the
 * product's base (late fees never compound), rounded down once for the loan, so it never exceeds the capped rate.
 * Rounded once, not bill by bill: a fee rounded per bill would depend on how the same balance is split into bills, and
 * relief that spreads it over more bills could then cost a rupiah a day more than none (lifecycle/relief.ts).
 */
export function loanDailyLateFee(loan: Loan, bills: readonly LoanInstalment[]): Rupiah {
  return sumRupiah(dailyLateFees(loan, bills));
}

/**
 * {@link loanDailyLateFee} shared among `bills`, in whole rupiah: each bill its own share rounded down, and the rupiahs
 * the loan's single rounding leaves over one each to the bills whose shares lost the most to rounding (the earlier
 * bill first on a tie). No bill pays more than its own share rounded up, and a bill whose base is paid pays nothing.
 */
export function dailyLateFees(loan: Loan, bills: readonly LoanInstalment[]): Rupiah[] {
  const { num, den } = loan.dailyLateFee;
  const scaled = bills.map((i) => lateFeeBaseOf(loan, i) * num);
  const shares = scaled.map((s) => roundDown(s, den));
  let left = roundDown(sumBigInt(scaled), den) - sumBigInt(shares);
  const byRest = bills
    .map((i, k) => ({ k, rest: scaled[k]! - shares[k]! * den, number: i.number }))
    .sort((a, b) => (a.rest === b.rest ? a.number - b.number : a.rest > b.rest ? -1 : 1));
  for (const { k } of byRest) {
    if (left <= 0n) break;
    shares[k]! += 1n;
    left -= 1n;
  }
  return shares.map((share) => fromBigInt(share));
}

/**
 * Brings the loan up to `date`: recognises earned interest and fees as income (never beyond what each bill
 * owes, so a rebated charge is never recognised back), accrues late fees for every day past each due date
 * (stopping for good at the loan's late-fee ceiling, and not at all while the loan is under dispute), and marks unpaid
 * bills past their due date overdue.
 * @throws LoanOperationError when `date` is before the last processed date or the loan is not disbursed.
 */
export function accrueTo(loan: Loan, date: BusinessDate): Loan {
  // compareDates validates `date` too (the loans' own dates are valid, so later checks compare strings).
  if (compareDates(date, loan.asOf) < 0)
    throw new LoanOperationError(`cannot go back from ${loan.asOf} to ${date}`);
  if (
    loan.state === 'awaiting-disbursement' ||
    loan.state === 'disbursement-failed' ||
    loan.state === 'cancelled'
  ) {
    throw new LoanOperationError(`loan ${loan.id} is ${loan.state}: nothing accrues`);
  }
  if (!isRepaying(loan)) return { ...loan, asOf: date };
  if (loan.credit === 0) return accrueDay(loan, date);
  let current = loan;
  // Held credit pays each bill on its due date, before the first late fee: accrue to that day, spend, go on.
  for (const day of creditPayDays(loan, date)) {
    if (current.credit === 0 || !isRepaying(current)) break;
    current = spendHeldCredit(accrueDay(current, day), day);
  }
  let done = isRepaying(current) ? accrueDay(current, date) : { ...current, asOf: date };
  // A bill already late when credit is found (an account stored before this rule, already processed through
  // `date`) is paid now.
  if (done.credit > 0 && done.instalments.some((i) => i.state === 'overdue'))
    done = spendHeldCredit(done, date);
  // Booked on the day the accrual runs, like the rest of it; the memo of the credit's entry names the due date.
  const booked = done.journal.slice(loan.journal.length).map((e) => ({ ...e, date }));
  return { ...done, journal: [...loan.journal, ...booked] };
}

/**
 * The days before `date` on which held credit must pay a bill: each unpaid bill's due date (or the last processed
 * day, for a bill already late when credit arrived), in order.
 */
function creditPayDays(loan: Loan, date: BusinessDate): BusinessDate[] {
  const days = new Set<BusinessDate>();
  for (const i of loan.instalments) {
    if (i.state === 'paid' || i.state === 'written-off') continue;
    const day = i.dueDate < loan.asOf ? loan.asOf : i.dueDate;
    if (day < date) days.add(day);
  }
  return [...days].sort();
}

/**
 * {@link accrueTo} without held credit, from the last processed day to `date` (not before it): in steps that end where
 * a late bill starts gathering late fees (a due date passed within it), so that every day's fee is the loan's on the
 * bills late that day. The steps' entries are booked as one of each kind, as a single step would.
 */
function accrueDay(loan: Loan, date: BusinessDate): Loan {
  const steps = lateFeeSteps(loan, date);
  if (steps.length === 0) return accrueStep(loan, date);
  const done = accrueStep(
    steps.reduce((current, day) => accrueStep(current, day), loan),
    date,
  );
  const added = done.journal.slice(loan.journal.length);
  const total = (movement: string) =>
    sumRupiah(added.filter((e) => e.movement === movement).map((e) => e.lines[0]!.amount));
  return {
    ...done,
    journal: withEntries(
      loan.journal,
      accrualEntries(date, total('interest-accrual'), total('fee-accrual'), total('late-fee')),
    ),
  };
}

/**
 * The days within the step from the loan's last processed day to `date` on which a late bill starts gathering late
 * fees while another already does (a bill falls due within a step of more than a day), earliest first: {@link accrueTo}
 * stops at each. None on the nightly job's steps of a day, and none while the loan is under dispute.
 */
export function lateFeeSteps(loan: Loan, date: BusinessDate): BusinessDate[] {
  if (loan.disputedSince) return [];
  const starts = new Set<BusinessDate>();
  for (const i of loan.instalments) if (gathersLateFee(i, date)) starts.add(i.lateFeeThrough);
  // The first start is the step's own; never back before the last processed day (a late bill's clock stands there).
  return [...starts]
    .sort()
    .slice(1)
    .filter((day) => day > loan.asOf);
}

/** Whether a bill gathers a late fee for a day before `date`: unpaid, past its due date, its late-fee clock behind. */
function gathersLateFee(i: LoanInstalment, date: BusinessDate): boolean {
  return i.state !== 'paid' && i.state !== 'written-off' && i.dueDate < date && i.lateFeeThrough < date;
}

/** The night's three entries: income earned on interest and fees, and late fees charged. */
function accrualEntries(date: BusinessDate, interest: Rupiah, fee: Rupiah, late: Rupiah) {
  return [
    journalEntry(date, 'interest-accrual', [
      debit('unearned-interest', interest),
      credit('interest-income', interest),
    ]),
    journalEntry(date, 'fee-accrual', [debit('unearned-fee', fee), credit('fee-income', fee)]),
    journalEntry(date, 'late-fee', [debit('late-fee-receivable', late), credit('late-fee-income', late)]),
  ];
}

/** One step of {@link accrueDay}: every late bill gathers late fees over the same days. */
function accrueStep(loan: Loan, date: BusinessDate): Loan {
  let room = BigInt(loan.lateFeeCeiling - sumRupiah(loan.instalments.map((i) => i.due.lateFee)));
  let interest = ZERO_RUPIAH;
  let fee = ZERO_RUPIAH;
  let late = ZERO_RUPIAH;
  const gathering = loan.instalments.filter((i) => gathersLateFee(i, date));
  const dailies = new Map(dailyLateFees(loan, gathering).map((d, k) => [gathering[k]!.number, d]));
  const instalments = loan.instalments.map((i): LoanInstalment => {
    if (i.state === 'written-off') return i;
    const earned = earnedOn(i, date);
    // Never more than the bill still owes: once unused days are rebated, the contract is no longer the bill.
    const addInterest = maxRupiah(
      subtractRupiah(minRupiah(earned.interest, i.due.interest), i.recognized.interest),
      ZERO_RUPIAH,
    );
    const addFee = maxRupiah(subtractRupiah(minRupiah(earned.fee, i.due.fee), i.recognized.fee), ZERO_RUPIAH);
    interest = addRupiah(interest, addInterest);
    fee = addRupiah(fee, addFee);
    let next: LoanInstalment = {
      ...i,
      recognized: {
        interest: addRupiah(i.recognized.interest, addInterest),
        fee: addRupiah(i.recognized.fee, addFee),
      },
    };
    if (i.state !== 'paid' && i.dueDate < date) {
      // lateFeeThrough starts at the due date and only moves forward. Days under dispute are passed over for good:
      // no late fee for them, then or when the dispute closes.
      const days = loan.disputedSince ? 0n : BigInt(Math.max(daysBetween(i.lateFeeThrough, date), 0));
      const daily = dailies.get(i.number) ?? ZERO_RUPIAH;
      let amount = BigInt(daily) * days;
      if (amount > room) amount = room > 0n ? room : 0n;
      room -= amount;
      late = addRupiah(late, fromBigInt(amount));
      const run = { from: i.lateFeeThrough, through: date, daily, amount: fromBigInt(amount) };
      next = {
        ...next,
        due: { ...next.due, lateFee: addRupiah(next.due.lateFee, run.amount) },
        lateFeeThrough: date,
        ...(run.amount > 0 ? { lateFeeRuns: withRun(i.lateFeeRuns ?? [], run) } : {}),
        state: i.state === 'pending' ? transitionBill(i.state, 'fall-due') : i.state,
      };
    }
    return next;
  });
  const anyOverdue = instalments.some((i) => i.state === 'overdue');
  const state =
    loan.state === 'active' && anyOverdue ? transitionLoan(loan.state, 'fall-overdue') : loan.state;
  const journal = withEntries(loan.journal, accrualEntries(date, interest, fee, late));
  return { ...loan, instalments, state, asOf: date, journal };
}

/**
 * `runs` with `run` added: merged into the last one when it carries on at the same daily fee with neither capped, so an
 * overdue bill keeps one run per change of its balance, not one per night.
 */
function withRun(runs: readonly LateFeeRun[], run: LateFeeRun): LateFeeRun[] {
  const last = runs.at(-1);
  const uncapped = (r: LateFeeRun) => r.amount === r.daily * daysBetween(r.from, r.through);
  if (last && last.through === run.from && last.daily === run.daily && uncapped(last) && uncapped(run))
    return [
      ...runs.slice(0, -1),
      { ...last, through: run.through, amount: addRupiah(last.amount, run.amount) },
    ];
  return [...runs, run];
}

/**
 * The next business date on which {@link accrueTo} would change what the books must show, or null when nothing more
 * accrues (the loan is not repaying): the day after a bill's due date (it falls overdue), every day while an overdue
 * bill still gathers late fees, and the first day of each month (income recognised for the month's accounts). Between
 * those dates the only change is income earned per day of use, which every operation recognises when it accrues
 * first, so the nightly job skips the loan without any amount depending on it.
 */
export function nextAccrualDate(loan: Loan): BusinessDate | null {
  if (!isRepaying(loan)) return null;
  const { y, m } = dateParts(loan.asOf);
  let next = m === 12 ? makeDate(y + 1, 1, 1) : makeDate(y, m + 1, 1);
  const lateFeesAccrue =
    !loan.disputedSince && sumRupiah(loan.instalments.map((i) => i.due.lateFee)) < loan.lateFeeCeiling;
  for (const i of loan.instalments) {
    if (i.state === 'paid' || i.state === 'written-off') continue;
    const fallsOverdue = addDays(i.dueDate, 1);
    const candidate =
      compareDates(fallsOverdue, loan.asOf) > 0
        ? fallsOverdue
        : lateFeesAccrue
          ? addDays(loan.asOf, 1)
          : next;
    if (compareDates(candidate, next) < 0) next = candidate;
  }
  return next;
}

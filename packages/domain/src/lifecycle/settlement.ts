/**
 * Flexible repayment: the whole loan can be settled on any day. Interest and fees are charged per day of
 * use, so settling early saves the charges of the days not used; the "interest saved" simulation shows
 * the difference from the schedule.
 */
import {
  addRupiah,
  boundedRupiah,
  maxRupiah,
  minRupiah,
  subtractRupiah,
  sumRupiah,
  ZERO_RUPIAH,
  type Rupiah,
} from '../money/rupiah.ts';
import type { BusinessDate } from '../pricing/business-date.ts';
import { accrueTo } from './accrual.ts';
import { daysOfUse } from './days-of-use.ts';
import { allocatePayment, type AllocationResult } from './allocation.ts';
import {
  isRepaying,
  LoanOperationError,
  outstandingOf,
  remainingOf,
  totalOf,
  type Component,
  type Components,
  type Loan,
} from './loan-account.ts';
import { payoffAmount, rebateUnusedDays } from './rebate.ts';

/** What settling the loan today costs, and what it saves. */
export interface SettlementQuote {
  readonly date: BusinessDate;
  /** Pay exactly this today to close the loan (held credit already deducted). */
  readonly amountDue: Rupiah;
  /** The breakdown of what is owed before credit. */
  readonly principal: Rupiah;
  readonly interest: Rupiah;
  readonly fee: Rupiah;
  readonly lateFee: Rupiah;
  /** Credit (overpayments, rebates of charges already paid for unused days) deducted from the amount due. */
  readonly creditApplied: Rupiah;
  /** Credit still held for the borrower after settling with exactly `amountDue` (to refund or keep). */
  readonly creditLeft: Rupiah;
  /** What the schedule still asks, net of credit, if the loan ran to term without further lateness. */
  readonly scheduledRemaining: Rupiah;
  /** Charges not owed thanks to settling today (= scheduledRemaining − amountDue + creditLeft when something is due). */
  readonly saved: { readonly interest: Rupiah; readonly fee: Rupiah; readonly total: Rupiah };
  /** Days of use charged so far. */
  readonly daysOfUse: number;
}

/**
 * The amount that settles the whole loan on `date`, with the charges saved against the schedule.
 * Pure: the loan is not changed. The caller then takes {@link settleLoan} with at least `amountDue`.
 */
export function settlementQuote(loan: Loan, date: BusinessDate): SettlementQuote {
  return quoteAccrued(accrueTo(loan, date), date).quote;
}

/** The quote on a loan already accrued to `date`, and the loan with the unused days' charges rebated. */
function quoteAccrued(accrued: Loan, date: BusinessDate): { quote: SettlementQuote; rebated: Loan } {
  const rebated = isRepaying(accrued) ? rebateUnusedDays(accrued, date) : accrued;
  const remaining = rebated.instalments.map(remainingOf);
  const sum = (c: Component): Rupiah => sumRupiah(remaining.map((r) => r[c]));
  const owing: Components = {
    principal: sum('principal'),
    interest: sum('interest'),
    fee: sum('fee'),
    lateFee: sum('lateFee'),
  };
  const owed = totalOf(owing);
  const amountDue = payoffAmount(rebated);
  const scheduledRemaining = maxRupiah(subtractRupiah(outstandingOf(accrued), accrued.credit), ZERO_RUPIAH);
  const savedInterest = sumRupiah(
    accrued.instalments.map((i, k) =>
      subtractRupiah(i.due.interest, rebated.instalments[k]?.due.interest ?? ZERO_RUPIAH),
    ),
  );
  const savedFee = sumRupiah(
    accrued.instalments.map((i, k) =>
      subtractRupiah(i.due.fee, rebated.instalments[k]?.due.fee ?? ZERO_RUPIAH),
    ),
  );
  const quote: SettlementQuote = {
    date,
    amountDue,
    ...owing,
    creditApplied: minRupiah(rebated.credit, owed),
    creditLeft: maxRupiah(subtractRupiah(rebated.credit, owed), ZERO_RUPIAH),
    scheduledRemaining,
    saved: { interest: savedInterest, fee: savedFee, total: addRupiah(savedInterest, savedFee) },
    // Days, not money: a plain sum.
    daysOfUse: accrued.instalments.reduce((days, i) => days + daysOfUse(i, date), 0),
  };
  return { quote, rebated };
}

/**
 * Settles the whole loan on `date` with `amount` (at least the quote's `amountDue`; any excess is held
 * as credit). A payment that covers the payoff closes the loan (see `allocatePayment`), so this only adds
 * the refusal of a short amount: the loan ends paid off with nothing outstanding.
 * @throws LoanOperationError when the amount is short of the quote or the loan is not repaying.
 */
export function settleLoan(loan: Loan, date: BusinessDate, amount: Rupiah): AllocationResult {
  boundedRupiah(amount, 'settlement amount');
  const accrued = accrueTo(loan, date);
  if (!isRepaying(accrued))
    throw new LoanOperationError(`loan ${loan.id} is ${accrued.state}: nothing to settle`);
  const { quote } = quoteAccrued(accrued, date);
  if (amount < quote.amountDue) {
    throw new LoanOperationError(`settlement needs ${quote.amountDue} on ${date}, got ${amount}`);
  }
  // allocatePayment accrues to `date` again: a no-op on a loan already accrued to it.
  const result = allocatePayment(accrued, { amount, date });
  if (outstandingOf(result.loan) !== 0) throw new Error('settlement left an outstanding balance');
  return result;
}

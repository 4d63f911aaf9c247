/**
 * Flexible repayment: the whole loan can be settled on any day. Interest and fees are charged per day of
 * use, so settling early saves the charges of the days not used; the "interest saved" simulation shows
 * the difference from the schedule.
 */
import { nonNegativeRupiah, sumRupiah, type Rupiah } from '../money/rupiah.ts';
import type { BusinessDate } from '../pricing/business-date.ts';
import { accrueTo, earnedOn, daysOfUse } from './accrual.ts';
import { allocatePayment, type AllocationResult } from './allocation.ts';
import { credit, debit, journalEntry } from './ledger.ts';
import {
  CHARGES,
  LoanOperationError,
  outstandingOf,
  remainingOf,
  totalOf,
  withEntries,
  type Component,
  type Components,
  type Loan,
  type LoanInstalment,
} from './loan-account.ts';

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
 * Rebates the charges of days not used: each unpaid instalment's interest and fee drop to what was earned
 * by `date`; charges already paid beyond that are moved to the borrower's credit.
 */
function rebateUnused(loan: Loan, date: BusinessDate): Loan {
  const totals = { interest: { cut: 0, released: 0 }, fee: { cut: 0, released: 0 } };
  let refund = 0;
  const instalments = loan.instalments.map((i): LoanInstalment => {
    if (i.state === 'paid' || i.state === 'written-off') return i;
    const earned = earnedOn(i, date);
    const due = { ...i.due };
    const paid = { ...i.paid };
    for (const c of CHARGES) {
      due[c] = Math.min(i.due[c], earned[c]);
      const over = Math.max(i.paid[c] - due[c], 0);
      paid[c] = i.paid[c] - over;
      refund += over;
      const cut = i.due[c] - due[c];
      totals[c].cut += cut;
      // What is still owed drops by the cut, less the part of it already paid (moved to credit).
      totals[c].released += cut - over;
    }
    return { ...i, due, paid };
  });
  // The contract shrinks by `cut` (all of it still unearned); that releases receivables, and whatever had
  // already been paid for unused days goes to the borrower's credit.
  const journal = withEntries(loan.journal, [
    journalEntry(
      date,
      'settlement-rebate',
      [
        debit('unearned-interest', totals.interest.cut),
        debit('unearned-fee', totals.fee.cut),
        credit('interest-receivable', totals.interest.released),
        credit('fee-receivable', totals.fee.released),
        credit('borrower-credit', refund),
      ],
      'charges of unused days',
    ),
  ]);
  return { ...loan, instalments, credit: loan.credit + refund, journal };
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
  const rebated = active(accrued) ? rebateUnused(accrued, date) : accrued;
  const remaining = rebated.instalments.map(remainingOf);
  const sum = (c: Component): Rupiah => sumRupiah(remaining.map((r) => r[c]));
  const owing: Components = {
    principal: sum('principal'),
    interest: sum('interest'),
    fee: sum('fee'),
    lateFee: sum('lateFee'),
  };
  const owed = totalOf(owing);
  const amountDue = Math.max(owed - rebated.credit, 0);
  const scheduledRemaining = Math.max(outstandingOf(accrued) - accrued.credit, 0);
  const savedInterest = sumRupiah(
    accrued.instalments.map((i, k) => i.due.interest - (rebated.instalments[k]?.due.interest ?? 0)),
  );
  const savedFee = sumRupiah(
    accrued.instalments.map((i, k) => i.due.fee - (rebated.instalments[k]?.due.fee ?? 0)),
  );
  const quote: SettlementQuote = {
    date,
    amountDue,
    ...owing,
    creditApplied: Math.min(rebated.credit, owed),
    creditLeft: Math.max(rebated.credit - owed, 0),
    scheduledRemaining,
    saved: { interest: savedInterest, fee: savedFee, total: savedInterest + savedFee },
    daysOfUse: sumRupiah(accrued.instalments.map((i) => daysOfUse(i, date))),
  };
  return { quote, rebated };
}

function active(loan: Loan): boolean {
  return loan.state === 'active' || loan.state === 'overdue';
}

/**
 * Settles the whole loan on `date` with `amount` (at least the quote's `amountDue`; any excess is held
 * as credit): rebates the unused days' charges and allocates across every instalment. The loan ends
 * paid off with nothing outstanding.
 * @throws LoanOperationError when the amount is short of the quote or the loan is not repaying.
 */
export function settleLoan(loan: Loan, date: BusinessDate, amount: Rupiah): AllocationResult {
  nonNegativeRupiah(amount, 'settlement amount');
  const accrued = accrueTo(loan, date);
  if (!active(accrued))
    throw new LoanOperationError(`loan ${loan.id} is ${accrued.state}: nothing to settle`);
  const { quote, rebated } = quoteAccrued(accrued, date);
  if (amount < quote.amountDue) {
    throw new LoanOperationError(`settlement needs ${quote.amountDue} on ${date}, got ${amount}`);
  }
  // allocatePayment accrues to `date` again: a no-op on a loan already accrued to it.
  const result = allocatePayment(rebated, { amount, date, scope: 'all' });
  if (outstandingOf(result.loan) !== 0) throw new Error('settlement left an outstanding balance');
  return result;
}

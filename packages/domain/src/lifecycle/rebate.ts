/**
 * The per-day-of-use rule, in one place: when a loan ends before its last due date, every instalment keeps
 * only the interest and fee earned by the day it ends; the charges of the days not used are cut from what
 * is owed, and whatever had already been paid for them goes to the borrower's credit (to withdraw, or to
 * pay what is still owed). Every way a loan can end early goes through {@link rebateUnusedDays}: a payment
 * that covers the payoff (allocation, settlement), a waiver that clears the last bill, and a write-off.
 */
import {
  addRupiah,
  maxRupiah,
  minRupiah,
  subtractRupiah,
  ZERO_RUPIAH,
  type Rupiah,
} from '../money/rupiah.ts';
import type { BusinessDate } from '../pricing/business-date.ts';
import { earnedOn } from './days-of-use.ts';
import { credit, debit, journalEntry } from './ledger.ts';
import {
  CHARGES,
  isRepaying,
  outstandingOf,
  remainingOf,
  withEntries,
  type Loan,
  type LoanInstalment,
} from './loan-account.ts';

/**
 * Cuts every instalment's interest and fee to what was earned by `date` (paid instalments included: paying a
 * bill early must never cost more than settling). The loan must already be accrued to `date`, so that every
 * rupiah cut is still unearned income. Idempotent: a second call on the same date changes nothing.
 */
export function rebateUnusedDays(loan: Loan, date: BusinessDate): Loan {
  const totals = {
    interest: { cut: ZERO_RUPIAH, released: ZERO_RUPIAH },
    fee: { cut: ZERO_RUPIAH, released: ZERO_RUPIAH },
  };
  let refund = ZERO_RUPIAH;
  const instalments = loan.instalments.map((i): LoanInstalment => {
    if (i.state === 'written-off') return i;
    const earned = earnedOn(i, date);
    if (earned.interest >= i.due.interest && earned.fee >= i.due.fee) return i;
    const due = { ...i.due };
    const paid = { ...i.paid };
    for (const c of CHARGES) {
      due[c] = minRupiah(i.due[c], earned[c]);
      const over = maxRupiah(subtractRupiah(i.paid[c], due[c]), ZERO_RUPIAH);
      paid[c] = subtractRupiah(i.paid[c], over);
      refund = addRupiah(refund, over);
      const cut = subtractRupiah(i.due[c], due[c]);
      totals[c].cut = addRupiah(totals[c].cut, cut);
      // What is still owed drops by the cut, less the part of it already paid (moved to credit).
      totals[c].released = addRupiah(totals[c].released, subtractRupiah(cut, over));
    }
    return { ...i, due, paid };
  });
  if (totals.interest.cut === 0 && totals.fee.cut === 0) return loan;
  const journal = withEntries(loan.journal, [
    journalEntry(
      date,
      'unused-days-rebate',
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
  return { ...loan, instalments, credit: addRupiah(loan.credit, refund), journal };
}

/**
 * What closes the loan on `date` (already accrued to it): everything owed once unused days are rebated,
 * less the credit held. Zero when the credit covers it.
 */
export function payoffAmount(rebated: Loan): Rupiah {
  return maxRupiah(subtractRupiah(outstandingOf(rebated), rebated.credit), ZERO_RUPIAH);
}

/**
 * The loan rebated for unused days, and `closing`, when `amount` plus the credit held covers its payoff on `date`
 * (the loan already accrued to it); else the loan unchanged. A payment closes a loan so (allocation.ts), and so does
 * held credit alone, with `amount` 0 (held-credit.ts). A cheap bound skips the rebate for ordinary instalments: the
 * rebate can never give back more than the charges already paid.
 */
export function closeIfCovered(
  accrued: Loan,
  amount: Rupiah,
  date: BusinessDate,
): { loan: Loan; closing: boolean } {
  if (!isRepaying(accrued)) return { loan: accrued, closing: false };
  // payoff ≥ unpaid principal and late fees − credit − refund, and the refund ≤ the charges already paid.
  let principalAndLate = 0;
  let paidCharges = 0;
  for (const i of accrued.instalments) {
    const r = remainingOf(i);
    principalAndLate += r.principal + r.lateFee;
    paidCharges += i.paid.interest + i.paid.fee;
  }
  if (amount + accrued.credit + paidCharges < principalAndLate) return { loan: accrued, closing: false };
  const rebated = rebateUnusedDays(accrued, date);
  return payoffAmount(rebated) <= amount
    ? { loan: rebated, closing: true }
    : { loan: accrued, closing: false };
}

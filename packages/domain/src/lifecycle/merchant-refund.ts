/**
 * A pay-later purchase returned to the merchant, in whole or in part (issue 26). The merchant gives back the refunded
 * amount, which takes that much off the loan's principal; the charges follow per day of use, as for an early
 * settlement (days-of-use.ts, rebate.ts):
 *
 * - the principal kept (`kept` of the `principal` lent) keeps its share of each instalment's contractual charges,
 *   earned per day of use as before: `contract = ⌊c × kept / principal⌋`;
 * - each part returned was used from the start until the day it was returned, and owes exactly what those days
 *   earned, like a loan of that size settled that day: `returnedUse = ⌊c × Σ(returned × days of use) / (principal ×
 *   days)⌋`, fixed from then on;
 * - a full refund (nothing kept) undoes the purchase: nothing bought, nothing owed, so every charge goes, including
 *   what days of use had earned (income already recognised is taken back). Late fees, owed for lateness, stay.
 *
 * c is the instalment's charge in the accepted plan, both roundings are down (in the borrower's favour, as the
 * rebate's), and each instalment only ever falls: never above what it owed before, never below what its
 * days of use earned. The principal taken off is shared over the bills in proportion to the principal each still has
 * due (`splitCumulative`: the parts sum exactly). Whatever the borrower had already paid of what is no longer owed
 * becomes held credit: it pays their bills as they fall due, and when it covers everything left the loan closes that
 * day (held-credit.ts) and the rest is paid back to them (refund.ts).
 */
import { roundDown, splitCumulative, sumBigInt } from '../money/rounding.ts';
import {
  addRupiah,
  boundedRupiah,
  fromBigInt,
  maxRupiah,
  minRupiah,
  subtractRupiah,
  sumRupiah,
  ZERO_RUPIAH,
  type Rupiah,
} from '../money/rupiah.ts';
import type { BusinessDate } from '../pricing/business-date.ts';
import { accrueTo } from './accrual.ts';
import { nextState } from './bill-allocation.ts';
import { transitionBill } from './bill-state.ts';
import { daysOfUse, earnedOn } from './days-of-use.ts';
import { spendHeldCredit } from './held-credit.ts';
import { credit, debit, journalEntry } from './ledger.ts';
import {
  CHARGES,
  isRepaying,
  LoanOperationError,
  remainingOf,
  totalOf,
  withEntries,
  type Loan,
  type LoanInstalment,
  type MerchantRefund,
} from './loan-account.ts';

/** Loan states a merchant refund applies to: repaying, or paid off (what was paid for goes back as credit). */
export const MERCHANT_REFUNDABLE_STATES = [
  'active',
  'overdue',
  'paid-off',
] as const satisfies readonly Loan['state'][];

/** The principal still refundable: what the bills still carry of it (the principal lent less what came back). */
export function refundablePrincipal(loan: Loan): Rupiah {
  return sumRupiah(loan.instalments.map((i) => i.due.principal));
}

/**
 * An instalment's charge `c` of the accepted plan once `returns` came back of `principal`, `kept` still lent: the
 * kept share for the whole period (`contract`) and what the returned parts earned while used (`returnedUse`).
 */
export function chargeAfterReturns(
  c: Rupiah,
  instalment: Pick<LoanInstalment, 'number' | 'periodStart' | 'days'>,
  principal: Rupiah,
  kept: Rupiah,
  returns: readonly MerchantRefund[],
): { contract: Rupiah; returnedUse: Rupiah } {
  if (kept === 0) return { contract: ZERO_RUPIAH, returnedUse: ZERO_RUPIAH };
  const days = BigInt(Math.max(instalment.days, 1));
  const used = sumBigInt(
    returns.map((r) => BigInt(r.amount) * BigInt(daysOfUse(instalment as LoanInstalment, r.date))),
  );
  return {
    contract: fromBigInt(roundDown(BigInt(c) * BigInt(kept), BigInt(principal))),
    returnedUse: fromBigInt(roundDown(BigInt(c) * used, BigInt(principal) * days)),
  };
}

/**
 * The loan after the merchant gave back `amount` of its principal on `date` (a repaying loan is accrued to `date`
 * first; a paid-off loan's days ended when it closed). One `merchant-refund` entry books it: cash in from the
 * merchant, the principal and charges no longer owed off their receivables (unearned income, or income already
 * recognised when a charge falls below it), and what had been paid of them to borrower credit.
 * @throws LoanOperationError when the loan is not repaying or paid off, or `amount` is not positive or above the
 * principal still refundable.
 */
export function refundPurchase(loan: Loan, amount: Rupiah, date: BusinessDate): Loan {
  boundedRupiah(amount, 'refund amount');
  if (!(MERCHANT_REFUNDABLE_STATES as readonly string[]).includes(loan.state))
    throw new LoanOperationError(`loan ${loan.id} is ${loan.state}: no purchase to refund`);
  const refundable = refundablePrincipal(loan);
  if (amount <= 0 || amount > refundable)
    throw new LoanOperationError(`refund ${amount} must be positive and at most ${refundable}`);
  const repaying = isRepaying(loan);
  const base = repaying ? accrueTo(loan, date) : loan;
  const returns = [...(base.merchantRefunds ?? []), { date, amount }];
  const kept = subtractRupiah(refundable, amount);
  const principal = addRupiah(kept, sumRupiah(returns.map((r) => r.amount)));
  const cuts = splitCumulative(
    BigInt(amount),
    base.instalments.map((i) => BigInt(i.due.principal)),
  );
  const moved = {
    principal: ZERO_RUPIAH,
    credit: ZERO_RUPIAH,
    interest: { receivable: ZERO_RUPIAH, unearned: ZERO_RUPIAH, income: ZERO_RUPIAH },
    fee: { receivable: ZERO_RUPIAH, unearned: ZERO_RUPIAH, income: ZERO_RUPIAH },
  };
  const instalments = base.instalments.map((i, k): LoanInstalment => {
    const planned = base.plan.instalments[k];
    const due = { ...i.due };
    const paid = { ...i.paid };
    const recognized = { ...i.recognized };
    const contract = { ...i.contract };
    const returnedUse = { interest: ZERO_RUPIAH, fee: ZERO_RUPIAH };
    due.principal = subtractRupiah(i.due.principal, fromBigInt(cuts[k] ?? 0n));
    const overPrincipal = maxRupiah(subtractRupiah(i.paid.principal, due.principal), ZERO_RUPIAH);
    paid.principal = subtractRupiah(i.paid.principal, overPrincipal);
    moved.principal = addRupiah(
      moved.principal,
      subtractRupiah(subtractRupiah(i.due.principal, due.principal), overPrincipal),
    );
    moved.credit = addRupiah(moved.credit, overPrincipal);
    for (const c of CHARGES) {
      const after = chargeAfterReturns(planned?.[c] ?? i.contract[c], i, principal, kept, returns);
      contract[c] = after.contract;
      returnedUse[c] = after.returnedUse;
      due[c] = minRupiah(i.due[c], addRupiah(after.contract, after.returnedUse));
    }
    // A repaying loan has recognised no more than the new terms earned by today (their two roundings down can be a
    // rupiah below the old one), so that ending it early later only ever cuts unearned income.
    const earned = repaying ? earnedOn({ ...i, contract, returnedUse }, date) : due;
    for (const c of CHARGES) {
      const cut = subtractRupiah(i.due[c], due[c]);
      recognized[c] = minRupiah(i.recognized[c], due[c], earned[c]);
      const reversed = subtractRupiah(i.recognized[c], recognized[c]);
      const over = maxRupiah(subtractRupiah(i.paid[c], due[c]), ZERO_RUPIAH);
      paid[c] = subtractRupiah(i.paid[c], over);
      moved[c].receivable = addRupiah(moved[c].receivable, subtractRupiah(cut, over));
      moved[c].unearned = addRupiah(moved[c].unearned, subtractRupiah(cut, reversed));
      moved[c].income = addRupiah(moved[c].income, reversed);
      moved.credit = addRupiah(moved.credit, over);
    }
    const changed = { ...i, due, paid, recognized, contract, returnedUse };
    const settled = (i.state === 'pending' || i.state === 'overdue') && totalOf(remainingOf(changed)) === 0;
    return settled ? { ...changed, state: transitionBill(i.state, 'pay-off') } : changed;
  });
  const entry = journalEntry(
    date,
    'merchant-refund',
    [
      debit('cash', amount),
      debit('unearned-interest', moved.interest.unearned),
      debit('unearned-fee', moved.fee.unearned),
      debit('interest-income', moved.interest.income),
      debit('fee-income', moved.fee.income),
      credit('principal-receivable', moved.principal),
      credit('interest-receivable', moved.interest.receivable),
      credit('fee-receivable', moved.fee.receivable),
      credit('borrower-credit', moved.credit),
    ],
    kept === 0 ? 'purchase returned in full' : 'purchase returned in part',
  );
  const refunded: Loan = {
    ...base,
    instalments,
    merchantRefunds: returns,
    credit: addRupiah(base.credit, moved.credit),
    state: nextState(base.state, instalments),
    journal: withEntries(base.journal, [entry]),
  };
  // Credit held (what was paid of what is no longer owed) pays what is due now, and closes the loan when it covers
  // everything left, at the price of the days used.
  return isRepaying(refunded) ? spendHeldCredit(refunded, date) : refunded;
}

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays } from '../../src/pricing/business-date.ts';
import { accrueTo } from '../../src/lifecycle/accrual.ts';
import { allocatePayment } from '../../src/lifecycle/allocation.ts';
import { outstandingOf, remainingOf, type Component, type Loan } from '../../src/lifecycle/loan-account.ts';
import {
  accountBalances,
  creditFromJournal,
  isBalanced,
  outstandingFromJournal,
  type Account,
} from '../../src/lifecycle/ledger.ts';
import { settleLoan, settlementQuote } from '../../src/lifecycle/settlement.ts';
import { waiveLateFees, writeOffLoan } from '../../src/lifecycle/write-off.ts';
import { disbursedLoanOf, offerArb } from '../pricing/arbitraries.ts';
import { rupiah } from '../../src/money/rupiah.ts';

const RUNS = { numRuns: 250 };

const order = fc.shuffledSubarray(['principal', 'interest', 'fee', 'lateFee'] as const, {
  minLength: 4,
  maxLength: 4,
});

/** Payments as a share (percent) of the first instalment, `gap` days after the previous one (0: same day). */
const payments = (maxGap: number) =>
  fc.array(fc.record({ gap: fc.integer({ min: 0, max: maxGap }), share: fc.integer({ min: 0, max: 150 }) }), {
    maxLength: 8,
  });

type Order = readonly Component[];

const open = disbursedLoanOf;

function invariants(loan: Loan): void {
  expect(loan.journal.every(isBalanced)).toBe(true);
  expect(outstandingFromJournal(loan.journal)).toBe(outstandingOf(loan));
  expect(creditFromJournal(loan.journal)).toBe(loan.credit);
  for (const i of loan.instalments) {
    for (const v of Object.values(remainingOf(i))) expect(Number.isSafeInteger(v) && v >= 0).toBe(true);
  }
  const late = loan.instalments.reduce((a, i) => a + i.due.lateFee, 0);
  expect(late).toBeLessThanOrEqual(loan.lateFeeCeiling);
}

/** Everything the instalments record as paid. */
const paidOf = (loan: Loan) =>
  loan.instalments.reduce((a, i) => a + i.paid.principal + i.paid.interest + i.paid.fee + i.paid.lateFee, 0);
const lateFeesOf = (loan: Loan) => loan.instalments.reduce((a, i) => a + i.due.lateFee - i.waived.lateFee, 0);

/** Accounts that say where the money went; every other loan-level account must close when the loan ends. */
const WHERE_MONEY_WENT: readonly Account[] = [
  'cash',
  'interest-income',
  'fee-income',
  'late-fee-income',
  'borrower-credit',
  'waiver-expense',
  'write-off-expense',
];
function expectClosed(loan: Loan): void {
  const open = [...accountBalances(loan.journal)].filter(
    ([a, b]) => b !== 0n && !WHERE_MONEY_WENT.includes(a),
  );
  expect(open).toEqual([]);
}

/** Pays the sequence; returns the loan and what was paid in all. */
function pay(loan: Loan, seq: readonly { gap: number; share: number }[], ord: Order) {
  const instalment = loan.plan.instalments[0]?.total ?? 0;
  let date = loan.startDate;
  let paid = 0;
  for (const p of seq) {
    date = addDays(date, p.gap);
    const amount = rupiah(Math.floor((instalment * p.share) / 100));
    // Held credit pays bills as they fall due while the loan accrues to the payment's date: count from there.
    const before = accrueTo(loan, date).credit;
    const r = allocatePayment(loan, { amount, date, order: ord });
    expect(
      r.lines.filter((l) => l.source === 'payment').reduce((a, l) => a + l.amount, 0) + r.creditAdded,
    ).toBe(amount);
    expect(r.loan.credit).toBe(before + r.creditRebated - r.creditUsed + r.creditAdded);
    paid += amount;
    loan = r.loan;
    invariants(loan);
    // Nothing lost: what the instalments record as paid plus the credit held is everything paid.
    expect(paidOf(loan) + loan.credit).toBe(paid);
  }
  return { loan, date, paid };
}

describe('lifecycle properties', () => {
  it('payments never disappear, journals balance, and the settlement quote always closes the loan', () => {
    fc.assert(
      fc.property(
        offerArb(),
        payments(75),
        fc.integer({ min: 0, max: 400 }),
        order,
        (offer, seq, settleGap, ord) => {
          const { loan, date: last, paid } = pay(open(offer), seq, ord);
          const date = addDays(last, settleGap);
          if (loan.state === 'paid-off') return;
          const quote = settlementQuote(loan, date);
          expect(quote.amountDue).toBeGreaterThanOrEqual(0);
          expect(quote.saved.total).toBeGreaterThanOrEqual(0);
          if (quote.amountDue > 0) expect(quote.scheduledRemaining - quote.amountDue).toBe(quote.saved.total);
          const settled = settleLoan(loan, date, quote.amountDue);
          expect(settled.loan.state).toBe('paid-off');
          expect(outstandingOf(settled.loan)).toBe(0);
          expect(outstandingFromJournal(settled.loan.journal)).toBe(0);
          expect(settled.creditAdded).toBe(0);
          expect(settled.loan.credit).toBe(quote.creditLeft);
          expect(paidOf(settled.loan) + settled.loan.credit).toBe(paid + quote.amountDue);
          invariants(settled.loan);
        },
      ),
      RUNS,
    );
  }, 60_000);

  it('repaying early in any way never costs more than settling on the day of the last payment', () => {
    // The product's promise (per-day-of-use pricing): whatever payments repay the loan in full before its
    // last due date, the borrower's cost is at most the settlement quote of that day on the untouched loan,
    // plus the late fees really incurred.
    fc.assert(
      fc.property(
        offerArb(),
        payments(40),
        fc.integer({ min: 0, max: 60 }),
        fc.boolean(),
        order,
        (offer, seq, finalGap, settle, ord) => {
          const fresh = open(offer);
          const maturity = fresh.plan.maturityDate;
          const { loan, date: last, paid } = pay(fresh, seq, ord);
          const date = addDays(last, finalGap);
          fc.pre(date < maturity);
          let ended = loan;
          let total = paid;
          if (loan.state !== 'paid-off') {
            const due = settlementQuote(loan, date).amountDue;
            // Either the exact settlement, or "pay what the schedule still asks" in one payment.
            const amount = settle ? due : rupiah(Math.max(due, outstandingOf(loan) - loan.credit));
            ended = allocatePayment(loan, { amount, date, order: ord }).loan;
            total += amount;
          }
          expect(ended.state).toBe('paid-off');
          const endDate = ended.journal.at(-1)?.date ?? date;
          const untouched = settlementQuote(fresh, endDate);
          const cost = total - ended.credit - offer.amount;
          expect(cost).toBeLessThanOrEqual(untouched.interest + untouched.fee + lateFeesOf(ended));
          expectClosed(ended);
        },
      ),
      { numRuns: 300 },
    );
  }, 60_000);

  it('every loan-level account closes when a loan ends: paid to term, settled, written off, waived off', () => {
    fc.assert(
      fc.property(
        offerArb(),
        payments(120),
        fc.constantFrom('settle', 'pay-to-term', 'write-off', 'waive-and-pay'),
        fc.integer({ min: 1, max: 500 }),
        order,
        (offer, seq, ending, gap, ord) => {
          const { loan, date: last } = pay(open(offer), seq, ord);
          const date = addDays(last, gap);
          let ended = loan;
          if (loan.state !== 'paid-off') {
            if (ending === 'settle')
              ended = settleLoan(loan, date, settlementQuote(loan, date).amountDue).loan;
            if (ending === 'pay-to-term') {
              const end = date > loan.plan.maturityDate ? date : loan.plan.maturityDate;
              ended = allocatePayment(loan, { amount: settlementQuote(loan, end).amountDue, date: end }).loan;
            }
            if (ending === 'waive-and-pay') {
              const waived = waiveLateFees(loan, date);
              ended =
                waived.state === 'paid-off'
                  ? waived
                  : settleLoan(waived, date, settlementQuote(waived, date).amountDue).loan;
            }
            if (ending === 'write-off') {
              const overdue = addDays(loan.instalments.at(-1)?.dueDate ?? date, gap);
              ended = writeOffLoan(loan, date > overdue ? date : overdue);
            }
          }
          expect(['paid-off', 'written-off']).toContain(ended.state);
          expect(outstandingFromJournal(ended.journal)).toBe(0);
          invariants(ended);
          expectClosed(ended);
        },
      ),
      RUNS,
    );
  }, 60_000);
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays } from '../../src/pricing/business-date.ts';
import { plan } from '../../src/pricing/plan.ts';
import { allocatePayment } from '../../src/lifecycle/allocation.ts';
import {
  disburseLoan,
  openLoan,
  outstandingOf,
  remainingOf,
  type Loan,
} from '../../src/lifecycle/loan-account.ts';
import { creditFromJournal, isBalanced, outstandingFromJournal } from '../../src/lifecycle/ledger.ts';
import { settleLoan, settlementQuote } from '../../src/lifecycle/settlement.ts';
import { writeOffLoan } from '../../src/lifecycle/write-off.ts';
import { offerArb } from '../pricing/arbitraries.ts';

const RUNS = { numRuns: 250 };

const scenario = fc.record({
  offer: offerArb(),
  payments: fc.array(
    fc.record({ gap: fc.integer({ min: 0, max: 75 }), share: fc.integer({ min: 0, max: 150 }) }),
    { maxLength: 8 },
  ),
  settleGap: fc.integer({ min: 0, max: 400 }),
  order: fc.shuffledSubarray(['principal', 'interest', 'fee', 'lateFee'] as const, {
    minLength: 4,
    maxLength: 4,
  }),
});

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

describe('lifecycle properties', () => {
  it('payments never disappear, journals balance, and the settlement quote always closes the loan', () => {
    fc.assert(
      fc.property(scenario, ({ offer, payments, settleGap, order }) => {
        const { product, amount, tenor, startDate } = offer;
        let loan = disburseLoan(openLoan('p', plan(product, amount, tenor, startDate)), startDate);
        const instalment = loan.plan.instalments[0]?.total ?? 0;
        let date = startDate;
        let paid = 0;
        let allocated = 0;
        for (const p of payments) {
          date = addDays(date, p.gap);
          const amountPaid = Math.floor((instalment * p.share) / 100);
          const before = loan.credit;
          const r = allocatePayment(loan, { amount: amountPaid, date, order });
          paid += amountPaid;
          allocated += r.lines.reduce((a, l) => a + l.amount, 0);
          expect(
            r.lines.filter((l) => l.source === 'payment').reduce((a, l) => a + l.amount, 0) + r.creditAdded,
          ).toBe(amountPaid);
          expect(r.loan.credit).toBe(before - r.creditUsed + r.creditAdded);
          loan = r.loan;
          invariants(loan);
        }
        // Nothing lost overall: every allocation (from new money or held credit) plus the credit still held
        // equals everything paid, and matches what the instalments record as paid.
        expect(allocated + loan.credit).toBe(paid);
        expect(
          loan.instalments.reduce(
            (a, i) => a + i.paid.principal + i.paid.interest + i.paid.fee + i.paid.lateFee,
            0,
          ),
        ).toBe(allocated);

        date = addDays(date, settleGap);
        if (loan.state === 'paid-off') return;
        const quote = settlementQuote(loan, date);
        expect(quote.amountDue).toBeGreaterThanOrEqual(0);
        expect(quote.saved.total).toBeGreaterThanOrEqual(0);
        if (quote.amountDue > 0) expect(quote.scheduledRemaining - quote.amountDue).toBe(quote.saved.total);
        else expect(quote.creditLeft).toBeGreaterThanOrEqual(0);
        const settled = settleLoan(loan, date, quote.amountDue);
        expect(settled.loan.state).toBe('paid-off');
        expect(outstandingOf(settled.loan)).toBe(0);
        expect(outstandingFromJournal(settled.loan.journal)).toBe(0);
        expect(settled.creditAdded).toBe(0);
        expect(settled.loan.credit).toBe(quote.creditLeft);
        invariants(settled.loan);
      }),
      RUNS,
    );
  });

  it('a write-off leaves nothing receivable and the journal balanced', () => {
    fc.assert(
      fc.property(
        offerArb(),
        fc.integer({ min: 1, max: 500 }),
        ({ product, amount, tenor, startDate }, daysLate) => {
          const loan = disburseLoan(openLoan('w', plan(product, amount, tenor, startDate)), startDate);
          const firstDue = loan.instalments[0]?.dueDate ?? startDate;
          const written = writeOffLoan(loan, addDays(firstDue, daysLate));
          expect(outstandingFromJournal(written.journal)).toBe(0);
          invariants(written);
        },
      ),
      { numRuns: 150 },
    );
  });
});

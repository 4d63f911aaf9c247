import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { accrueTo } from '../../src/lifecycle/accrual.ts';
import { allocatePayment } from '../../src/lifecycle/allocation.ts';
import { creditFromJournal, isBalanced, outstandingFromJournal } from '../../src/lifecycle/ledger.ts';
import { outstandingOf, totalOf } from '../../src/lifecycle/loan-account.ts';
import { addDays } from '../../src/pricing/business-date.ts';
import { rupiah } from '../../src/money/rupiah.ts';
import { disbursedLoanOf, offerArb } from '../pricing/arbitraries.ts';

describe('credit held is spent before anything is late', () => {
  it('property: while credit is held no bill gathers a late fee, and what it pays is in the journal', () => {
    fc.assert(
      fc.property(
        offerArb(),
        fc.integer({ min: 101, max: 400 }),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 1, max: 400 }),
        (offer, share, early, later) => {
          const loan = disbursedLoanOf(offer);
          const bill = loan.instalments[0]!;
          const paidOn = addDays(bill.dueDate, -Math.min(early, bill.days - 1));
          fc.pre(paidOn >= loan.startDate);
          const amount = rupiah(Math.floor((totalOf(bill.due) * share) / 100));
          const paid = allocatePayment(loan, { amount, date: paidOn }).loan;
          const end = addDays(paid.instalments.at(-1)!.dueDate, later);
          // Day by day through the loan's life and beyond, as the nightly job would (and in one step).
          let daily = paid;
          for (let d = addDays(paidOn, 1); d <= end; d = addDays(d, 1)) {
            const lateBefore = daily.instalments.reduce((a, i) => a + i.due.lateFee, 0);
            const creditBefore = daily.credit;
            daily = accrueTo(daily, d);
            const lateAfter = daily.instalments.reduce((a, i) => a + i.due.lateFee, 0);
            // A late fee accrues only on a day that starts with no credit left after paying what fell due.
            if (lateAfter > lateBefore) expect(creditBefore === 0 || daily.credit === 0).toBe(true);
          }
          const oneStep = accrueTo(paid, end);
          for (const l of [daily, oneStep]) {
            expect(l.journal.every(isBalanced)).toBe(true);
            expect(outstandingFromJournal(l.journal)).toBe(outstandingOf(l));
            expect(creditFromJournal(l.journal)).toBe(l.credit);
          }
          // The same in one step (the ceiling may spread its last rupiah over bills differently, not in total).
          const lateFees = (l: typeof paid) => l.instalments.reduce((a, i) => a + i.due.lateFee, 0);
          expect(lateFees(oneStep)).toBe(lateFees(daily));
          expect(oneStep.credit).toBe(daily.credit);
        },
      ),
      { numRuns: 60 },
    );
  }, 120_000);
});

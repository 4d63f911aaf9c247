import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { accrueTo, loanDailyLateFee, nextAccrualDate } from '../../src/lifecycle/accrual.ts';
import { allocatePayment } from '../../src/lifecycle/allocation.ts';
import { closeDispute, openDispute } from '../../src/lifecycle/dispute.ts';
import { isBalanced, outstandingFromJournal } from '../../src/lifecycle/ledger.ts';
import {
  disburseLoan,
  LoanOperationError,
  openLoan,
  outstandingOf,
  type Loan,
} from '../../src/lifecycle/loan-account.ts';
import { cashLoanProduct } from '../../src/pricing/default-products.ts';
import { plan } from '../../src/pricing/plan.ts';
import { settleLoan, settlementQuote } from '../../src/lifecycle/settlement.ts';
import { rupiah } from '../../src/money/rupiah.ts';
import { addDays } from '../../src/pricing/business-date.ts';
import { disbursedLoanOf, offerArb } from '../pricing/arbitraries.ts';

const lateFees = (loan: Loan) => loan.instalments.reduce((a, i) => a + i.due.lateFee, 0);

function books(loan: Loan): void {
  expect(loan.journal.every(isBalanced)).toBe(true);
  expect(outstandingFromJournal(loan.journal)).toBe(outstandingOf(loan));
}

describe('a loan under dispute', () => {
  it('accrues no late fee while the dispute is open, whatever the book and the days (property)', () => {
    fc.assert(
      fc.property(
        offerArb(),
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 1, max: 200 }),
        (offer, openAfter, openFor) => {
          const loan = disbursedLoanOf(offer);
          const opened = addDays(loan.startDate, openAfter);
          const disputed = openDispute(loan, opened);
          // Late fees through the day it opened are charged, as on any day.
          expect(lateFees(disputed)).toBe(lateFees(accrueTo(loan, opened)));
          const later = accrueTo(disputed, addDays(opened, openFor));
          expect(lateFees(later)).toBe(lateFees(disputed));
          expect(later.disputedSince).toBe(opened);
          books(later);
          // The nightly job has no late-fee day to run for it: next is a due date or the first of a month, never
          // "tomorrow" for an overdue bill's fee.
          const next = nextAccrualDate(later);
          if (next && next === addDays(later.asOf, 1))
            expect(
              next.endsWith('-01') || later.instalments.some((i) => addDays(i.dueDate, 1) === next),
            ).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  }, 60_000);

  it('charges again from the day after it closes, never for the days it was open (property)', () => {
    fc.assert(
      fc.property(
        offerArb(),
        fc.integer({ min: 31, max: 120 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 30 }),
        (offer, openAfter, openFor, after) => {
          const loan = disbursedLoanOf(offer);
          const opened = addDays(loan.startDate, openAfter);
          const closedOn = addDays(opened, openFor);
          const closed = closeDispute(accrueTo(openDispute(loan, opened), closedOn), closedOn);
          expect(closed.disputedSince).toBeUndefined();
          expect(lateFees(closed)).toBe(lateFees(accrueTo(loan, opened)));
          const end = addDays(closedOn, after);
          const resumed = accrueTo(closed, end);
          // At most a day's fee on the bills late that day, for each day after the close: the days under dispute are
          // not charged.
          let most = 0;
          for (let day = addDays(closedOn, 1); day <= end; day = addDays(day, 1)) {
            const late = closed.instalments.filter(
              (i) => i.state !== 'paid' && i.state !== 'written-off' && i.dueDate < day,
            );
            most += loanDailyLateFee(closed, late);
          }
          expect(lateFees(resumed) - lateFees(closed)).toBeLessThanOrEqual(most);
          books(resumed);
        },
      ),
      { numRuns: 200 },
    );
  }, 60_000);

  it('still takes payments and settles, under dispute', () => {
    fc.assert(
      fc.property(offerArb(), fc.integer({ min: 0, max: 90 }), (offer, openAfter) => {
        const loan = disbursedLoanOf(offer);
        const opened = addDays(loan.startDate, openAfter);
        const disputed = openDispute(loan, opened);
        const payDay = addDays(opened, 3);
        const paid = allocatePayment(disputed, {
          amount: rupiah(loan.plan.instalments[0]!.total),
          date: payDay,
        }).loan;
        books(paid);
        if (paid.state === 'paid-off') return;
        const quote = settlementQuote(paid, payDay);
        const settled = settleLoan(paid, payDay, quote.amountDue).loan;
        expect(settled.state).toBe('paid-off');
        expect(outstandingOf(settled)).toBe(0);
      }),
      { numRuns: 100 },
    );
  }, 60_000);

  it('stops a late bill at the fee of the day it opened, and cannot be opened on a closed loan', () => {
    const start = '2026-01-05';
    const loan = disburseLoan(
      openLoan('d', plan(cashLoanProduct, rupiah(2_000_000), { unit: 'month', length: 3 }, start)),
      start,
    );
    const firstDue = loan.instalments[0]!.dueDate;
    const fiveLate = addDays(firstDue, 5);
    const daily = loanDailyLateFee(loan, [loan.instalments[0]!]);
    expect(daily).toBeGreaterThan(0);
    const disputed = openDispute(loan, fiveLate);
    expect(lateFees(disputed)).toBe(5 * daily);
    expect(lateFees(accrueTo(disputed, addDays(fiveLate, 20)))).toBe(5 * daily);
    // Closed ten days later: two more days late after it, two more days' fees.
    const closed = closeDispute(accrueTo(disputed, addDays(fiveLate, 10)), addDays(fiveLate, 10));
    expect(lateFees(accrueTo(closed, addDays(fiveLate, 12)))).toBe(7 * daily);

    const quote = settlementQuote(loan, start);
    const paidOff = settleLoan(loan, start, quote.amountDue).loan;
    expect(() => openDispute(paidOff, start)).toThrow(LoanOperationError);
    // Closing a dispute on a loan paid off meanwhile only drops the flag.
    expect(closeDispute({ ...paidOff, disputedSince: start }, start).disputedSince).toBeUndefined();
  });
});

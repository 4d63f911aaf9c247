import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { accrueTo } from '../../src/lifecycle/accrual.ts';
import { allocatePayment } from '../../src/lifecycle/allocation.ts';
import { applyPayment } from '../../src/lifecycle/late-payment.ts';
import { accountBalances, isBalanced, outstandingFromJournal } from '../../src/lifecycle/ledger.ts';
import {
  disburseLoan,
  openLoan,
  outstandingOf,
  remainingOf,
  totalOf,
  type Loan,
} from '../../src/lifecycle/loan-account.ts';
import { settlementQuote } from '../../src/lifecycle/settlement.ts';
import { waiveLateFees } from '../../src/lifecycle/write-off.ts';
import { addDays } from '../../src/pricing/business-date.ts';
import { cashLoanProduct } from '../../src/pricing/default-products.ts';
import { plan } from '../../src/pricing/plan.ts';
import { rupiah, type Rupiah } from '../../src/money/rupiah.ts';
import { disbursedLoanOf, offerArb } from '../pricing/arbitraries.ts';

const START = '2026-01-05';
function threeMonths(): Loan {
  return disburseLoan(
    openLoan('late', plan(cashLoanProduct, rupiah(2_000_000), { unit: 'month', length: 3 }, START)),
    START,
  );
}

/** What the borrower and the books see of a loan, without the order of its journal entries. */
function figures(loan: Loan) {
  return {
    state: loan.state,
    asOf: loan.asOf,
    credit: loan.credit,
    bills: loan.instalments.map((i) => ({
      state: i.state,
      due: i.due,
      paid: i.paid,
      waived: i.waived,
      recognized: i.recognized,
    })),
    balances: Object.fromEntries(
      [...accountBalances(loan.journal)].filter(([, b]) => b !== 0n).map(([a, b]) => [a, b.toString()]),
    ),
  };
}

describe('a payment reported after the accrual passed its date', () => {
  it('paid at 23:59 on the due date, reported after the next night: on time, no late fee, nothing overdue', () => {
    const loan = threeMonths();
    const bill = loan.instalments[0]!;
    const amount = totalOf(bill.due);
    // The nightly accrual ran first: bill 1 late for a day, one day's late fee charged.
    const processed = accrueTo(loan, addDays(bill.dueDate, 1));
    expect(processed.state).toBe('overdue');
    expect(processed.instalments[0]?.due.lateFee).toBeGreaterThan(0);

    const { loan: after, creditAdded } = applyPayment(processed, { amount, date: bill.dueDate });
    expect(after.instalments[0]?.state).toBe('paid');
    expect(after.instalments[0]?.due.lateFee).toBe(0);
    expect(totalOf(remainingOf(after.instalments[0]!))).toBe(0);
    expect(after.state).toBe('active');
    expect(after.asOf).toBe(processed.asOf);
    expect(creditAdded).toBe(0);
    const reversal = after.journal.find((e) => e.movement === 'accrual-reversal');
    expect(reversal?.lines).toContainEqual({
      account: 'late-fee-income',
      side: 'debit',
      amount: processed.instalments[0]?.due.lateFee,
    });
    expect(after.journal.every(isBalanced)).toBe(true);
    expect(outstandingFromJournal(after.journal)).toBe(outstandingOf(after));
    // The same books as a report that came in time.
    const onTime = accrueTo(allocatePayment(loan, { amount, date: bill.dueDate }).loan, processed.asOf);
    expect(figures(after)).toEqual(figures(onTime));
  });

  it('a late fee already waived is taken back from the waiver, one already paid comes back to the borrower', () => {
    const loan = threeMonths();
    const bill = loan.instalments[0]!;
    const late = accrueTo(loan, addDays(bill.dueDate, 3));
    const lateFee = late.instalments[0]!.due.lateFee;
    // Half the late fee waived by staff, the rest paid by a second payment that was reported first.
    const waived = waiveLateFees(late, late.asOf, rupiah(Math.floor(lateFee / 2)));
    const paidLate = allocatePayment(waived, {
      amount: rupiah(lateFee - Math.floor(lateFee / 2)),
      date: late.asOf,
    });
    const after = applyPayment(paidLate.loan, { amount: totalOf(bill.due), date: bill.dueDate }).loan;
    expect(after.instalments[0]?.due.lateFee).toBe(0);
    expect(after.instalments[0]?.waived.lateFee).toBe(0);
    // The late fee paid came back as credit, and the credit went on to the current bill: nothing lost.
    const latePaid = lateFee - Math.floor(lateFee / 2);
    expect(after.credit + totalOf(after.instalments[1]!.paid)).toBe(latePaid);
    const paidIn = after.instalments.reduce((a, i) => a + totalOf(i.paid), 0) + after.credit;
    expect(paidIn).toBe(totalOf(bill.due) + latePaid);
    expect(after.journal.every(isBalanced)).toBe(true);
    expect(outstandingFromJournal(after.journal)).toBe(outstandingOf(after));
  });

  it('property: a payment dated on or before the due date never carries a late fee, whenever it is applied', () => {
    fc.assert(
      fc.property(
        offerArb(),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 1, max: 45 }),
        fc.integer({ min: 100, max: 130 }),
        (offer, early, delay, share) => {
          const loan = disbursedLoanOf(offer);
          const bill = loan.instalments[0]!;
          const paidOn = addDays(bill.dueDate, -Math.min(early, bill.days - 1));
          fc.pre(paidOn >= loan.startDate);
          const amount = rupiah(Math.floor((totalOf(bill.due) * share) / 100)) as Rupiah;
          fc.pre(amount > 0);
          const reportedAfter = accrueTo(loan, addDays(bill.dueDate, delay));
          const after = applyPayment(reportedAfter, { amount, date: paidOn }).loan;
          expect(after.instalments[0]?.due.lateFee).toBe(0);
          expect(after.instalments[0]?.state).toBe('paid');
          const onTime = accrueTo(allocatePayment(loan, { amount, date: paidOn }).loan, reportedAfter.asOf);
          expect(figures(after)).toEqual(figures(onTime));
        },
      ),
      { numRuns: 200 },
    );
  }, 60_000);

  it('a settlement quoted on a day and paid for that amount after the night closes the loan', () => {
    const loan = allocatePayment(threeMonths(), {
      amount: totalOf(threeMonths().instalments[0]!.due),
      date: '2026-02-05',
    }).loan;
    const quote = settlementQuote(loan, '2026-02-08');
    // The nightly accrual ran on 9 Feb before the payment of 8 Feb was reported.
    const processed = accrueTo(loan, '2026-02-09');
    const { loan: after } = applyPayment(processed, { amount: quote.amountDue, date: '2026-02-08' });
    expect(after.state).toBe('paid-off');
    expect(after.credit).toBe(0);
    expect(outstandingFromJournal(after.journal)).toBe(0);
  });
});

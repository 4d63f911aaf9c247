import { describe, expect, it } from 'vitest';
import { rupiah } from '../../src/money/rupiah.ts';
import fc from 'fast-check';
import { accrueTo, nextAccrualDate } from '../../src/lifecycle/accrual.ts';
import { allocatePayment } from '../../src/lifecycle/allocation.ts';
import { disburseLoan, openLoan, type Loan } from '../../src/lifecycle/loan-account.ts';
import { addDays, compareDates, daysBetween } from '../../src/pricing/business-date.ts';
import { cashLoanProduct } from '../../src/pricing/default-products.ts';
import { plan } from '../../src/pricing/plan.ts';
import { offerArb } from '../pricing/arbitraries.ts';

function cashLoan(start = '2026-01-05'): Loan {
  return disburseLoan(
    openLoan('n', plan(cashLoanProduct, rupiah(2_000_000), { unit: 'month', length: 3 }, start)),
    start,
  );
}

/**
 * What the nightly job would have to write: everything but income recognised, the date, the journal and the late-fee
 * cursor (which moves through days that add nothing once fees reach the ceiling; every operation accrues to its own
 * date first, so a lagging cursor never charges those days later).
 */
function books(loan: Loan) {
  return {
    state: loan.state,
    credit: loan.credit,
    bills: loan.instalments.map(({ recognized: _r, lateFeeThrough: _t, ...bill }) => bill),
  };
}

describe('nextAccrualDate', () => {
  it('is the day after the first due date for a current loan, else the first of next month', () => {
    const loan = cashLoan();
    expect(loan.instalments[0]!.dueDate).toBe('2026-02-05');
    expect(nextAccrualDate(loan)).toBe('2026-02-01');
    expect(nextAccrualDate(accrueTo(loan, '2026-02-01'))).toBe('2026-02-06');
  });

  it('is tomorrow while an overdue bill gathers late fees, and the next month once they reach the ceiling', () => {
    const late = accrueTo(cashLoan(), '2026-02-10');
    expect(late.state).toBe('overdue');
    expect(nextAccrualDate(late)).toBe('2026-02-11');
    const capped = accrueTo(cashLoan(), '2031-06-20');
    expect(capped.instalments.reduce((a, i) => a + i.due.lateFee, 0)).toBe(capped.lateFeeCeiling);
    expect(nextAccrualDate(capped)).toBe('2031-07-01');
  });

  it('is null once nothing accrues (paid off)', () => {
    const loan = cashLoan();
    const { loan: paidOff } = allocatePayment(loan, { date: '2026-01-10', amount: rupiah(3_000_000) });
    expect(paidOff.state).toBe('paid-off');
    expect(nextAccrualDate(paidOff)).toBeNull();
  });

  it('skipping every day before it changes nothing the books show but earned income', () => {
    fc.assert(
      fc.property(
        offerArb(),
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 1, max: 60 }),
        (offer, age, ahead) => {
          const opened = disburseLoan(
            openLoan('p', plan(offer.product, offer.amount, offer.tenor, offer.startDate)),
            offer.startDate,
          );
          const loan = accrueTo(opened, addDays(offer.startDate, age));
          const next = nextAccrualDate(loan);
          if (next === null) return;
          expect(compareDates(next, loan.asOf)).toBeGreaterThan(0);
          // Any day strictly before `next`: only income recognition may differ from the loan as it stands.
          const gap = daysBetween(loan.asOf, next);
          const day = addDays(loan.asOf, Math.min(ahead, gap - 1));
          expect(books(accrueTo(loan, day))).toEqual(books(loan));
          // A bill falling due on `next` does change then (so the date is not merely safe but tight for it).
          const fallsDue = loan.instalments.find(
            (i) => i.state === 'pending' && addDays(i.dueDate, 1) === next,
          );
          if (fallsDue) expect(accrueTo(loan, next).instalments[fallsDue.number - 1]!.state).toBe('overdue');
        },
      ),
      { numRuns: 300 },
    );
  });
});

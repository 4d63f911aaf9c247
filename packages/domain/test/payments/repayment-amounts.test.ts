import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { accrueTo } from '../../src/lifecycle/accrual.ts';
import { applyPayment } from '../../src/lifecycle/late-payment.ts';
import { isRepaying, outstandingOf, type Loan } from '../../src/lifecycle/loan-account.ts';
import { channelsFor, SMALLEST_PAYMENT } from '../../src/payments/channels.ts';
import { payable, repaymentAmounts } from '../../src/payments/repayment-amounts.ts';
import { addDays } from '../../src/pricing/business-date.ts';
import { rupiah } from '../../src/money/rupiah.ts';
import { disbursedLoanOf, offerArb } from '../pricing/arbitraries.ts';

describe('no remainder is unpayable', () => {
  it('raises an amount below the smallest channel minimum to it and names the excess', () => {
    expect(payable(rupiah(1_000))).toEqual({ amount: SMALLEST_PAYMENT, excess: SMALLEST_PAYMENT - 1_000 });
    expect(payable(rupiah(250_000))).toEqual({ amount: 250_000, excess: 0 });
  });

  it("property: after any sequence of payments, today's settlement is payable through a channel and closes the loan", () => {
    fc.assert(
      fc.property(
        offerArb(),
        // Payments as a share (per mille) of the outstanding balance, and the days between them.
        fc.array(
          fc.record({ gap: fc.integer({ min: 0, max: 40 }), share: fc.integer({ min: 1, max: 1_000 }) }),
          {
            maxLength: 6,
          },
        ),
        fc.integer({ min: 0, max: 60 }),
        (offer, seq, finalGap) => {
          let loan: Loan = disbursedLoanOf(offer);
          let date = loan.startDate;
          for (const p of seq) {
            date = addDays(date, p.gap);
            const owed = outstandingOf(accrueTo(loan, date));
            const amount = rupiah(Math.max(1, Math.floor((owed * p.share) / 1_000)));
            loan = applyPayment(loan, { amount, date }).loan;
            if (!isRepaying(loan)) return;
          }
          date = addDays(date, finalGap);
          const today = accrueTo(loan, date);
          const { settlement } = repaymentAmounts(today, date);
          if (!isRepaying(today)) return;
          expect(settlement).not.toBeNull();
          expect(settlement!.amount).toBeGreaterThanOrEqual(SMALLEST_PAYMENT);
          expect(channelsFor(settlement!.amount).some((c) => c.available)).toBe(true);
          const paid = applyPayment(today, { amount: settlement!.amount, date });
          expect(paid.loan.state).toBe('paid-off');
          // What was asked beyond the debt is exactly what is left held, to be refunded.
          expect(paid.loan.credit).toBe(settlement!.excess);
        },
      ),
      { numRuns: 300 },
    );
  }, 60_000);
});

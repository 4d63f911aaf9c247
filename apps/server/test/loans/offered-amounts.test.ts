import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { largestOfferedAmount } from '@kaskita/domain/credit/affordability-rule';
import { rupiah, type Rupiah } from '@kaskita/domain/money/rupiah';
import { amountAtStep } from '@kaskita/domain/pricing/amount-step';
import { cashLoanProduct } from '@kaskita/domain/pricing/default-products';
import { makeDate } from '@kaskita/domain/pricing/business-date';
import { AppError } from '../../src/http/app-error.ts';
import { quoteLoan } from '../../src/modules/loans/loan-quote.ts';
import { tenorKey } from '@kaskita/domain/pricing/tenor-key';

// The borrowing form offers, per tenor, the amounts from the minimum to largestOfferedAmount (GET /v1/loan_products);
// the order is checked by quoteLoan. Whatever the income, limit, tenor and day, the two must agree: every amount
// offered is accepted, and the next step up (when the product and the limit have one) is refused.
const product = cashLoanProduct;
const { min, max, step } = product.amount;

const borrowerArb = fc.record({
  monthlyIncome: fc.integer({ min: 0, max: 60_000_000 }).map((n) => rupiah(n)),
  available: fc.integer({ min: 0, max: 35_000_000 }).map((n) => rupiah(n)),
  tenor: fc.constantFrom(...product.tenors),
  // 2026 onwards: the 30% rule is in force; any day of the month (due dates fall into different months).
  date: fc
    .record({
      y: fc.constantFrom(2026, 2027),
      m: fc.integer({ min: 1, max: 12 }),
      d: fc.integer({ min: 1, max: 28 }),
    })
    .map(({ y, m, d }) => makeDate(y, m, d)),
  pick: fc.double({ min: 0, max: 1, noNaN: true }),
});

const quote = (
  money: Rupiah,
  b: { monthlyIncome: Rupiah; available: Rupiah; date: string },
  period: string,
) =>
  quoteLoan(
    { pid: product.id, money, period },
    { products: [product], available: b.available, monthlyIncome: b.monthlyIncome, date: b.date },
  );

const refusal = (f: () => unknown): string | null => {
  try {
    f();
    return null;
  } catch (error) {
    if (error instanceof AppError) return error.key;
    throw error;
  }
};

describe('the amounts the borrowing form offers', () => {
  it('are exactly those an order is accepted for, on every tenor', () => {
    fc.assert(
      fc.property(borrowerArb, (b) => {
        const period = tenorKey(b.tenor);
        const top = largestOfferedAmount(product, b.tenor, b.date, b);
        if (top < min) {
          // Nothing offered: even the minimum is refused.
          expect(refusal(() => quote(min, b, period))).not.toBeNull();
          return;
        }
        expect(refusal(() => quote(top, b, period))).toBeNull();
        // Any amount on the step up to it, too.
        const steps = (top - min) / step;
        const some = amountAtStep(product.amount, Math.floor(b.pick * steps));
        expect(refusal(() => quote(some, b, period))).toBeNull();
        // One step more is refused, unless the product itself ends there.
        const next = rupiah(top + step);
        if (next <= max)
          expect(['OVER_LIMIT', 'PLAN_UNAFFORDABLE']).toContain(refusal(() => quote(next, b, period)));
      }),
      { numRuns: 300 },
    );
  });

  it('lowers the largest amount to what the income allows: a short tenor with the whole limit is not offered', () => {
    const fourteenDays = product.tenors.find((x) => x.unit === 'day' && x.length === 14)!;
    const top = largestOfferedAmount(product, fourteenDays, '2026-11-26', {
      available: rupiah(22_500_000),
      monthlyIncome: rupiah(5_000_000),
    });
    // 30% of Rp 5.000.000 is Rp 1.500.000 a month: the whole repayment of a 14-day loan falls in one month.
    expect(top).toBeGreaterThanOrEqual(min);
    expect(top).toBeLessThan(1_500_000);
    expect(
      refusal(() =>
        quote(
          rupiah(22_500_000),
          { available: rupiah(22_500_000), monthlyIncome: rupiah(5_000_000), date: '2026-11-26' },
          tenorKey(fourteenDays),
        ),
      ),
    ).toBe('PLAN_UNAFFORDABLE');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { largestAffordableAmount } from '../../src/credit/affordability-rule.ts';
import { rupiah } from '../../src/money/rupiah.ts';
import { cashLoanProduct } from '../../src/pricing/default-products.ts';

/** A deep-frozen copy: what the server's cached catalogue hands out, and what the memo is kept for. */
function frozen<T>(value: T): T {
  const copy = JSON.parse(JSON.stringify(value)) as T;
  const freeze = (v: unknown): void => {
    if (v && typeof v === 'object') {
      Object.freeze(v);
      Object.values(v).forEach(freeze);
    }
  };
  freeze(copy);
  return copy;
}

describe('largestAffordableAmount on a frozen (memoised) product', () => {
  const product = frozen(cashLoanProduct);

  it('answers what it answers on the same product unfrozen, whatever the order of the questions', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: product.tenors.length - 1 }),
        fc.integer({ min: 0, max: 6_000_000 }),
        fc.constantFrom('2026-01-05', '2026-03-31', '2027-02-28'),
        (t, maxMonthly, date) => {
          const args = [product.tenors[t]!, date, rupiah(maxMonthly)] as const;
          expect(largestAffordableAmount(product, ...args)).toBe(
            largestAffordableAmount(cashLoanProduct, ...args),
          );
        },
      ),
      { numRuns: 200 },
    );
  });
});

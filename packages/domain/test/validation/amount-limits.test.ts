import { describe, expect, it } from 'vitest';
import { cashLoanProduct } from '../../src/pricing/default-products.ts';
import { AMOUNT_LIMITS } from '../../src/validation/amount-limits.ts';

describe('the hoped-for limit and months (AMOUNT_LIMITS)', () => {
  it('are what the cash loan lends: its range, and its longest tenor in whole months', () => {
    expect(AMOUNT_LIMITS.expectedAmount).toEqual({
      min: cashLoanProduct.amount.min,
      max: cashLoanProduct.amount.max,
    });
    const months = cashLoanProduct.tenors.map((t) =>
      t.unit === 'month' ? t.length : Math.ceil(t.length / 30),
    );
    expect(AMOUNT_LIMITS.expectedPeriod).toEqual({ min: 1, max: Math.max(...months) });
  });
});

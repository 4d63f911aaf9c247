import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LoanProducts } from '@kaskita/domain/contract/loans';
import { rupiah } from '@kaskita/domain/money/rupiah';
import { fitChoice, offersFrom } from './tenor-offers.ts';

type Product = LoanProducts['list'][number];

const productArb = fc
  .record({
    min: fc.integer({ min: 1, max: 50 }),
    steps: fc.integer({ min: 0, max: 300 }),
    step: fc.constantFrom(1, 1_000, 50_000, 100_000),
    limit: fc.integer({ min: 0, max: 40_000_000 }),
    tenorMaxes: fc.array(fc.integer({ min: 0, max: 40_000_000 }), { minLength: 1, maxLength: 7 }),
  })
  .map(({ min, steps, step, limit, tenorMaxes }): Product => {
    const minAmount = min * step;
    return {
      pid: 'cash-loan',
      name: 'Cash loan',
      min_amount: rupiah(minAmount),
      max_amount: rupiah(Math.min(limit, minAmount + steps * step)),
      step: rupiah(step),
      tenors: tenorMaxes.map((max, i) => ({
        period: `month-${i + 1}-${i + 1}`,
        unit: 'month' as const,
        length: i + 1,
        instalments: i + 1,
        label: `${i + 1} months`,
        max_amount: rupiah(max),
      })),
      daily_interest_percent: '0.03',
      daily_service_fee_percent: '0.07',
      daily_late_fee_percent: '0.1',
      origination_fee_percent: '0',
      origination_fee_fixed: rupiah(0),
      price_text: '',
    };
  });

describe('the amounts and tenors the form offers', () => {
  it('never go past a tenor’s max_amount, the product’s max or off the step, whatever is typed or chosen', () => {
    fc.assert(
      fc.property(
        productArb,
        fc.array(fc.tuple(fc.nat(10), fc.integer({ min: -1, max: 60_000_000 })), { maxLength: 20 }),
        (product, moves) => {
          const [offer] = offersFrom([product]);
          const allowed = (period: string) => {
            const tenor = product.tenors.find((tn) => tn.period === period)!;
            return Math.min(tenor.max_amount, product.max_amount);
          };
          if (!offer) {
            // Nothing offered only when no tenor reaches the minimum.
            for (const tn of product.tenors)
              expect(Math.min(tn.max_amount, product.max_amount)).toBeLessThan(product.min_amount);
            return;
          }
          for (const tn of offer.tenors) expect(tn.range.max).toBeLessThanOrEqual(allowed(tn.period));
          // A borrower moving between tenors and typing amounts: every resulting pair is allowed.
          let choice = fitChoice(offer, null, product.min_amount);
          for (const [tenorIndex, typed] of moves) {
            choice = fitChoice(offer, product.tenors[tenorIndex]?.period, typed);
            expect(choice.money).toBeGreaterThanOrEqual(product.min_amount);
            expect(choice.money).toBeLessThanOrEqual(allowed(choice.period));
            expect((choice.money - product.min_amount) % product.step).toBe(0);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});

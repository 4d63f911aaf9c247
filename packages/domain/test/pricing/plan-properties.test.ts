import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { rupiah } from '../../src/money/rupiah.ts';
import { plan } from '../../src/pricing/plan.ts';
import { capsInForce } from '../../src/pricing/regulatory-caps.ts';
import { checkPlan, checkProduct } from '../../src/pricing/regulatory-check.ts';
import { offerArb } from './arbitraries.ts';

const RUNS = { numRuns: 300 };
const TODAY = '2026-11-22';

describe('plan() properties', () => {
  it('instalments sum exactly to the totals; principal parts to the amount; integers, never negative', () => {
    fc.assert(
      fc.property(
        offerArb(),
        fc.option(fc.integer({ min: 0, max: 500_000 }).map((n) => rupiah(n))),
        ({ product, amount, tenor, startDate }, couponAmount) => {
          const p = plan(
            product,
            amount,
            tenor,
            startDate,
            couponAmount === null
              ? {}
              : { coupon: { id: 'c', kind: 'fixed', amount: couponAmount, appliesTo: 'interest-and-fees' } },
          );
          const sum = (f: (i: (typeof p.instalments)[number]) => number) =>
            p.instalments.reduce((a, i) => a + f(i), 0);
          expect(p.instalments).toHaveLength(tenor.instalments);
          expect(sum((i) => i.principal)).toBe(amount);
          expect(sum((i) => i.interest)).toBe(p.totals.interest);
          expect(sum((i) => i.fee)).toBe(p.totals.fee);
          expect(sum((i) => i.total)).toBe(p.totals.repayment);
          expect(p.totals.economicBenefit).toBe(p.totals.interest + p.totals.fee + p.totals.originationFee);
          // What the landing page shows as total interest and fees.
          expect(p.totals.economicBenefit).toBe(
            p.totals.repayment - p.totals.principal + p.totals.originationFee,
          );
          expect(p.disbursement.received + p.disbursement.deducted).toBe(amount);
          expect(p.instalments.at(-1)?.principalBalance).toBe(0);
          expect(p.instalments.at(-1)?.remaining).toBe(0);
          for (const i of p.instalments) {
            for (const v of [i.principal, i.interest, i.fee, i.total, i.principalBalance, i.remaining]) {
              expect(Number.isSafeInteger(v) && v >= 0).toBe(true);
            }
            expect(i.total).toBe(i.principal + i.interest + i.fee);
          }
          if (product.freeInterest) expect(p.totals.interest).toBe(0);
        },
      ),
      RUNS,
    );
  });

  it('no plan accepted by checkPlan exceeds the caps (recomputed independently from the rows)', () => {
    fc.assert(
      fc.property(
        offerArb(),
        fc.constantFrom('2024-06-01', '2025-06-01', TODAY),
        ({ product, amount, tenor, startDate }, date) => {
          const p = plan(product, amount, tenor, startDate);
          if (!checkPlan(p, date).ok) return;
          const caps = capsInForce(date, p.purpose, p.tenor);
          if (!caps) return;
          const benefit =
            p.instalments.reduce((a, i) => a + BigInt(i.interest + i.fee), 0n) +
            BigInt(p.totals.originationFee);
          const { dailyEconomicBenefit: daily, totalCostOfPrincipal: total } = caps;
          expect(benefit * daily.den <= daily.num * BigInt(amount) * BigInt(p.days)).toBe(true);
          expect(benefit * total.den <= total.num * BigInt(amount)).toBe(true);
        },
      ),
      RUNS,
    );
  });

  it('every plan of a product accepted by checkProduct (charges rounded down) passes checkPlan', () => {
    fc.assert(
      fc.property(offerArb({ cheap: true }), ({ product, amount, tenor, startDate }) => {
        fc.pre(checkProduct(product, TODAY).ok);
        expect(checkPlan(plan(product, amount, tenor, startDate), TODAY).violations).toEqual([]);
      }),
      RUNS,
    );
  });
});

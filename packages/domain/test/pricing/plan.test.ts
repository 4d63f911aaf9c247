// Whole-schedule tables in the style of Fineract's tests: due date, principal, interest, fee, total,
// principal outstanding after the row.
import { describe, expect, it } from 'vitest';
import { rupiah } from '../../src/money/rupiah.ts';
import { plan, type Plan } from '../../src/pricing/plan.ts';
import { parseProduct, ProductError } from '../../src/pricing/product.ts';
import { legacyLandingProduct } from '../../src/pricing/legacy-products.ts';
import {
  cashLoanProduct,
  payLaterFreeInterestProduct,
  payLaterProduct,
} from '../../src/pricing/default-products.ts';

type Row = [string, number, number, number, number, number];
const table = (p: Plan): Row[] =>
  p.instalments.map((i) => [i.dueDate, i.principal, i.interest, i.fee, i.total, i.principalBalance]);

describe('plan(): the seed landing sample (legacy flat 0.32826 %/day, three 30-day months)', () => {
  const p = plan(legacyLandingProduct, rupiah(3_000_000), { unit: 'month', length: 3 }, '2023-06-15');
  it('reproduces 886,302 / 1,295,434 / 3,886,302 exactly', () => {
    expect(table(p)).toEqual([
      ['2023-07-15', 1_000_000, 295_434, 0, 1_295_434, 2_000_000],
      ['2023-08-15', 1_000_000, 295_434, 0, 1_295_434, 1_000_000],
      ['2023-09-15', 1_000_000, 295_434, 0, 1_295_434, 0],
    ]);
    expect(p.totals.interest + p.totals.fee).toBe(886_302);
    expect(p.totals.repayment).toBe(3_886_302);
    expect(p.disbursement).toEqual({ received: 3_000_000, deducted: 0 });
  });
  it('is not offered after 2023', () => {
    expect(() =>
      plan(legacyLandingProduct, rupiah(3_000_000), { unit: 'month', length: 3 }, '2026-11-22'),
    ).toThrow(ProductError);
  });
});

describe('plan(): flat cash loan on actual days, taken on 31 January', () => {
  it('falls due on month ends anchored on the 31st and charges each month its days', () => {
    const p = plan(cashLoanProduct, rupiah(3_000_000), { unit: 'month', length: 3 }, '2026-01-31');
    expect(table(p)).toEqual([
      ['2026-02-28', 1_000_000, 25_200, 58_800, 1_084_000, 2_000_000],
      ['2026-03-31', 1_000_000, 27_900, 65_100, 1_093_000, 1_000_000],
      ['2026-04-30', 1_000_000, 27_000, 63_000, 1_090_000, 0],
    ]);
    expect(p.days).toBe(89);
    expect(p.totals.economicBenefit).toBe(267_000); // 3,000,000 × 0.1 % × 89 days
  });
  it('single-instalment 14 days with a capped percentage coupon (interest first, then fees)', () => {
    const p = plan(cashLoanProduct, rupiah(1_000_000), { unit: 'day', length: 14 }, '2026-11-22', {
      coupon: {
        id: 'HALF',
        kind: 'percent',
        percent: '50',
        maxAmount: rupiah(5_000),
        appliesTo: 'interest-and-fees',
      },
    });
    expect(table(p)).toEqual([['2026-12-06', 1_000_000, 0, 9_000, 1_009_000, 0]]);
    expect(p.totals.discount).toBe(5_000);
    expect(p.couponId).toBe('HALF');
  });
  it('a coupon larger than the charges only removes the charges', () => {
    const p = plan(cashLoanProduct, rupiah(1_000_000), { unit: 'day', length: 14 }, '2026-11-22', {
      coupon: { id: 'BIG', kind: 'fixed', amount: rupiah(10_000_000), appliesTo: 'interest-and-fees' },
    });
    expect(p.totals.repayment).toBe(1_000_000);
    expect(p.totals.discount).toBe(14_000);
  });
});

describe('plan(): declining balance', () => {
  it('equal instalments (pay-later, 6 months from 31 Jan): exact annuity, principal sums to the amount', () => {
    const p = plan(payLaterProduct, rupiah(3_000_000), { unit: 'month', length: 6 }, '2026-01-31');
    expect(table(p)).toEqual([
      ['2026-02-28', 469_496, 42_000, 42_000, 553_496, 2_530_504],
      ['2026-03-31', 475_052, 39_222, 39_222, 553_496, 2_055_452],
      ['2026-04-30', 491_834, 30_831, 30_831, 553_496, 1_563_618],
      ['2026-05-31', 505_024, 24_236, 24_236, 553_496, 1_058_594],
      ['2026-06-30', 521_740, 15_878, 15_878, 553_496, 536_854],
      ['2026-07-31', 536_854, 8_321, 8_321, 553_496, 0],
    ]);
  });
  it('equal principal over a leap February, with an origination fee deducted at disbursement', () => {
    const product = parseProduct({
      ...cashLoanProduct,
      id: 'equal-principal',
      interestMethod: 'declining-equal-principal',
      pricing: { ...cashLoanProduct.pricing, originationFee: { percent: '1', fixed: 5_000 } },
    });
    const p = plan(product, rupiah(1_000_000), { unit: 'month', length: 4 }, '2027-12-31');
    expect(table(p)).toEqual([
      ['2028-01-31', 250_000, 9_300, 21_700, 281_000, 750_000],
      ['2028-02-29', 250_000, 6_525, 15_225, 271_750, 500_000],
      ['2028-03-31', 250_000, 4_650, 10_850, 265_500, 250_000],
      ['2028-04-30', 250_000, 2_250, 5_250, 257_500, 0],
    ]);
    // Stated before acceptance: the borrower receives 985,000 of the 1,000,000 borrowed.
    expect(p.disbursement).toEqual({ received: 985_000, deducted: 15_000 });
    expect(p.totals.economicBenefit).toBe(22_725 + 53_025 + 15_000);
  });
  it('free-interest pay-later charges only the service fee', () => {
    const p = plan(
      payLaterFreeInterestProduct,
      rupiah(1_234_567),
      { unit: 'month', length: 3 },
      '2026-11-22',
    );
    expect(table(p)).toEqual([
      ['2026-12-22', 407_964, 0, 11_111, 419_075, 826_603],
      ['2027-01-22', 411_388, 0, 7_687, 419_075, 415_215],
      ['2027-02-22', 415_215, 0, 3_861, 419_076, 0],
    ]);
  });
});

describe('product validation', () => {
  it('refuses bad data with readable errors', () => {
    expect(() =>
      parseProduct({ ...cashLoanProduct, pricing: { ...cashLoanProduct.pricing, interest: '0.1%' } }),
    ).toThrow(/pricing.interest/);
    expect(() =>
      parseProduct({ ...cashLoanProduct, tenors: [{ unit: 'month', length: 5, instalments: 2 }] }),
    ).toThrow(/multiple/);
    expect(() =>
      parseProduct({ ...cashLoanProduct, tenors: [{ unit: 'month', length: 10, instalments: 10 }] }),
    ).toThrow();
    expect(() =>
      parseProduct({ ...cashLoanProduct, amount: { min: 400_000, max: 450_000, step: 100_000 } }),
    ).toThrow(/step/);
  });
  it('refuses amounts off range or step, and unknown tenors', () => {
    const month = { unit: 'month', length: 3 } as const;
    expect(() => plan(cashLoanProduct, rupiah(300_000), month, '2026-11-22')).toThrow(/outside/);
    expect(() => plan(cashLoanProduct, rupiah(450_000), month, '2026-11-22')).toThrow(/step/);
    expect(() => plan(cashLoanProduct, rupiah(500_000), { unit: 'month', length: 7 }, '2026-11-22')).toThrow(
      /no tenor/,
    );
  });
});

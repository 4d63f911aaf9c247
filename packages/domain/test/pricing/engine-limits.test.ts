// Amounts the engine can represent, annual rates, remainders and the late-fee base: each convention of
// pricing/README.md with the error or figure it promises.
import { describe, expect, it } from 'vitest';
import { MAX_PRINCIPAL, MoneyError, MONEY_LIMIT, boundedRupiah, rupiah } from '../../src/money/rupiah.ts';
import { splitLastRemainder } from '../../src/money/rounding.ts';
import { reduceRatio } from '../../src/money/rate.ts';
import { cashLoanProduct } from '../../src/pricing/default-products.ts';
import { plan } from '../../src/pricing/plan.ts';
import { parseProduct, ProductError, type LoanProduct } from '../../src/pricing/product.ts';
import { parseRate, periodFactor } from '../../src/pricing/rates.ts';
import { checkPlan, checkProduct } from '../../src/pricing/regulatory-check.ts';
import { allocatePayment } from '../../src/lifecycle/allocation.ts';
import { accrueTo } from '../../src/lifecycle/accrual.ts';
import { disburseLoan, openLoan } from '../../src/lifecycle/loan-account.ts';
import { settleLoan } from '../../src/lifecycle/settlement.ts';

const TODAY = '2026-11-22';
const withProduct = (patch: Partial<Record<keyof LoanProduct, unknown>>) =>
  parseProduct({ ...cashLoanProduct, ...patch });
const loanOf = (product: LoanProduct, amount: number) =>
  disburseLoan(
    openLoan('B', plan(product, rupiah(amount), { unit: 'month', length: 3 }, '2026-01-31')),
    '2026-01-31',
  );

describe('money limits', () => {
  it('accept exactly Rp10.000.000.000.000 and refuse a rupiah more, naming the input and the limit', () => {
    expect(boundedRupiah(MONEY_LIMIT, 'payment')).toBe(MONEY_LIMIT);
    expect(() => boundedRupiah(MONEY_LIMIT + 1, 'payment')).toThrow(MoneyError);
    expect(() => boundedRupiah(MONEY_LIMIT + 1, 'payment')).toThrow(
      'payment Rp 10.000.000.000.001 exceeds the limit of Rp 10.000.000.000.000',
    );
    expect(() => boundedRupiah(-1, 'payment')).toThrow('payment must not be negative, got -1');
    expect(() => boundedRupiah(0.5, 'payment')).toThrow('payment must be a whole number of rupiah, got 0.5');
  });

  it('a product range beyond the limit is refused when the product is read', () => {
    const huge = { min: 400_000, max: MAX_PRINCIPAL + 100_000, step: 100_000 };
    expect(() => withProduct({ amount: huge })).toThrow(ProductError);
    expect(() => withProduct({ amount: huge })).toThrow(
      /must be at most Rp 1\.000\.000\.000\.000 \(the largest principal\)[^]*amount\.max/,
    );
    expect(() => withProduct({ amount: { ...huge, max: MAX_PRINCIPAL } })).not.toThrow();
    expect(() =>
      withProduct({
        pricing: { ...cashLoanProduct.pricing, originationFee: { percent: '0', fixed: MONEY_LIMIT + 1 } },
      }),
    ).toThrow(
      /must be at most Rp 10\.000\.000\.000\.000 \(the engine's money limit\)[^]*originationFee\.fixed/,
    );
  });

  it('the largest loan accrues late fees to its ceiling and settles without leaving safe integers', () => {
    const big = withProduct({
      amount: { min: 400_000, max: MAX_PRINCIPAL, step: 100_000 },
    });
    const loan = loanOf(big, big.amount.max);
    const late = accrueTo(loan, '2030-01-01');
    const fees = late.instalments.reduce((a, i) => a + i.due.lateFee, 0);
    expect(fees).toBe(late.lateFeeCeiling);
    const done = settleLoan(
      late,
      '2030-01-01',
      rupiah(big.amount.max + loan.plan.totals.economicBenefit + fees),
    );
    expect(done.loan.state).toBe('paid-off');
  });

  it('a payment beyond the limit, or one that would make held credit pass it, is refused', () => {
    const loan = loanOf(cashLoanProduct, 3_000_000);
    expect(() => allocatePayment(loan, { amount: rupiah(MONEY_LIMIT + 1), date: '2026-02-10' })).toThrow(
      /payment Rp 10\.000\.000\.000\.001 exceeds the limit/,
    );
    const once = allocatePayment(loan, { amount: MONEY_LIMIT, date: '2026-02-10' }).loan;
    expect(once.state).toBe('paid-off');
    expect(() => allocatePayment(once, { amount: MONEY_LIMIT, date: '2026-02-11' })).toThrow(
      /held credit .* would exceed the limit of Rp 10\.000\.000\.000\.000/,
    );
  });
});

describe('annual rates', () => {
  it('24 % a year on 365 days charges exactly 24/36,500 a day; on 360 days 24/36,000', () => {
    expect(
      reduceRatio(periodFactor(parseRate({ percent: '24', per: 'year', daysInYear: 365 }), '2026-01-01', 30)),
    ).toEqual({
      num: 36n,
      den: 1_825n,
    });
    expect(
      reduceRatio(periodFactor(parseRate({ percent: '24', per: 'year', daysInYear: 360 }), '2026-01-01', 30)),
    ).toEqual({
      num: 1n,
      den: 50n,
    });
  });
  it('actual/actual splits a period at the new year by each year’s length', () => {
    // 2023-12-12 → 2024-01-12: 20 days of 2023 (/365) and 11 of 2024 (/366).
    const f = periodFactor(parseRate({ percent: '12', per: 'year', daysInYear: 'actual' }), '2023-12-12', 31);
    expect(f.num * 365n * 366n).toBe((f.den * (12n * (20n * 366n + 11n * 365n))) / 100n);
  });
  it('1 % a month on 30-day months is 12 % a year on 360 days: every month charges 1 %', () => {
    const monthly = withProduct({
      pricing: {
        ...cashLoanProduct.pricing,
        interest: { percent: '12', per: 'year', daysInYear: 360 },
        serviceFee: '0',
      },
      dayCount: '30-day-month',
    });
    const p = plan(monthly, rupiah(3_000_000), { unit: 'month', length: 3 }, '2026-01-31');
    expect(p.instalments.map((i) => i.interest)).toEqual([30_000, 30_000, 30_000]);
  });
  it('an actual/actual rate on 30-day months is refused', () => {
    expect(() =>
      withProduct({
        pricing: {
          ...cashLoanProduct.pricing,
          interest: { percent: '12', per: 'year', daysInYear: 'actual' },
        },
        dayCount: '30-day-month',
      }),
    ).toThrow(/actual\/actual annual rate needs the actual day count/);
  });
});

describe('where the rounding remainder goes', () => {
  it('last-instalment: every part rounded, the last takes the rest (either way)', () => {
    expect(splitLastRemainder(1_000_000n, 3, 'half-up')).toEqual([333_333n, 333_333n, 333_334n]);
    expect(splitLastRemainder(2_000n, 3, 'half-even')).toEqual([667n, 667n, 666n]);
    expect(splitLastRemainder(2n, 4, 'up')).toEqual([0n, 0n, 0n, 2n]);
  });
  it('a product chooses: spread (today) or last-instalment (Fineract)', () => {
    const spread = plan(cashLoanProduct, rupiah(2_000_000), { unit: 'month', length: 3 }, '2026-01-31');
    const last = plan(
      withProduct({ remainder: 'last-instalment', rounding: 'half-even' }),
      rupiah(2_000_000),
      { unit: 'month', length: 3 },
      '2026-01-31',
    );
    expect(spread.instalments.map((i) => i.principal)).toEqual([666_666, 666_667, 666_667]);
    expect(last.instalments.map((i) => i.principal)).toEqual([666_667, 666_667, 666_666]);
  });
});

describe('late-fee base', () => {
  const START = '2026-01-31';
  it('overdue principal by default: 5 days on a 1,084,000 bill with 1,000,000 principal at 0.1 % = 5,000', () => {
    const r = allocatePayment(loanOf(cashLoanProduct, 3_000_000), { amount: rupiah(0), date: '2026-03-05' });
    expect(r.loan.instalments[0]?.due.lateFee).toBe(5_000);
  });
  it('the whole overdue instalment when the product says so: 5,420', () => {
    const product = withProduct({
      pricing: { ...cashLoanProduct.pricing, lateFee: { daily: '0.1', base: 'overdue-instalment' } },
    });
    const loan = disburseLoan(
      openLoan('L', plan(product, rupiah(3_000_000), { unit: 'month', length: 3 }, START)),
      START,
    );
    expect(accrueTo(loan, '2026-03-05').instalments[0]?.due.lateFee).toBe(5_420);
  });
  it('the cap check measures the rate on the same base: 0.1 % of the instalment exceeds 0.1 % of principal', () => {
    const onInstalment = withProduct({
      pricing: { ...cashLoanProduct.pricing, lateFee: { daily: '0.1', base: 'overdue-instalment' } },
    });
    const product = checkProduct(onInstalment, TODAY);
    expect(product.violations.map((v) => v.code)).toContain('late-fee-over-cap');
    const p = plan(onInstalment, rupiah(3_000_000), { unit: 'month', length: 3 }, '2026-01-31');
    // Bill 2: 1,093,000 on 1,000,000 of principal, so 0.1 % of it is 0.1093 % of principal.
    expect(checkPlan(p, TODAY).violations).toMatchObject([
      { code: 'late-fee-over-cap', actual: '0.1093', limit: '0.1' },
    ]);
    // 0.09 % of the instalment stays under the cap on principal.
    const lower = withProduct({
      pricing: { ...cashLoanProduct.pricing, lateFee: { daily: '0.09', base: 'overdue-instalment' } },
    });
    expect(
      checkPlan(plan(lower, rupiah(3_000_000), { unit: 'month', length: 3 }, '2026-01-31'), TODAY).ok,
    ).toBe(true);
    expect(checkProduct(cashLoanProduct, TODAY).ok).toBe(true);
  });
});

// fast-check generators of valid products and plan requests, shared by the property tests.
import fc from 'fast-check';
import { formatPercent, ratio } from '../../src/money/rate.ts';
import { ROUNDING_MODES } from '../../src/money/rounding.ts';
import { addDays } from '../../src/pricing/business-date.ts';
import { parseProduct, type LoanProduct, type Tenor } from '../../src/pricing/product.ts';
import { DAYS_IN_YEAR, type DaysInYear, type RateSpec } from '../../src/pricing/rates.ts';
import { amountAtStep } from '../../src/pricing/amount-step.ts';
import { disburseLoan, openLoan, type Loan } from '../../src/lifecycle/loan-account.ts';
import type { Rupiah } from '../../src/money/rupiah.ts';
import { plan } from '../../src/pricing/plan.ts';

const tenor: fc.Arbitrary<Tenor> = fc.oneof(
  fc
    .record({ instalments: fc.integer({ min: 1, max: 9 }), every: fc.integer({ min: 7, max: 40 }) })
    .map(({ instalments, every }) => ({
      unit: 'day' as const,
      length: Math.min(instalments * every, 366 - (366 % instalments)),
      instalments,
    })),
  fc
    .record({ instalments: fc.integer({ min: 1, max: 9 }), every: fc.integer({ min: 1, max: 2 }) })
    .filter(({ instalments, every }) => instalments * every <= 12)
    .map(({ instalments, every }) => ({ unit: 'month' as const, length: instalments * every, instalments })),
);

/** A percent string of `units` millionths of a percent (1e-8): 100,000 → "0.1" (exact: whole millionths). */
const percentOf = (units: number): string => formatPercent(ratio(BigInt(units), 100_000_000n));

/** Daily percent strings up to `maxUnits` (1e-8 units). */
const rate = (maxUnits: number): fc.Arbitrary<string> => fc.integer({ min: 0, max: maxUnits }).map(percentOf);

/**
 * A rate spec charging at most `maxDailyUnits` a day: a daily percent, or an annual one on a 360/364/365-day
 * or actual year (`actual` only when the day count is actual).
 */
const rateSpec = (maxDailyUnits: number, allowActual: boolean): fc.Arbitrary<RateSpec> =>
  fc.oneof(
    rate(maxDailyUnits),
    fc
      .record({
        daysInYear: fc.constantFrom<DaysInYear[]>(...(allowActual ? DAYS_IN_YEAR : DAYS_IN_YEAR.slice(0, 3))),
        // Annual percent with up to 4 decimals: 365 days of the daily maximum at most.
        tenThousandths: fc.integer({ min: 0, max: Math.floor((maxDailyUnits * 360) / 100) }),
      })
      .map(({ daysInYear, tenThousandths }) => ({
        percent: percentOf(tenThousandths * 100),
        per: 'year' as const,
        daysInYear,
      })),
  );

/** A random valid product; `cheap` keeps the pricing within today's consumptive caps. */
export function productArb(options: { cheap?: boolean } = {}): fc.Arbitrary<LoanProduct> {
  const maxRate = options.cheap ? 50_000 : 400_000;
  const dayCount = (d: LoanProduct['dayCount']): LoanProduct['dayCount'] => (options.cheap ? 'actual' : d);
  return fc
    .record({
      method: fc.constantFrom('flat', 'declining-equal-instalments', 'declining-equal-principal' as const),
      dayCount: fc.constantFrom('actual', '30-day-month' as const),
      rounding: options.cheap ? fc.constant('down' as const) : fc.constantFrom(...ROUNDING_MODES),
      interest: rateSpec(maxRate, true),
      fee: rateSpec(maxRate, true),
      late: rate(options.cheap ? 100_000 : 400_000),
      lateBase: fc.constantFrom('overdue-principal', 'overdue-instalment' as const),
      remainder: fc.constantFrom('spread', 'last-instalment' as const),
      origination: options.cheap ? fc.constant('0') : rate(3_000_000),
      fixed: options.cheap ? fc.constant(0) : fc.integer({ min: 0, max: 20_000 }),
      min: fc.integer({ min: 100_000, max: 2_000_000 }),
      step: fc.constantFrom(1, 1_000, 50_000, 100_000),
      steps: fc.integer({ min: 0, max: 300 }),
      tenors: fc.uniqueArray(tenor, {
        minLength: 1,
        maxLength: 3,
        selector: (t) => `${t.unit}:${t.length}:${t.instalments}`,
      }),
      freeInterest: fc.boolean(),
    })
    .map((r) =>
      parseProduct({
        id: 'random',
        name: 'random product',
        kind: 'cash-loan',
        purpose: 'consumptive',
        validFrom: '2024-01-01',
        amount: { min: r.min, max: r.min + r.step * r.steps, step: r.step },
        tenors: r.tenors,
        pricing: {
          interest: withBasis(r.interest, dayCount(r.dayCount)),
          serviceFee: withBasis(r.fee, dayCount(r.dayCount)),
          originationFee: { percent: r.origination, fixed: r.fixed },
          lateFee: { daily: r.late, base: options.cheap ? 'overdue-principal' : r.lateBase },
        },
        interestMethod: r.method,
        dayCount: dayCount(r.dayCount),
        rounding: r.rounding,
        remainder: r.remainder,
        freeInterest: r.freeInterest,
      }),
    );
}

/** An actual/actual rate needs actual days: on 30-day months it becomes a 365-day year. */
function withBasis(spec: RateSpec, dayCount: LoanProduct['dayCount']): RateSpec {
  return typeof spec !== 'string' && spec.daysInYear === 'actual' && dayCount !== 'actual'
    ? { ...spec, daysInYear: 365 }
    : spec;
}

/** A product with an amount, tenor and start date it offers. */
export function offerArb(options: { cheap?: boolean } = {}) {
  return productArb(options).chain((product) =>
    fc.record({
      product: fc.constant(product),
      amount: fc
        .integer({ min: 0, max: (product.amount.max - product.amount.min) / product.amount.step })
        .map((k) => amountAtStep(product.amount, k)),
      tenor: fc.constantFrom(...product.tenors),
      startDate: fc.integer({ min: 0, max: 3 * 366 }).map((d) => addDays('2026-01-01', d)),
    }),
  );
}

/** The loan of a drawn offer, opened and disbursed on its start date (loan id `p`). */
export function disbursedLoanOf(offer: {
  product: LoanProduct;
  amount: Rupiah;
  tenor: Tenor;
  startDate: string;
}): Loan {
  return disburseLoan(
    openLoan('p', plan(offer.product, offer.amount, offer.tenor, offer.startDate)),
    offer.startDate,
  );
}

/**
 * Checking products and plans against the caps in force: refuse anything above the daily
 * economic-benefit cap, above the late-fee cap, or whose economic benefit plus the late fees the engine
 * can charge could exceed the total-cost ceiling (100 % of principal).
 *
 * Late fees stop accruing at {@link lateFeeCeiling} (the lifecycle enforces it), so "maximum late fees"
 * is exactly the room left under the ceiling; a product or plan is refused when its economic benefit
 * alone would already exceed the ceiling.
 */
import {
  formatPercent,
  formatRatioPercent,
  compareRatio,
  ratioOfUnits,
  RATE_SCALE,
  UNITS_PER_PERCENT,
  parsePercent,
  type Ratio,
} from '../money/rate.ts';
import { roundDown } from '../money/rounding.ts';
import { fromBigInt, type Rupiah } from '../money/rupiah.ts';
import { addDays, addMonths, daysBetween, type BusinessDate } from './business-date.ts';
import { chargedDays } from './periods.ts';
import type { Plan } from './plan.ts';
import { productRates, describeTenor, isOfferedOn, type LoanProduct, type Tenor } from './product.ts';
import { CAP_TABLE, capsInForce, type CapRow, type CapsInForce } from './regulatory-caps.ts';

/** Why a product or plan is refused. */
export interface CapViolation {
  readonly code: 'economic-benefit-over-cap' | 'late-fee-over-cap' | 'total-cost-over-ceiling';
  readonly tenor: Tenor;
  /** The figure found, as a percent string (per day, or of principal for the total cost). */
  readonly actual: string;
  /** The cap, as a percent string. */
  readonly limit: string;
  readonly message: string;
  /** The rows that set the limit, for the audit trail. */
  readonly rows: readonly Pick<CapRow, 'id' | 'source'>[];
}

/** The result of a cap check. */
export interface CapCheck {
  readonly ok: boolean;
  readonly date: BusinessDate;
  readonly violations: readonly CapViolation[];
  /** Non-blocking notes, e.g. no cap row in force, or a product outside its validity dates. */
  readonly warnings: readonly string[];
}

// Shortest and longest calendar spans of n months over two years of start days, a leap year included
// (pure; memoised because products are checked often).
const spanCache = new Map<number, { min: number; max: number }>();
function monthSpan(months: number): { min: number; max: number } {
  const cached = spanCache.get(months);
  if (cached) return cached;
  let min = Infinity;
  let max = 0;
  for (let i = 0; i < 731; i += 1) {
    const start = addDays('2027-01-01', i);
    const days = daysBetween(start, addMonths(start, months));
    min = Math.min(min, days);
    max = Math.max(max, days);
  }
  const span = { min, max };
  spanCache.set(months, span);
  return span;
}

function violation(
  code: CapViolation['code'],
  tenor: Tenor,
  actual: string,
  limit: string,
  caps: CapsInForce,
  what: string,
): CapViolation {
  return {
    code,
    tenor,
    actual,
    limit,
    message: `${what} ${actual} % exceeds the cap of ${limit} % for ${describeTenor(tenor)}`,
    rows: caps.rows.map((r) => ({ id: r.id, source: r.source })),
  };
}

/**
 * Checks a product against the caps in force on `businessDate`, for each of its tenors, in the worst
 * case over amounts and start dates (the shortest month for a month tenor, the smallest amount for a
 * fixed fee). Declining-balance products are bounded by their flat equivalent, which is conservative.
 * The bound is on exact amounts: products should round charges `down` (or price on amounts where
 * rounding is exact, as the seeded cash loan does) for every plan to pass {@link checkPlan} too.
 */
export function checkProduct(
  product: LoanProduct,
  businessDate: BusinessDate,
  table: readonly CapRow[] = CAP_TABLE,
): CapCheck {
  const violations: CapViolation[] = [];
  const warnings: string[] = [];
  if (!isOfferedOn(product, businessDate)) {
    warnings.push(`product ${product.id} is not offered on ${businessDate}`);
  }
  const rates = productRates(product);
  const daily = BigInt(rates.interest + rates.serviceFee);
  // Origination as a share of principal, worst at the smallest amount: pct + fixed/minAmount.
  const origination: Ratio = {
    num:
      BigInt(rates.origination) * BigInt(product.amount.min) +
      BigInt(product.pricing.originationFee.fixed) * RATE_SCALE,
    den: RATE_SCALE * BigInt(product.amount.min),
  };
  for (const tenor of product.tenors) {
    const caps = capsInForce(businessDate, product.purpose, tenor, table);
    if (!caps) {
      warnings.push(`no regulatory cap row in force on ${businessDate} for ${describeTenor(tenor)}`);
      continue;
    }
    const span = tenor.unit === 'day' ? { min: tenor.length, max: tenor.length } : monthSpan(tenor.length);
    const charged = (actual: number): bigint => BigInt(chargedDays(product.dayCount, tenor, actual));
    // Economic benefit over the loan as a share of principal, for a loan lasting `actual` days.
    const benefitShare = (actual: number): Ratio => ({
      num: daily * charged(actual) * origination.den + origination.num * RATE_SCALE,
      den: RATE_SCALE * origination.den,
    });
    const shortest = benefitShare(span.min);
    const worstDaily: Ratio = { num: shortest.num, den: shortest.den * BigInt(span.min) };
    if (compareRatio(worstDaily, ratioOfUnits(caps.dailyEconomicBenefit)) > 0) {
      violations.push(
        violation(
          'economic-benefit-over-cap',
          tenor,
          formatRatioPercent(worstDaily),
          formatPercent(caps.dailyEconomicBenefit),
          caps,
          'daily economic benefit',
        ),
      );
    }
    if (rates.lateFee > caps.dailyLateFee) {
      violations.push(
        violation(
          'late-fee-over-cap',
          tenor,
          formatPercent(rates.lateFee),
          formatPercent(caps.dailyLateFee),
          caps,
          'daily late fee',
        ),
      );
    }
    const total = benefitShare(span.max);
    if (compareRatio(total, ratioOfUnits(caps.totalCostOfPrincipal)) > 0) {
      violations.push(
        violation(
          'total-cost-over-ceiling',
          tenor,
          formatRatioPercent(total),
          formatPercent(caps.totalCostOfPrincipal),
          caps,
          'economic benefit of principal',
        ),
      );
    }
  }
  return { ok: violations.length === 0, date: businessDate, violations, warnings };
}

/**
 * Checks a concrete plan against the caps in force on `businessDate`: its economic benefit per day of
 * the loan's calendar duration and per rupiah of principal, its late-fee rate, and the total-cost
 * ceiling.
 */
export function checkPlan(
  plan: Plan,
  businessDate: BusinessDate,
  table: readonly CapRow[] = CAP_TABLE,
): CapCheck {
  const caps = capsInForce(businessDate, plan.purpose, plan.tenor, table);
  if (!caps) {
    return {
      ok: true,
      date: businessDate,
      violations: [],
      warnings: [`no regulatory cap row in force on ${businessDate}`],
    };
  }
  const violations: CapViolation[] = [];
  const benefit = BigInt(plan.totals.economicBenefit);
  const principal = BigInt(plan.amount);
  const daily: Ratio = { num: benefit, den: principal * BigInt(plan.days) };
  if (compareRatio(daily, ratioOfUnits(caps.dailyEconomicBenefit)) > 0) {
    violations.push(
      violation(
        'economic-benefit-over-cap',
        plan.tenor,
        formatRatioPercent(daily),
        formatPercent(caps.dailyEconomicBenefit),
        caps,
        'daily economic benefit',
      ),
    );
  }
  const late = parsePercent(plan.rates.dailyLateFee);
  if (late > caps.dailyLateFee) {
    violations.push(
      violation(
        'late-fee-over-cap',
        plan.tenor,
        formatPercent(late),
        formatPercent(caps.dailyLateFee),
        caps,
        'daily late fee',
      ),
    );
  }
  const total: Ratio = { num: benefit, den: principal };
  if (compareRatio(total, ratioOfUnits(caps.totalCostOfPrincipal)) > 0) {
    violations.push(
      violation(
        'total-cost-over-ceiling',
        plan.tenor,
        formatRatioPercent(total),
        formatPercent(caps.totalCostOfPrincipal),
        caps,
        'economic benefit of principal',
      ),
    );
  }
  return { ok: violations.length === 0, date: businessDate, violations, warnings: [] };
}

/**
 * The most late fees a loan on this plan may ever accrue: the total-cost ceiling in force on the plan's
 * start date (100 % of principal when no row is in force) minus its economic benefit, never negative.
 */
export function lateFeeCeiling(plan: Plan, table: readonly CapRow[] = CAP_TABLE): Rupiah {
  const caps = capsInForce(plan.startDate, plan.purpose, plan.tenor, table);
  const share = BigInt(caps?.totalCostOfPrincipal ?? 100 * UNITS_PER_PERCENT);
  const ceiling = roundDown(BigInt(plan.amount) * share, RATE_SCALE) - BigInt(plan.totals.economicBenefit);
  return fromBigInt(ceiling > 0n ? ceiling : 0n);
}

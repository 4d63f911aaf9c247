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
  addRatio,
  compareRatio,
  formatPercent,
  mulRatio,
  parsePercent,
  ratio,
  scaleRatio,
  type Ratio,
} from '../money/rate.ts';
import { roundDown } from '../money/rounding.ts';
import { fromBigInt, type Rupiah } from '../money/rupiah.ts';
import { addDays, addMonths, daysBetween, type BusinessDate } from './business-date.ts';
import { amortize } from './amortization.ts';
import { chargedDays } from './periods.ts';
import type { Plan } from './plan.ts';
import {
  productRates,
  describeTenor,
  isOfferedOn,
  type LateFeeBase,
  type LoanProduct,
  type Tenor,
} from './product.ts';
import { maxDailyRate } from './rates.ts';
import { capsInForce, isCapEra, type CapOptions, type CapRow, type CapsInForce } from './regulatory-caps.ts';

/** Why a product or plan is refused. */
export interface CapViolation {
  readonly code:
    'economic-benefit-over-cap' | 'late-fee-over-cap' | 'total-cost-over-ceiling' | 'no-cap-in-force';
  readonly tenor: Tenor;
  /** The figure found, as a percent string (per day, or of principal for the total cost); null when no cap applies. */
  readonly actual: string | null;
  /** The cap, as a percent string; null when no row covers the loan. */
  readonly limit: string | null;
  readonly message: string;
  /** The rows that set the limit, for the audit trail. */
  readonly rows: readonly Pick<CapRow, 'id' | 'source'>[];
}

/** The result of a cap check. */
export interface CapCheck {
  readonly ok: boolean;
  readonly date: BusinessDate;
  readonly violations: readonly CapViolation[];
  /** Non-blocking notes, e.g. no cap in force yet, or a product outside its validity dates. */
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
  actual: Ratio,
  limit: Ratio,
  caps: CapsInForce,
  what: string,
): CapViolation {
  const [a, l] = [formatPercent(actual), formatPercent(limit)];
  return {
    code,
    tenor,
    actual: a,
    limit: l,
    message: `${what} ${a} % exceeds the cap of ${l} % for ${describeTenor(tenor)}`,
    rows: caps.rows.map((r) => ({ id: r.id, source: r.source })),
  };
}

/**
 * The caps for a tenor, or the reason there are none: inside the table's era a loan no row covers is refused
 * (`no-cap-in-force`); before it, nothing was capped and the check passes with a warning.
 */
function capsFor(
  date: BusinessDate,
  purpose: LoanProduct['purpose'],
  tenor: Tenor,
  options: CapOptions,
  violations: CapViolation[],
  warnings: string[],
): CapsInForce | null {
  const caps = capsInForce(date, purpose, tenor, options);
  if (caps) return caps;
  if (isCapEra(date, purpose, options)) {
    violations.push({
      code: 'no-cap-in-force',
      tenor,
      actual: null,
      limit: null,
      message: `no regulatory cap row covers a ${purpose} loan of ${describeTenor(tenor)} on ${date}: refused rather than priced against the wrong row`,
      rows: [],
    });
  } else {
    warnings.push(`no regulatory cap row in force on ${date} for ${describeTenor(tenor)}`);
  }
  return null;
}

/**
 * The late fee per day as a share of the overdue instalment's unpaid principal, which is what the cap
 * limits: the rate itself on the `overdue-principal` base; on the `overdue-instalment` base the rate times
 * the largest instalment-to-principal ratio (an instalment with no principal cannot carry a late fee within
 * a cap on principal at all).
 */
function lateFeeOnPrincipal(
  rate: Ratio,
  base: LateFeeBase,
  rows: readonly { principal: bigint; total: bigint }[],
): Ratio {
  if (base === 'overdue-principal' || rate.num === 0n) return rate;
  let worst = ratio(1n, 1n);
  for (const r of rows) {
    if (r.principal === 0n) return ratio(r.total > 0n ? 10n ** 12n : 0n, 1n);
    const share = ratio(r.total, r.principal);
    if (compareRatio(share, worst) > 0) worst = share;
  }
  return mulRatio(rate, worst);
}

function checkLateFee(lateFee: Ratio, tenor: Tenor, caps: CapsInForce, violations: CapViolation[]): void {
  if (compareRatio(lateFee, caps.dailyLateFee) > 0) {
    violations.push(
      violation('late-fee-over-cap', tenor, lateFee, caps.dailyLateFee, caps, 'daily late fee'),
    );
  }
}

/**
 * Checks a product against the caps in force on `businessDate`, for each of its tenors, in the worst
 * case over amounts and start dates (the shortest month for a month tenor, the smallest amount for a
 * fixed fee, the most expensive day of an annual rate). Declining-balance products are bounded by their
 * flat equivalent, which is conservative. A late fee on the whole instalment is bounded on the largest
 * amount with every period at its longest. The bound is on exact amounts: products should round charges
 * `down` (or price on amounts where rounding is exact, as the seeded cash loan does) for every plan to pass
 * {@link checkPlan} too.
 */
export function checkProduct(
  product: LoanProduct,
  businessDate: BusinessDate,
  options: CapOptions = {},
): CapCheck {
  const violations: CapViolation[] = [];
  const warnings: string[] = [];
  if (!isOfferedOn(product, businessDate)) {
    warnings.push(`product ${product.id} is not offered on ${businessDate}`);
  }
  const rates = productRates(product);
  const daily = addRatio(maxDailyRate(rates.interest), maxDailyRate(rates.serviceFee));
  // Origination as a share of principal, worst at the smallest amount: pct + fixed/minAmount.
  const origination = addRatio(
    rates.origination,
    ratio(BigInt(product.pricing.originationFee.fixed), BigInt(product.amount.min)),
  );
  for (const tenor of product.tenors) {
    const caps = capsFor(businessDate, product.purpose, tenor, options, violations, warnings);
    if (!caps) continue;
    const span = tenor.unit === 'day' ? { min: tenor.length, max: tenor.length } : monthSpan(tenor.length);
    // Economic benefit over the loan as a share of principal, for a loan lasting `actual` days.
    const benefitShare = (actual: number): Ratio =>
      addRatio(scaleRatio(daily, BigInt(chargedDays(product.dayCount, tenor, actual))), origination);
    const worstDaily = ratio(benefitShare(span.min).num, benefitShare(span.min).den * BigInt(span.min));
    if (compareRatio(worstDaily, caps.dailyEconomicBenefit) > 0) {
      violations.push(
        violation(
          'economic-benefit-over-cap',
          tenor,
          worstDaily,
          caps.dailyEconomicBenefit,
          caps,
          'daily economic benefit',
        ),
      );
    }
    checkLateFee(
      lateFeeOnPrincipal(rates.lateFee, rates.lateFeeBase, longestRows(product, tenor, daily)),
      tenor,
      caps,
      violations,
    );
    const total = benefitShare(span.max);
    if (compareRatio(total, caps.totalCostOfPrincipal) > 0) {
      violations.push(
        violation(
          'total-cost-over-ceiling',
          tenor,
          total,
          caps.totalCostOfPrincipal,
          caps,
          'economic benefit of principal',
        ),
      );
    }
  }
  return { ok: violations.length === 0, date: businessDate, violations, warnings };
}

/** Instalments of the largest amount with every period at its longest and the dearest daily rate. */
function longestRows(
  product: LoanProduct,
  tenor: Tenor,
  daily: Ratio,
): { principal: bigint; total: bigint }[] {
  if (product.pricing.lateFee.base === 'overdue-principal') return [];
  const every = tenor.length / tenor.instalments;
  const days = tenor.unit === 'day' ? every : monthSpan(every).max;
  const factor = scaleRatio(
    daily,
    BigInt(chargedDays(product.dayCount, { unit: tenor.unit, length: every }, days)),
  );
  const rows = amortize({
    method: product.interestMethod,
    principal: BigInt(product.amount.max),
    periods: Array.from({ length: tenor.instalments }, () => ({ interest: factor, fee: ratio(0n, 1n) })),
    rounding: 'up',
    remainder: product.remainder,
  });
  return rows.map((r) => ({ principal: r.principal, total: r.principal + r.interest + r.fee }));
}

/**
 * Checks a concrete plan against the caps in force on `businessDate`: its economic benefit per day of
 * the loan's calendar duration and per rupiah of principal, its late fee on its own base, and the
 * total-cost ceiling.
 */
export function checkPlan(plan: Plan, businessDate: BusinessDate, options: CapOptions = {}): CapCheck {
  const violations: CapViolation[] = [];
  const warnings: string[] = [];
  const caps = capsFor(businessDate, plan.purpose, plan.tenor, options, violations, warnings);
  if (!caps) return { ok: violations.length === 0, date: businessDate, violations, warnings };
  const benefit = BigInt(plan.totals.economicBenefit);
  const principal = BigInt(plan.amount);
  const daily = ratio(benefit, principal * BigInt(plan.days));
  if (compareRatio(daily, caps.dailyEconomicBenefit) > 0) {
    violations.push(
      violation(
        'economic-benefit-over-cap',
        plan.tenor,
        daily,
        caps.dailyEconomicBenefit,
        caps,
        'daily economic benefit',
      ),
    );
  }
  const rows = plan.instalments.map((i) => ({ principal: BigInt(i.principal), total: BigInt(i.total) }));
  const { daily: lateDaily, base } = plan.rates.lateFee;
  checkLateFee(lateFeeOnPrincipal(parsePercent(lateDaily), base, rows), plan.tenor, caps, violations);
  const total = ratio(benefit, principal);
  if (compareRatio(total, caps.totalCostOfPrincipal) > 0) {
    violations.push(
      violation(
        'total-cost-over-ceiling',
        plan.tenor,
        total,
        caps.totalCostOfPrincipal,
        caps,
        'economic benefit of principal',
      ),
    );
  }
  return { ok: violations.length === 0, date: businessDate, violations, warnings };
}

/**
 * The most late fees a loan on this plan may ever accrue: the total-cost ceiling in force on the plan's
 * start date (100 % of principal when no row is in force) minus its economic benefit, never negative.
 */
export function lateFeeCeiling(plan: Plan, options: CapOptions = {}): Rupiah {
  const caps = capsInForce(plan.startDate, plan.purpose, plan.tenor, options);
  const share = caps?.totalCostOfPrincipal ?? ratio(1n, 1n);
  const ceiling = roundDown(BigInt(plan.amount) * share.num, share.den) - BigInt(plan.totals.economicBenefit);
  return fromBigInt(ceiling > 0n ? ceiling : 0n);
}

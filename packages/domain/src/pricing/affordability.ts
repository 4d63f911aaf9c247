/**
 * Affordability: from 2026 a consumptive borrower's repayments (principal plus economic benefit) should
 * not exceed 30 % of income (40 % in 2025). The check flags a plan with the figures; deciding what to do
 * with the flag (refuse, offer a smaller amount) is the credit decision's job.
 */
import { formatPercent, parsePercent, ratio } from '../money/rate.ts';
import { multiplyRoundDown } from '../money/rounding.ts';
import { fromBigInt, nonNegativeRupiah, type Rupiah } from '../money/rupiah.ts';
import type { BusinessDate } from './business-date.ts';
import type { Plan } from './plan.ts';
import { AFFORDABILITY_TABLE, affordabilityInForce, type AffordabilityRow } from './regulatory-caps.ts';

/** The figures behind an affordability decision. */
export interface AffordabilityCheck {
  /** False when the plan is flagged. */
  readonly ok: boolean;
  readonly flags: readonly ('repayment-over-income-share' | 'income-below-minimum')[];
  /** The largest amount due within one calendar month (by due date). */
  readonly largestMonthlyRepayment: Rupiah;
  readonly monthlyIncome: Rupiah;
  /** `largestMonthlyRepayment` as a percent of income (rounded up to 6 decimals), or null without income. */
  readonly shareOfIncome: string | null;
  /** The configured maximum share, percent; null when no rule is in force. */
  readonly maxShareOfIncome: string | null;
  /** The most that may fall due in one month for this income. */
  readonly maxMonthlyRepayment: Rupiah | null;
  readonly source: string | null;
}

/**
 * The largest amount of a plan falling due in one calendar month. Monthly plans give their largest
 * instalment; a 14- or 30-day single-instalment loan gives its whole repayment.
 */
export function largestMonthlyRepayment(plan: Plan): Rupiah {
  const byMonth = new Map<string, bigint>();
  for (const i of plan.instalments) {
    const month = i.dueDate.slice(0, 7);
    byMonth.set(month, (byMonth.get(month) ?? 0n) + BigInt(i.total));
  }
  let max = 0n;
  for (const v of byMonth.values()) if (v > max) max = v;
  return fromBigInt(max);
}

/**
 * Flags a plan whose monthly repayment exceeds the configured share of `monthlyIncome` on `businessDate`,
 * and (from 2027, for new borrowers) an income below the minimum.
 */
export function checkAffordability(
  plan: Plan,
  monthlyIncome: Rupiah,
  businessDate: BusinessDate,
  options: { newBorrower?: boolean; table?: readonly AffordabilityRow[] } = {},
): AffordabilityCheck {
  nonNegativeRupiah(monthlyIncome, 'monthly income');
  const largest = largestMonthlyRepayment(plan);
  const rule = affordabilityInForce(businessDate, options.table ?? AFFORDABILITY_TABLE);
  const shareOfIncome =
    monthlyIncome > 0 ? formatPercent(ratio(BigInt(largest), BigInt(monthlyIncome))) : null;
  if (!rule) {
    return {
      ok: true,
      flags: [],
      largestMonthlyRepayment: largest,
      monthlyIncome,
      shareOfIncome,
      maxShareOfIncome: null,
      maxMonthlyRepayment: null,
      source: null,
    };
  }
  const share = parsePercent(rule.maxShareOfIncome);
  const max = multiplyRoundDown(monthlyIncome, share);
  const flags: AffordabilityCheck['flags'][number][] = [];
  if (largest > max) flags.push('repayment-over-income-share');
  if (
    options.newBorrower &&
    rule.minMonthlyIncomeNewBorrower !== undefined &&
    monthlyIncome < rule.minMonthlyIncomeNewBorrower
  ) {
    flags.push('income-below-minimum');
  }
  return {
    ok: flags.length === 0,
    flags,
    largestMonthlyRepayment: largest,
    monthlyIncome,
    shareOfIncome,
    maxShareOfIncome: rule.maxShareOfIncome,
    maxMonthlyRepayment: max,
    source: rule.source,
  };
}

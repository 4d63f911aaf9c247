import { parsePercent } from '../money/rate.ts';
import { multiplyRoundDown } from '../money/rounding.ts';
import { ZERO_RUPIAH, type Rupiah } from '../money/rupiah.ts';
import { amountAtStep, largestAmountOnStep } from '../pricing/amount-step.ts';
import { checkAffordability, largestMonthlyRepayment } from '../pricing/affordability.ts';
import type { BusinessDate } from '../pricing/business-date.ts';
import { plan, type Plan } from '../pricing/plan.ts';
import type { LoanProduct, Tenor } from '../pricing/product.ts';
import {
  AFFORDABILITY_TABLE,
  affordabilityInForce,
  type AffordabilityRow,
} from '../pricing/regulatory-caps.ts';
import type { CreditInputs, CreditPolicy, RuleOutcome } from './credit-inputs.ts';

/**
 * The smallest plan the product offers: its minimum amount on the tenor whose largest month is smallest (usually the
 * longest). If even that is more than the borrower may repay in a month, no plan is affordable.
 */
export function smallestPlan(product: LoanProduct, date: BusinessDate): Plan {
  const plans = product.tenors.map((tenor) => plan(product, product.amount.min, tenor, date));
  return plans.reduce((best, p) => (largestMonthlyRepayment(p) < largestMonthlyRepayment(best) ? p : best));
}

/** The most the borrower may repay in one month under the rule in force, or null when no rule is in force. */
export function maxMonthlyRepayment(
  monthlyIncome: Rupiah,
  date: BusinessDate,
  policy: Pick<CreditPolicy, 'affordability'>,
): Rupiah | null {
  const rule = affordabilityInForce(date, policy.affordability);
  if (!rule) return null;
  return multiplyRoundDown(monthlyIncome, parsePercent(rule.maxShareOfIncome));
}

/** Memo entries kept per product before they are dropped (7 tenors × 300 steps of one day's plans fit). */
const REPAYMENT_MEMO_LIMIT = 10_000;
const repaymentMemo = new WeakMap<LoanProduct, Map<string, Rupiah>>();

/**
 * The largest month of the plan of `amount` on `tenor` from `date`. Memoised for a frozen product only (the server's
 * cached catalogue, loan-products-service.ts: it cannot change under its memo): the borrowing form asks
 * largestOfferedAmount for every tenor on every visit, each a bisection over whole plans (issue 23).
 */
function largestMonthOf(product: LoanProduct, amount: Rupiah, tenor: Tenor, date: BusinessDate): Rupiah {
  if (!Object.isFrozen(product)) return largestMonthlyRepayment(plan(product, amount, tenor, date));
  let memo = repaymentMemo.get(product);
  if (!memo) repaymentMemo.set(product, (memo = new Map()));
  const key = `${date} ${tenor.unit} ${tenor.length} ${tenor.instalments} ${amount}`;
  let month = memo.get(key);
  if (month === undefined) {
    month = largestMonthlyRepayment(plan(product, amount, tenor, date));
    if (memo.size >= REPAYMENT_MEMO_LIMIT) memo.clear();
    memo.set(key, month);
  }
  return month;
}

/**
 * The largest amount on the product's step whose plan on `tenor` keeps every month within `maxMonthly`, or 0 when
 * not even the minimum does. Repayments grow with the amount (flat or declining interest alike), so the answer is
 * found by bisection over the steps: exact, whatever the rounding of each instalment.
 */
export function largestAffordableAmount(
  product: LoanProduct,
  tenor: Tenor,
  date: BusinessDate,
  maxMonthly: Rupiah,
): Rupiah {
  const { min, max, step } = product.amount;
  const fits = (amount: Rupiah) => largestMonthOf(product, amount, tenor, date) <= maxMonthly;
  if (!fits(min)) return ZERO_RUPIAH;
  let low = 0; // steps above min known to fit
  let high = (max - min) / step; // steps above min, not known to fit unless low reaches it
  if (fits(max)) return max;
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (fits(amountAtStep(product.amount, mid))) low = mid;
    else high = mid;
  }
  return amountAtStep(product.amount, low);
}

/**
 * The largest amount a borrower may take on `tenor` today: on the product's step, within their available limit and,
 * under the affordability rule in force, with no month's repayments above the share of `monthlyIncome` it allows (the
 * loan engine refuses the rest: 4295, 4300). 0 when not even the minimum is allowed. What the borrowing form offers.
 */
export function largestOfferedAmount(
  product: LoanProduct,
  tenor: Tenor,
  date: BusinessDate,
  borrower: { available: Rupiah; monthlyIncome: Rupiah },
  affordability: readonly AffordabilityRow[] = AFFORDABILITY_TABLE,
): Rupiah {
  const withinLimit = largestAmountOnStep(product.amount, borrower.available);
  if (withinLimit === null) return ZERO_RUPIAH;
  const monthly = maxMonthlyRepayment(borrower.monthlyIncome, date, { affordability });
  if (monthly === null) return withinLimit;
  const affordable = largestAffordableAmount(product, tenor, date, monthly);
  return affordable < withinLimit ? affordable : withinLimit;
}

/**
 * From 2026 a consumptive borrower's repayments in a month may not exceed 30% of their income (the loan engine's
 * affordability check, pricing/affordability.ts): refused when even the smallest plan offered is above it.
 */
export function affordabilityRule(inputs: CreditInputs, policy: CreditPolicy): RuleOutcome {
  const smallest = smallestPlan(policy.product, inputs.businessDate);
  const check = checkAffordability(smallest, inputs.job.monthlyIncome, inputs.businessDate, {
    table: policy.affordability,
  });
  const passed = !check.flags.includes('repayment-over-income-share');
  return {
    rule: 'affordability',
    passed,
    reasons: passed ? [] : ['unaffordable'],
    facts: {
      monthlyIncome: inputs.job.monthlyIncome,
      smallestPlanAmount: smallest.amount,
      smallestPlanLargestMonth: check.largestMonthlyRepayment,
      maxShareOfIncomePercent: check.maxShareOfIncome,
      maxMonthlyRepayment: check.maxMonthlyRepayment,
      source: check.source,
    },
  };
}

import type { Ratio } from '../money/rate.ts';
import { multiplyRoundDown } from '../money/rounding.ts';
import { minRupiah, ZERO_RUPIAH, type Rupiah } from '../money/rupiah.ts';
import { largestAmountOnStep } from '../pricing/amount-step.ts';
import { largestAffordableAmount, maxMonthlyRepayment } from './affordability-rule.ts';
import type { CreditInputs, CreditPolicy, RuleOutcome } from './credit-inputs.ts';
import { bureauPlatforms } from './platforms-rule.ts';

/**
 * Points of the scorecard, 0-100 before our own history. Stated income and job carry most weight because the limit
 * must be repaid from them; salary range is the borrower's second statement of income; other loans and the bureau's
 * picture say how much of that income is already promised elsewhere. Values are the lender's policy: change them
 * here, with CREDIT_POLICY_VERSION.
 */
export const SCORECARD = {
  /** Monthly income from (rupiah) → points; the first row whose floor is reached. */
  income: [
    { from: 10_000_000, points: 30 },
    { from: 5_000_000, points: 25 },
    { from: 3_000_000, points: 15 },
    { from: 0, points: 5 },
  ],
  hasJob: 20,
  /** Salary range 1 (< 2 million) .. 4 (> 8 million). */
  salaryRange: { 1: 0, 2: 5, 3: 10, 4: 15 } as Record<number, number>,
  /** Other-loan status: 1 unpaid, 2 paid, 3 none. */
  otherLoanStatus: { 1: 0, 2: 10, 3: 15 } as Record<number, number>,
  /** Outstanding platforms elsewhere per the bureau → points. */
  bureauPlatforms: [10, 5, 0] as readonly number[],
  /** Our own history: per loan repaid on time (at most `maxOnTime` counted), per loan repaid late. */
  repaidOnTime: 5,
  maxOnTime: 4,
  repaidLate: -10,
} as const;

/** Score → how many months of income the limit may reach (before affordability and the product's range). */
export const INCOME_MULTIPLES: ReadonlyArray<{ from: number; multiple: Ratio }> = [
  { from: 85, multiple: { num: 2n, den: 1n } },
  { from: 70, multiple: { num: 3n, den: 2n } },
  { from: 50, multiple: { num: 1n, den: 1n } },
  { from: 0, multiple: { num: 1n, den: 2n } },
];

export function creditScore(inputs: CreditInputs): number {
  const { job, ownHistory } = inputs;
  const income = SCORECARD.income.find((row) => job.monthlyIncome >= row.from)?.points ?? 0;
  const platforms = SCORECARD.bureauPlatforms[bureauPlatforms(inputs)] ?? 0;
  const history =
    Math.min(ownHistory.loansRepaid - ownHistory.repaidLate, SCORECARD.maxOnTime) * SCORECARD.repaidOnTime +
    ownHistory.repaidLate * SCORECARD.repaidLate;
  return (
    income +
    (job.hasJob ? SCORECARD.hasJob : 0) +
    (job.salaryRange ? (SCORECARD.salaryRange[job.salaryRange] ?? 0) : 0) +
    (job.otherLoanStatus ? (SCORECARD.otherLoanStatus[job.otherLoanStatus] ?? 0) : 0) +
    platforms +
    history
  );
}

/**
 * The limit: income × the score's multiple, capped by what the borrower can repay over the product's longest tenor
 * within the affordability share, rounded DOWN to the product's step and within its range. 0 when below the range.
 */
export function limitFor(inputs: CreditInputs, policy: CreditPolicy, score: number): Rupiah {
  const { product } = policy;
  const multiple = (INCOME_MULTIPLES.find((row) => score >= row.from) ?? INCOME_MULTIPLES.at(-1)!).multiple;
  let limit = multiplyRoundDown(inputs.job.monthlyIncome, multiple);
  const monthly = maxMonthlyRepayment(inputs.job.monthlyIncome, inputs.businessDate, policy);
  if (monthly !== null) {
    const longest = product.tenors.reduce((a, b) => (tenorDays(b) > tenorDays(a) ? b : a));
    limit = minRupiah(limit, largestAffordableAmount(product, longest, inputs.businessDate, monthly));
  }
  return largestAmountOnStep(product.amount, limit) ?? ZERO_RUPIAH;
}

function tenorDays(t: { unit: 'day' | 'month'; length: number }): number {
  return t.unit === 'day' ? t.length : t.length * 30;
}

/** The scorecard as a rule: refuses below the minimum score or with a loan overdue with us; else sets the limit. */
export function scorecardRule(
  inputs: CreditInputs,
  policy: CreditPolicy,
): RuleOutcome & { score: number; limit: Rupiah } {
  const score = creditScore(inputs);
  const limit = limitFor(inputs, policy, score);
  const reasons: RuleOutcome['reasons'] = [];
  if (inputs.ownHistory.overdueNow) reasons.push('overdue_with_us');
  if (score < policy.minScore || limit === 0) reasons.push('score_too_low');
  return {
    rule: 'scorecard',
    passed: reasons.length === 0,
    reasons,
    score,
    limit,
    facts: { score, minScore: policy.minScore, limit, loansRepaid: inputs.ownHistory.loansRepaid },
  };
}

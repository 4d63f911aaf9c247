// Credit decision: one decideCredit (every rule, with the affordability search over the product's amounts), against a
// baseline measured in the same run: one loan plan of the same product (the loan engine's unit of work).
import { creditPolicyFor } from '../packages/domain/src/credit/credit-inputs.ts';
import { decideCredit } from '../packages/domain/src/credit/decide-credit.ts';
import { rupiah } from '../packages/domain/src/money/rupiah.ts';
import { cashLoanProduct } from '../packages/domain/src/pricing/default-products.ts';
import { plan } from '../packages/domain/src/pricing/plan.ts';
import { goodInputs } from '../packages/domain/test/credit/credit-fixtures.ts';
import { summary, timeRuns } from './timing.ts';

const RUNS = 500;

export async function run(): Promise<void> {
  const policy = creditPolicyFor(cashLoanProduct);
  const inputs = goodInputs();
  const sixMonths = cashLoanProduct.tenors.at(-1)!;
  const amount = rupiah(3_000_000);
  const plans = await timeRuns(() => plan(cashLoanProduct, amount, sixMonths, inputs.businessDate), RUNS, 50);
  const decisions = await timeRuns(() => decideCredit(inputs, policy), RUNS, 50);
  const baseline = summary('baseline: one 6-month plan', plans);
  const decision = summary('one credit decision (decideCredit)', decisions);
  console.log(
    `ratio to baseline (median, lower is faster): ${(decision.median / baseline.median).toFixed(1)}`,
  );
}

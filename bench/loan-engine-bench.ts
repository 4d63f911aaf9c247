// Loan engine: plan generation (flat and declining balance) and payment allocation, in operations per
// second, with a baseline measured in the same run (JSON.stringify of the same schedule) so the ratio
// stays comparable across machines.
import { rupiah } from '../packages/domain/src/money/rupiah.ts';
import { plan } from '../packages/domain/src/pricing/plan.ts';
import { cashLoanProduct, payLaterProduct } from '../packages/domain/src/pricing/default-products.ts';
import { disburseLoan, openLoan } from '../packages/domain/src/lifecycle/loan-account.ts';
import { allocatePayment } from '../packages/domain/src/lifecycle/allocation.ts';
import { settlementQuote } from '../packages/domain/src/lifecycle/settlement.ts';

const DURATION_MS = 500;
// Results are kept here so the JIT cannot drop the measured calls as dead code.
let blackhole: unknown = null;

function measure(name: string, fn: () => unknown): number {
  for (let i = 0; i < 200; i += 1) fn(); // warm-up for the JIT
  let ops = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < DURATION_MS) {
    for (let i = 0; i < 100; i += 1) {
      blackhole = fn();
    }
    ops += 100;
    elapsed = performance.now() - start;
  }
  const perSecond = (ops / elapsed) * 1000;
  console.log(`${name.padEnd(48)} ${Math.round(perSecond).toLocaleString('en-US').padStart(12)} ops/s`);
  return perSecond;
}

/** Measures the loan engine and prints ops/s and ratios to the baseline. */
export async function run(): Promise<void> {
  const month6 = { unit: 'month', length: 6 } as const;
  // Built outside the measured closures, so the figures measure the engine only.
  const [amount, partial, payoff] = [rupiah(3_000_000), rupiah(500_000), rupiah(4_000_000)];
  const sample = plan(cashLoanProduct, amount, month6, '2026-01-31');
  const loan = disburseLoan(openLoan('bench', sample), '2026-01-31');

  const baseline = measure('baseline: JSON.stringify(6-row schedule)', () => JSON.stringify(sample));
  const cases: [string, () => unknown][] = [
    ['plan: flat, 6 monthly instalments', () => plan(cashLoanProduct, amount, month6, '2026-01-31')],
    [
      'plan: declining equal instalments, 6 months',
      () => plan(payLaterProduct, amount, month6, '2026-01-31'),
    ],
    ['allocate: partial late payment', () => allocatePayment(loan, { amount: partial, date: '2026-03-05' })],
    ['settlementQuote: mid-loan', () => settlementQuote(loan, '2026-04-10')],
    [
      'allocate: a payment covering the payoff (closes early)',
      () => allocatePayment(loan, { amount: payoff, date: '2026-04-10' }),
    ],
  ];
  const results = cases.map(([name, fn]): [string, number] => [name, measure(name, fn)]);
  if (blackhole === undefined) console.log('(no result)');
  console.log('\nratio to baseline (higher is faster):');
  for (const [name, perSecond] of results)
    console.log(`  ${name.padEnd(46)} ${(perSecond / baseline).toFixed(3)}`);
}

import fc from 'fast-check';
import { rupiah } from '../../src/money/rupiah.ts';
import { describe, expect, it } from 'vitest';
import { maxMonthlyRepayment } from '../../src/credit/affordability-rule.ts';
import { creditPolicyFor } from '../../src/credit/credit-inputs.ts';
import { decideCredit, reapplyDate } from '../../src/credit/decide-credit.ts';
import { creditScore, limitFor, scorecardRule } from '../../src/credit/scorecard.ts';
import { largestMonthlyRepayment } from '../../src/pricing/affordability.ts';
import { cashLoanProduct } from '../../src/pricing/default-products.ts';
import { plan } from '../../src/pricing/plan.ts';
import { goodInputs, loan } from './credit-fixtures.ts';

const policy = creditPolicyFor(cashLoanProduct);
const { min, max, step } = cashLoanProduct.amount;

describe('scorecard', () => {
  it.each([
    // income points + job + salary range + other loans + bureau platforms + own history
    ['the good borrower', goodInputs(), 25 + 20 + 10 + 15 + 10],
    [
      'no job, low income, unpaid loans',
      goodInputs({
        job: { hasJob: false, monthlyIncome: rupiah(2_000_000), salaryRange: 1, otherLoanStatus: 1 },
      }),
      5 + 0 + 0 + 0 + 10,
    ],
    [
      'high income, top range',
      goodInputs({ job: { monthlyIncome: rupiah(12_000_000), salaryRange: 4 } }),
      30 + 20 + 15 + 15 + 10,
    ],
    [
      'one platform elsewhere',
      goodInputs({ bureau: { found: true, loans: [loan('p1')] } }),
      25 + 20 + 10 + 15 + 5,
    ],
    [
      'two platforms elsewhere',
      goodInputs({ bureau: { found: true, loans: [loan('p1'), loan('p2')] } }),
      25 + 20 + 10 + 15 + 0,
    ],
    [
      'three loans repaid with us on time',
      goodInputs({ ownHistory: { loansRepaid: 3, repaidLate: 0, overdueNow: false } }),
      80 + 15,
    ],
    [
      'six repaid, only four count',
      goodInputs({ ownHistory: { loansRepaid: 6, repaidLate: 0, overdueNow: false } }),
      80 + 20,
    ],
    [
      'two repaid, one late',
      goodInputs({ ownHistory: { loansRepaid: 2, repaidLate: 1, overdueNow: false } }),
      80 + 5 - 10,
    ],
  ])('%s scores %i', (_, inputs, score) => {
    expect(creditScore(inputs)).toBe(score);
  });

  it("sets the good borrower's limit: 1.5 months of income, capped by 30% over six months, down to the step", () => {
    const limit = limitFor(goodInputs(), policy, 80);
    expect(limit).toBe(9_700_000); // 1.5 x 6,500,000 = 9,750,000, down to the step
    const sixMonths = cashLoanProduct.tenors.at(-1)!;
    expect(
      largestMonthlyRepayment(plan(cashLoanProduct, limit, sixMonths, '2026-03-02')),
    ).toBeLessThanOrEqual(1_950_000);
  });

  it('caps a high score by affordability', () => {
    const inputs = goodInputs({ job: { monthlyIncome: rupiah(3_000_000) } });
    const limit = limitFor(inputs, policy, 90); // 2 x income = 6,000,000, more than 30% allows over six months
    expect(limit).toBeLessThan(6_000_000);
    const sixMonths = cashLoanProduct.tenors.at(-1)!;
    const month = (amount: number) =>
      largestMonthlyRepayment(plan(cashLoanProduct, rupiah(amount), sixMonths, '2026-03-02'));
    expect(month(limit)).toBeLessThanOrEqual(900_000);
    expect(month(limit + step)).toBeGreaterThan(900_000);
  });

  it('refuses below the minimum score and with a loan overdue with us', () => {
    const low = goodInputs({
      job: { hasJob: false, monthlyIncome: rupiah(2_000_000), salaryRange: 1, otherLoanStatus: 1 },
      bureau: { found: true, loans: [loan('p1'), loan('p2')] },
    });
    expect(scorecardRule(low, policy).reasons).toEqual(['score_too_low']);
    const overdue = goodInputs({ ownHistory: { loansRepaid: 1, repaidLate: 0, overdueNow: true } });
    expect(scorecardRule(overdue, policy).reasons).toEqual(['overdue_with_us']);
  });
});

describe('decideCredit', () => {
  it('approves the good borrower with every rule in the record', () => {
    const decision = decideCredit(goodInputs(), policy);
    expect(decision).toMatchObject({ outcome: 'approved', limitAmount: 9_700_000, reasons: [], score: 80 });
    expect(decision.rules.map((r) => [r.rule, r.passed])).toEqual([
      ['eligibility', true],
      ['platforms', true],
      ['affordability', true],
      ['scorecard', true],
    ]);
    expect(JSON.parse(JSON.stringify(decision))).toEqual(decision); // stored as JSON without loss
  });

  it('rejects with every failing reason, once each, in rule order', () => {
    const decision = decideCredit(
      goodInputs({
        facePassed: false,
        bureau: { found: true, loans: [loan('p1', { daysPastDue: 95 }), loan('p2'), loan('p3')] },
        job: { monthlyIncome: rupiah(200_000) },
      }),
      policy,
    );
    expect(decision.outcome).toBe('rejected');
    expect(decision.limitAmount).toBeNull();
    expect(decision.reasons).toEqual([
      'face_not_passed',
      'too_many_platforms',
      'serious_arrears_elsewhere',
      'unaffordable',
      'score_too_low',
    ]);
  });

  it('dates a reapplication from the decision day', () => {
    expect(reapplyDate('2026-03-02', 30)).toBe('2026-04-01');
    expect(reapplyDate('2026-12-15', 30)).toBe('2027-01-14');
  });
});

describe('limits (properties)', () => {
  const inputsArb = fc.record({
    monthlyIncome: fc.integer({ min: 10_000, max: 100_000_000 }).map((n) => rupiah(n)),
    hasJob: fc.boolean(),
    salaryRange: fc.constantFrom(1, 2, 3, 4),
    otherLoanStatus: fc.constantFrom(1, 2, 3),
    platforms: fc.integer({ min: 0, max: 2 }),
    repaid: fc.integer({ min: 0, max: 8 }),
    late: fc.integer({ min: 0, max: 3 }),
    date: fc.constantFrom('2026-01-05', '2026-03-02', '2026-11-24', '2027-06-30'),
  });

  it('an approved limit is within the product range, on its step, and affordable over the longest tenor', () => {
    fc.assert(
      fc.property(inputsArb, (a) => {
        const inputs = goodInputs({
          businessDate: a.date,
          job: {
            monthlyIncome: a.monthlyIncome,
            hasJob: a.hasJob,
            salaryRange: a.salaryRange,
            otherLoanStatus: a.otherLoanStatus,
          },
          bureau: {
            found: a.platforms > 0,
            loans: Array.from({ length: a.platforms }, (_, i) => loan(`p${i}`)),
          },
          ownHistory: { loansRepaid: a.repaid + a.late, repaidLate: a.late, overdueNow: false },
        });
        const decision = decideCredit(inputs, policy);
        if (decision.outcome === 'rejected')
          return decision.limitAmount === null && decision.reasons.length > 0;
        const limit = decision.limitAmount!;
        const cap = maxMonthlyRepayment(a.monthlyIncome, a.date, policy)!;
        const sixMonths = cashLoanProduct.tenors.at(-1)!;
        return (
          limit >= min &&
          limit <= max &&
          (limit - min) % step === 0 &&
          largestMonthlyRepayment(plan(cashLoanProduct, limit, sixMonths, a.date)) <= cap
        );
      }),
      { numRuns: 300 },
    );
  });

  it('a higher income never lowers the limit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1_000_000, max: 50_000_000 }),
        fc.integer({ min: 0, max: 5_000_000 }),
        (income, more) => {
          const at = (income: number) =>
            limitFor(goodInputs({ job: { monthlyIncome: rupiah(income) } }), policy, 60);
          return at(income + more) >= at(income);
        },
      ),
      { numRuns: 200 },
    );
  });
});

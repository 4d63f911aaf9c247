import { describe, expect, it } from 'vitest';
import { rupiah } from '../../src/money/rupiah.ts';
import {
  affordabilityRule,
  largestAffordableAmount,
  smallestPlan,
} from '../../src/credit/affordability-rule.ts';
import { creditPolicyFor } from '../../src/credit/credit-inputs.ts';
import { ageOn, eligibilityRule } from '../../src/credit/eligibility-rule.ts';
import { platformsRule } from '../../src/credit/platforms-rule.ts';
import { largestMonthlyRepayment } from '../../src/pricing/affordability.ts';
import { cashLoanProduct } from '../../src/pricing/default-products.ts';
import { plan } from '../../src/pricing/plan.ts';
import { goodInputs, loan } from './credit-fixtures.ts';

const policy = creditPolicyFor(cashLoanProduct);

describe('eligibility', () => {
  it.each([
    ['2026-03-02', '2005-03-03', 20, false], // a day before the 21st birthday
    ['2026-03-02', '2005-03-02', 21, true],
    ['2026-03-02', '1965-03-02', 61, false],
    ['2026-03-02', '1965-03-03', 60, true], // the day before the 61st birthday
    ['2025-02-28', '2004-02-29', 20, false], // born on 29 Feb: 21 only from 1 March in a common year
    ['2025-03-01', '2004-02-29', 21, true],
  ])('on %s someone born %s is %i: eligible %s', (date, birth, age, eligible) => {
    expect(ageOn(birth, date)).toBe(age);
    const outcome = eligibilityRule(goodInputs({ businessDate: date, birthDate: birth }));
    expect(outcome.passed).toBe(eligible);
    expect(outcome.reasons).toEqual(eligible ? [] : ['age_out_of_range']);
  });

  it.each([
    ['ktpConfirmed', 'ktp_missing'],
    ['bankAccountVerified', 'bank_account_unverified'],
    ['facePassed', 'face_not_passed'],
    ['whatsappVerified', 'whatsapp_unverified'],
  ] as const)('refuses without %s (%s)', (field, reason) => {
    const outcome = eligibilityRule(goodInputs({ [field]: false }));
    expect(outcome).toMatchObject({ passed: false, reasons: [reason] });
  });

  it('names every failure at once', () => {
    const outcome = eligibilityRule(goodInputs({ birthDate: null, facePassed: false, ktpConfirmed: false }));
    expect(outcome.reasons).toEqual(['ktp_missing', 'age_out_of_range', 'face_not_passed']);
  });
});

describe('platforms', () => {
  it.each([
    ['no loans anywhere', [], 0, true, []],
    ['two other platforms: three with us', [loan('p1'), loan('p2')], 0, true, []],
    ['the same platform twice counts once', [loan('p1'), loan('p1'), loan('p2')], 0, true, []],
    ['three other platforms', [loan('p1'), loan('p2'), loan('p3')], 0, false, ['too_many_platforms']],
    [
      'paid-off loans do not count',
      [loan('p1', { status: 'paid_off' }), loan('p2'), loan('p3')],
      0,
      true,
      [],
    ],
    ['the borrower says three', [], 3, false, ['too_many_platforms']],
    ['the borrower says two, the bureau one', [loan('p1')], 2, true, []],
    ['89 days late is not yet serious', [loan('p1', { daysPastDue: 89 })], 0, true, []],
    ['90 days late', [loan('p1', { daysPastDue: 90 })], 0, false, ['serious_arrears_elsewhere']],
    [
      'a written-off loan',
      [loan('p1', { status: 'written_off', outstanding: rupiah(0) })],
      0,
      false,
      ['serious_arrears_elsewhere'],
    ],
    [
      'both',
      [loan('p1', { daysPastDue: 120, quality: 'loss' }), loan('p2'), loan('p3')],
      0,
      false,
      ['too_many_platforms', 'serious_arrears_elsewhere'],
    ],
  ] as const)('%s', (_, loans, declared, passed, reasons) => {
    const outcome = platformsRule(
      goodInputs({
        bureau: { found: loans.length > 0, loans: [...loans] },
        job: { declaredOtherPlatforms: declared },
      }),
      policy,
    );
    expect(outcome.passed).toBe(passed);
    expect(outcome.reasons).toEqual(reasons);
  });
});

describe('affordability', () => {
  const date = '2026-03-02';
  const smallest = smallestPlan(cashLoanProduct, date);
  const largestMonth = largestMonthlyRepayment(smallest);

  it('takes the minimum amount on the tenor with the smallest month', () => {
    expect(smallest.amount).toBe(cashLoanProduct.amount.min);
    for (const tenor of cashLoanProduct.tenors)
      expect(
        largestMonthlyRepayment(plan(cashLoanProduct, rupiah(400_000), tenor, date)),
      ).toBeGreaterThanOrEqual(largestMonth);
  });

  it('passes at exactly 30% of income and refuses a rupiah of income less', () => {
    // 30% of income must cover the largest month: income = ceil(largestMonth / 0.3).
    const exact = rupiah(Math.ceil((largestMonth * 10) / 3));
    expect(
      affordabilityRule(goodInputs({ businessDate: date, job: { monthlyIncome: exact } }), policy).passed,
    ).toBe(true);
    const below = affordabilityRule(
      goodInputs({ businessDate: date, job: { monthlyIncome: rupiah(exact - 1) } }),
      policy,
    );
    expect(below).toMatchObject({ passed: false, reasons: ['unaffordable'] });
    expect(below.facts.maxShareOfIncomePercent).toBe('30');
  });

  it('finds the largest amount on the step whose months stay within a cap, exactly', () => {
    const longest = cashLoanProduct.tenors.at(-1)!;
    const cap = rupiah(1_000_000);
    const amount = largestAffordableAmount(cashLoanProduct, longest, date, cap);
    expect(largestMonthlyRepayment(plan(cashLoanProduct, amount, longest, date))).toBeLessThanOrEqual(cap);
    expect(
      largestMonthlyRepayment(plan(cashLoanProduct, rupiah(amount + 100_000), longest, date)),
    ).toBeGreaterThan(cap);
    expect(largestAffordableAmount(cashLoanProduct, longest, date, rupiah(10))).toBe(0);
    expect(largestAffordableAmount(cashLoanProduct, longest, date, rupiah(100_000_000))).toBe(30_000_000);
  });
});

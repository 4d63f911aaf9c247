// Whole schedules from Apache Fineract's own tests, reproduced to the unit. Fineract's test currencies have two
// decimals: amounts here are integer cents (100 = 1.00), which the engine treats as whole units like rupiah.
// Fineract rounds HALF_EVEN by default, so these products do too. Each row: [principal, interest, total, balance].
//
// Sources (github.com/apache/fineract):
// - EMI  = fineract-e2e-tests-runner/src/test/resources/features/EMICalculation-Part1.feature @ 80821e8a
//          (progressive loans, declining balance, equal instalments, daily interest, no fees)
// - PEC  = fineract-progressive-loan/src/test/java/org/apache/fineract/portfolio/loanproduct/calc/
//          ProgressiveEMICalculatorTest.java @ 048cf93c
// - IPW  = fineract-e2e-tests-runner/src/test/resources/features/LoanInterestPaymentWaiver.feature @ 3632a95
//          (cumulative loan, FLAT interest)
// Not reproduced on purpose: Fineract's actual/actual periods that cross a year count 31 December in the new
// year (12 Dec–12 Jan = 19/365 + 12/366), one calendar day off from the engine's exact split; cumulative
// schedules that round instalments to whole units (installmentAmountInMultiplesOf); tenors over 9 instalments;
// progressive schedules where Fineract's EMI adjustment moves the instalment by a cent when the last one would
// differ from the others by more than n/2 cents (C3164, C3165, C3166, PEC dayInYears364 repayEvery2Week): the
// engine keeps the exact annuity and lets the last instalment absorb the rounding.
import { describe, expect, it } from 'vitest';
import { plan } from '../../src/pricing/plan.ts';
import { parseProduct, type LoanProduct, type Tenor } from '../../src/pricing/product.ts';
import type { DaysInYear } from '../../src/pricing/rates.ts';
import { rupiah } from '../../src/money/rupiah.ts';

type Row = readonly [principal: number, interest: number, total: number, balance: number];

function product(
  percent: string,
  daysInYear: DaysInYear,
  dayCount: LoanProduct['dayCount'],
  method: LoanProduct['interestMethod'],
  tenor: Tenor,
): LoanProduct {
  return parseProduct({
    id: 'fineract',
    name: 'Fineract test product',
    kind: 'cash-loan',
    purpose: 'consumptive',
    validFrom: '2023-01-01',
    amount: { min: 1, max: 100_000_000, step: 1 },
    tenors: [tenor],
    pricing: {
      interest: { percent, per: 'year', daysInYear },
      serviceFee: '0',
      originationFee: { percent: '0', fixed: 0 },
      lateFee: { daily: '0' },
    },
    interestMethod: method,
    dayCount,
    rounding: 'half-even',
    remainder: 'last-instalment',
  });
}

function rows(p: LoanProduct, cents: number, start: string): Row[] {
  const schedule = plan(p, rupiah(cents), p.tenors[0]!, start);
  return schedule.instalments.map((i) => [i.principal, i.interest, i.total, i.principalBalance]);
}

const monthly = (months: number, instalments = months): Tenor => ({
  unit: 'month',
  length: months,
  instalments,
});
const days = (length: number, instalments: number): Tenor => ({ unit: 'day', length, instalments });
const EQUAL = 'declining-equal-instalments';

describe("Apache Fineract's schedules, to the unit", () => {
  it('C3154 (EMI, lines 69-89): 100 at 12 %, 360/30, 6 monthly from 2024-01-01', () => {
    expect(rows(product('12', 360, '30-day-month', EQUAL, monthly(6)), 10_000, '2024-01-01')).toEqual([
      [1625, 100, 1725, 8375],
      [1641, 84, 1725, 6734],
      [1658, 67, 1725, 5076],
      [1674, 51, 1725, 3402],
      [1691, 34, 1725, 1711],
      [1711, 17, 1728, 0],
    ]);
  });

  it('C3155 (EMI, lines 91-111; also in PEC): 100 at 9.4822 %, 360/30, 6 monthly', () => {
    expect(rows(product('9.4822', 360, '30-day-month', EQUAL, monthly(6)), 10_000, '2024-01-01')).toEqual([
      [1634, 79, 1713, 8366],
      [1647, 66, 1713, 6719],
      [1660, 53, 1713, 5059],
      [1673, 40, 1713, 3386],
      [1686, 27, 1713, 1700],
      [1700, 13, 1713, 0],
    ]);
  });

  it('C3157 (EMI, lines 172-189): 100 at 12 %, 360/30, every 2 months, 3 instalments', () => {
    expect(rows(product('12', 360, '30-day-month', EQUAL, monthly(6, 3)), 10_000, '2024-01-01')).toEqual([
      [3268, 200, 3468, 6732],
      [3333, 135, 3468, 3399],
      [3399, 68, 3467, 0],
    ]);
  });

  it('C3159 (EMI, lines 213-233): 100 at 12 %, 365/actual, 6 monthly from 2024-01-01 (a leap February)', () => {
    expect(rows(product('12', 365, 'actual', EQUAL, monthly(6)), 10_000, '2024-01-01')).toEqual([
      [1623, 102, 1725, 8377],
      [1645, 80, 1725, 6732],
      [1656, 69, 1725, 5076],
      [1675, 50, 1725, 3401],
      [1690, 35, 1725, 1711],
      [1711, 17, 1728, 0],
    ]);
  });

  it('C3160 (EMI, lines 235-255): 100 at 9.4822 %, 365/actual, 6 monthly', () => {
    expect(rows(product('9.4822', 365, 'actual', EQUAL, monthly(6)), 10_000, '2024-01-01')).toEqual([
      [1632, 81, 1713, 8368],
      [1650, 63, 1713, 6718],
      [1659, 54, 1713, 5059],
      [1674, 39, 1713, 3385],
      [1686, 27, 1713, 1699],
      [1699, 13, 1712, 0],
    ]);
  });

  it('C3167 (EMI, lines 301-321): 100 at 15.678 %, 365/actual, 6 monthly', () => {
    expect(rows(product('15.678', 365, 'actual', EQUAL, monthly(6)), 10_000, '2024-01-01')).toEqual([
      [1610, 133, 1743, 8390],
      [1638, 105, 1743, 6752],
      [1653, 90, 1743, 5099],
      [1677, 66, 1743, 3422],
      [1697, 46, 1743, 1725],
      [1725, 22, 1747, 0],
    ]);
  });

  it('PEC dayInYears364 repayEvery1Week: 100 at 9.4822 %, 364-day year, 6 weekly', () => {
    expect(rows(product('9.4822', 364, 'actual', EQUAL, days(42, 6)), 10_000, '2024-01-01')).toEqual([
      [1659, 18, 1677, 8341],
      [1662, 15, 1677, 6679],
      [1665, 12, 1677, 5014],
      [1668, 9, 1677, 3346],
      [1671, 6, 1677, 1675],
      [1675, 3, 1678, 0],
    ]);
  });

  it('PEC dayInYears360 repayEvery15Days: 100 at 9.4822 %, 360-day year, 6 × 15 days', () => {
    expect(rows(product('9.4822', 360, 'actual', EQUAL, days(90, 6)), 10_000, '2024-01-01')).toEqual([
      [1650, 40, 1690, 8350],
      [1657, 33, 1690, 6693],
      [1664, 26, 1690, 5029],
      [1670, 20, 1690, 3359],
      [1677, 13, 1690, 1682],
      [1682, 7, 1689, 0],
    ]);
  });

  it('C3141 (IPW, lines 4-24): 1,000 at 12 % FLAT, 4 monthly from 2024-01-01', () => {
    expect(rows(product('12', 360, '30-day-month', 'flat', monthly(4)), 100_000, '2024-01-01')).toEqual([
      [25_000, 1_000, 26_000, 75_000],
      [25_000, 1_000, 26_000, 50_000],
      [25_000, 1_000, 26_000, 25_000],
      [25_000, 1_000, 26_000, 0],
    ]);
  });
});

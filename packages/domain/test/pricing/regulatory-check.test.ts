import { describe, expect, it } from 'vitest';
import { rupiah } from '../../src/money/rupiah.ts';
import { plan } from '../../src/pricing/plan.ts';
import { parseProduct } from '../../src/pricing/product.ts';
import { legacyLandingProduct } from '../../src/pricing/legacy-products.ts';
import { cashLoanProduct, defaultProducts } from '../../src/pricing/default-products.ts';
import { formatPercent } from '../../src/money/rate.ts';
import { capsInForce, CAP_TABLE, type CapOptions } from '../../src/pricing/regulatory-caps.ts';
import { checkPlan, checkProduct, lateFeeCeiling } from '../../src/pricing/regulatory-check.ts';
import { checkAffordability } from '../../src/pricing/affordability.ts';

const TODAY = '2026-11-22';
const month = (length: number) => ({ unit: 'month' as const, length });
function dailyCap(
  date: string,
  tenor: { unit: 'month' | 'day'; length: number },
  purpose: 'consumptive' | 'productive' = 'consumptive',
  options: CapOptions = {},
): string | undefined {
  const caps = capsInForce(date, purpose, tenor, options);
  return caps ? formatPercent(caps.dailyEconomicBenefit) : undefined;
}

describe('cap table', () => {
  it('every row names its source', () => {
    for (const row of CAP_TABLE) expect(row.source.length).toBeGreaterThan(10);
  });
  it('takes the strictest row in force (strict reading of 2026)', () => {
    expect(dailyCap('2024-06-01', month(3))).toBe('0.3');
    expect(dailyCap('2025-06-01', month(3))).toBe('0.2');
    expect(dailyCap('2025-06-01', month(6))).toBe('0.2');
    expect(dailyCap(TODAY, month(3))).toBe('0.1');
    expect(dailyCap(TODAY, month(3), 'productive')).toBe('0.067');
    expect(dailyCap('2023-06-01', month(3))).toBe('0.4'); // AFPI code of conduct before SEOJK 19/2023
    expect(capsInForce('2021-06-01', 'consumptive', month(3))).toBeNull();
    expect(capsInForce('2023-06-01', 'productive', month(3))).toBeNull();
  });
  it('the by-tenor reading applies OJK 2025 tenor caps in place of the circular steps it supersedes', () => {
    const byTenor = { policy: 'by-tenor' } as const;
    expect(dailyCap(TODAY, month(3), 'consumptive', byTenor)).toBe('0.3');
    expect(dailyCap(TODAY, month(5), 'consumptive', byTenor)).toBe('0.3');
    expect(dailyCap(TODAY, month(6), 'consumptive', byTenor)).toBe('0.2');
    expect(dailyCap(TODAY, { unit: 'day', length: 179 }, 'consumptive', byTenor)).toBe('0.3');
    expect(dailyCap(TODAY, { unit: 'day', length: 180 }, 'consumptive', byTenor)).toBe('0.2');
    expect(dailyCap(TODAY, month(12), 'consumptive', byTenor)).toBe('0.2');
    // The revision does not touch productive loans, nor 2024 (before it).
    expect(dailyCap(TODAY, month(3), 'productive', byTenor)).toBe('0.067');
    expect(dailyCap('2024-06-01', month(3), 'consumptive', byTenor)).toBe('0.3');
    const rows = capsInForce(TODAY, 'consumptive', month(3), byTenor)?.rows.map((r) => r.id);
    expect(rows).toEqual(['ojk-2025-consumptive-short']);
  });
  it('states what applies at one year and over, and covers every tenor the schema allows', () => {
    const rows = capsInForce(TODAY, 'consumptive', month(12))?.rows.map((r) => r.id);
    expect(rows).toEqual(['kaskita-2026-consumptive-1y', 'ojk-2025-consumptive-long']);
    expect(dailyCap(TODAY, month(12))).toBe('0.1');
    expect(dailyCap(TODAY, { unit: 'day', length: 364 })).toBe('0.1');
    expect(capsInForce(TODAY, 'consumptive', { unit: 'day', length: 365 })?.rows[0]?.id).toBe(
      'kaskita-2026-consumptive-1y',
    );
    for (const date of ['2024-03-01', '2025-03-01', TODAY]) {
      for (const purpose of ['consumptive', 'productive'] as const) {
        for (let months = 1; months <= 12; months += 1)
          expect(capsInForce(date, purpose, month(months))).not.toBeNull();
        for (let days = 1; days <= 366; days += 1)
          expect(capsInForce(date, purpose, { unit: 'day', length: days })).not.toBeNull();
      }
    }
  });
  it('refuses a loan no row covers inside the cap era instead of pricing it against the wrong row', () => {
    const table = CAP_TABLE.filter((r) => !r.id.startsWith('kaskita-'));
    const twelve = parseProduct({
      ...cashLoanProduct,
      tenors: [{ unit: 'month', length: 12, instalments: 6 }],
    });
    expect(checkProduct(twelve, TODAY, { table }).violations).toEqual([]); // the 2025 long-tenor row covers it
    const strictOnly = table.filter((r) => !r.id.startsWith('ojk-'));
    const check = checkProduct(twelve, TODAY, { table: strictOnly });
    expect(check.ok).toBe(false);
    expect(check.violations[0]).toMatchObject({ code: 'no-cap-in-force', actual: null, limit: null });
    expect(check.violations[0]?.message).toMatch(
      /no regulatory cap row covers a consumptive loan of 12 months/,
    );
    const p = plan(twelve, rupiah(1_000_000), { unit: 'month', length: 12 }, TODAY);
    expect(checkPlan(p, TODAY, { table: strictOnly }).violations.map((v) => v.code)).toEqual([
      'no-cap-in-force',
    ]);
    // Before the era (2021: the AFPI 0.8 % years are not tabled) no cap applies: a warning, not a refusal.
    expect(checkPlan({ ...p, startDate: '2021-06-01' }, '2021-06-01', { table: strictOnly })).toMatchObject({
      ok: true,
      warnings: [expect.stringMatching(/no regulatory cap row/)],
    });
  });
  it('the lenient reading is a configuration change only', () => {
    const table = CAP_TABLE.filter((r) => r.id !== 'seojk-2026-consumptive');
    expect(dailyCap(TODAY, month(3), 'consumptive', { table })).toBe('0.3');
    expect(dailyCap(TODAY, { unit: 'day', length: 180 }, 'consumptive', { table })).toBe('0.2');
  });
});

describe('seeded products comply with the caps in force today', () => {
  for (const product of defaultProducts) {
    it(`${product.id} passes checkProduct, and every plan of every tenor passes checkPlan`, () => {
      expect(checkProduct(product, TODAY)).toMatchObject({ ok: true, violations: [], warnings: [] });
      for (const tenor of product.tenors) {
        for (const amount of [product.amount.min, product.amount.max]) {
          for (const start of ['2026-01-31', '2026-02-28', TODAY]) {
            const p = plan(product, amount, tenor, start);
            expect(checkPlan(p, TODAY).violations).toEqual([]);
            // 100 % rule: economic benefit plus the most late fees the engine may accrue ≤ principal.
            expect(p.totals.economicBenefit + lateFeeCeiling(p)).toBeLessThanOrEqual(p.amount);
          }
        }
      }
    });
  }
});

describe('the legacy landing product', () => {
  const p = plan(legacyLandingProduct, rupiah(3_000_000), { unit: 'month', length: 3 }, '2023-06-15');
  it('passed the 0.4 %/day AFPI ceiling in force in 2023', () => {
    expect(checkProduct(legacyLandingProduct, '2023-06-15').ok).toBe(true);
    expect(checkPlan(p, '2023-06-15').ok).toBe(true);
  });
  it('is refused by the caps of 2024 and of 2026, with the figures and the sources', () => {
    expect(checkProduct(legacyLandingProduct, '2024-03-01').ok).toBe(false);
    const now = checkProduct(legacyLandingProduct, TODAY);
    expect(now.ok).toBe(false);
    expect(now.violations.map((v) => v.code)).toEqual(['economic-benefit-over-cap', 'late-fee-over-cap']);
    // Worst case: 90 charged days over the shortest 3-month span (89 days): 0.32826 × 90 / 89.
    expect(now.violations[0]).toMatchObject({ actual: '0.331949', limit: '0.1' });
    const planCheck = checkPlan(p, TODAY);
    expect(planCheck.ok).toBe(false);
    expect(planCheck.violations[0]?.rows.map((r) => r.id)).toContain('seojk-2026-consumptive');
  });
});

describe('before 2024: the AFPI code of conduct ceiling (0.4 %/day of interest plus fees)', () => {
  const priced2023 = (interest: string) =>
    parseProduct({
      ...cashLoanProduct,
      id: `priced-2023-${interest}`,
      validFrom: '2023-01-01',
      validTo: '2023-12-31',
      tenors: [
        { unit: 'day', length: 14, instalments: 1 },
        { unit: 'day', length: 30, instalments: 1 },
      ],
      pricing: {
        interest,
        serviceFee: '0',
        originationFee: { percent: '0', fixed: 0 },
        lateFee: { daily: '0.1', base: 'overdue-principal' },
      },
    });
  const DATE = '2023-06-15';
  it('refuses a product dated in 2023 at 1 %/day, with the figures and the source', () => {
    const product = priced2023('1');
    const check = checkProduct(product, DATE);
    expect(check.ok).toBe(false);
    expect(check.violations.map((v) => v.code)).toEqual([
      'economic-benefit-over-cap',
      'economic-benefit-over-cap',
    ]);
    expect(check.violations[0]).toMatchObject({ actual: '1', limit: '0.4' });
    expect(check.violations[0]?.rows.map((r) => r.id)).toEqual(['afpi-coc-consumptive']);
    expect(check.violations[0]?.rows[0]?.source).toMatch(/AFPI Pedoman Perilaku/);
    const p = plan(product, product.amount.min, { unit: 'day', length: 14 }, DATE);
    expect(checkPlan(p, DATE).violations.map((v) => v.code)).toEqual(['economic-benefit-over-cap']);
  });
  it('accepts the same product at 0.4 %/day', () => {
    const product = priced2023('0.4');
    expect(checkProduct(product, DATE)).toMatchObject({ ok: true, violations: [], warnings: [] });
    for (const tenor of product.tenors) {
      const p = plan(product, product.amount.min, tenor, DATE);
      expect(checkPlan(p, DATE)).toMatchObject({ ok: true, violations: [] });
    }
  });
  it('no longer applies from 2024, when SEOJK 19/SEOJK.06/2023 takes over', () => {
    expect(checkProduct(priced2023('0.4'), '2024-01-01').violations[0]?.rows.map((r) => r.id)).toEqual([
      'seojk-2024-consumptive',
    ]);
  });
});

describe('checkProduct refusals', () => {
  it('refuses an origination fee that pushes a short tenor over the daily cap', () => {
    const product = parseProduct({
      ...cashLoanProduct,
      pricing: { ...cashLoanProduct.pricing, originationFee: { percent: '1', fixed: 0 } },
    });
    const result = checkProduct(product, TODAY);
    expect(
      result.violations.some((v) => v.code === 'economic-benefit-over-cap' && v.tenor.length === 14),
    ).toBe(true);
  });
  it('refuses a product whose economic benefit alone exceeds 100 % of principal', () => {
    const product = parseProduct({
      ...cashLoanProduct,
      purpose: 'consumptive',
      tenors: [{ unit: 'day', length: 90, instalments: 1 }],
      pricing: { ...cashLoanProduct.pricing, originationFee: { percent: '95', fixed: 0 } },
    });
    const codes = checkProduct(product, TODAY).violations.map((v) => v.code);
    expect(codes).toContain('total-cost-over-ceiling');
  });
});

describe('affordability', () => {
  const p = plan(cashLoanProduct, rupiah(3_000_000), { unit: 'month', length: 3 }, '2026-01-31');
  it('flags an instalment above 30 % of monthly income from 2026, with the figures', () => {
    const result = checkAffordability(p, rupiah(3_000_000), TODAY);
    expect(result).toMatchObject({
      ok: false,
      flags: ['repayment-over-income-share'],
      largestMonthlyRepayment: 1_093_000,
      maxMonthlyRepayment: 900_000,
      maxShareOfIncome: '30',
    });
    expect(checkAffordability(p, rupiah(4_000_000), TODAY).ok).toBe(true);
    // 40 % in 2025
    expect(checkAffordability(p, rupiah(3_000_000), '2025-06-01').ok).toBe(true);
  });
  it('flags a new borrower below the 2027 minimum income', () => {
    expect(checkAffordability(p, rupiah(2_900_000), '2027-02-01', { newBorrower: true }).flags).toContain(
      'income-below-minimum',
    );
  });
});

import { describe, expect, it } from 'vitest';
import {
  capChangeDates,
  capViolationText,
  checkProductSchedule,
  rowAllows,
} from '../../src/pricing/cap-schedule.ts';
import { cashLoanProduct } from '../../src/pricing/default-products.ts';
import { parseProduct, type LoanProduct } from '../../src/pricing/product.ts';
import { CAP_TABLE } from '../../src/pricing/regulatory-caps.ts';

/** The seeded cash loan at 0.15 %/day (interest 0.05 + fee 0.10): inside 2025's 0.2 % cap, above 2026's 0.1 %. */
const at015 = (validFrom: string, validTo?: string): LoanProduct =>
  parseProduct({
    ...cashLoanProduct,
    validFrom,
    ...(validTo ? { validTo } : {}),
    pricing: { ...cashLoanProduct.pricing, interest: '0.05', serviceFee: '0.1' },
  });

describe('a product checked over its whole offer', () => {
  it('checks the start day and each later day a cap row starts or the day after one ends, within its days', () => {
    expect(capChangeDates('2025-06-01', undefined)).toEqual(['2025-06-01', '2026-01-01']);
    expect(capChangeDates('2023-06-01', '2024-06-30')).toEqual(['2023-06-01', '2024-01-01']);
    expect(capChangeDates('2025-06-01', '2025-12-31')).toEqual(['2025-06-01']);
  });

  it('refuses a product that passes on its start day but breaks a row coming into force later, naming day and rule', () => {
    const schedule = checkProductSchedule(at015('2025-12-10'));
    expect(schedule.ok).toBe(false);
    expect(schedule.checks.map((c) => [c.date, c.ok])).toEqual([
      ['2025-12-10', true],
      ['2026-01-01', false],
    ]);
    const first = schedule.firstFailure!;
    const violation = first.violations.find((v) => v.code === 'economic-benefit-over-cap')!;
    const text = capViolationText(violation, first.date);
    expect(text['en-US']).toMatch(
      /^From 2026-01-01, the daily economic benefit .* is 0\.15 %, above the cap of 0\.1 % \(seojk-2026-consumptive\)$/,
    );
    expect(text['id-ID']).toMatch(
      /^Mulai 2026-01-01, manfaat ekonomi harian .* adalah 0\.15 %, di atas batas 0\.1 % \(seojk-2026-consumptive\)$/,
    );
  });

  it('passes the same product when it ends before the stricter row starts', () => {
    expect(checkProductSchedule(at015('2025-12-10', '2025-12-31')).ok).toBe(true);
  });

  it('refuses a product over the cap on its first day', () => {
    const schedule = checkProductSchedule(at015('2026-03-10'));
    expect(schedule.firstFailure?.date).toBe('2026-03-10');
  });

  it('says which products a row allows, and leaves out rows that do not concern a product', () => {
    const row = (id: string) => CAP_TABLE.find((r) => r.id === id)!;
    const cheap = cashLoanProduct;
    const dear = at015('2025-06-01');
    expect(rowAllows(cheap, row('seojk-2026-consumptive'))?.ok).toBe(true);
    expect(rowAllows(dear, row('seojk-2025-consumptive'))?.ok).toBe(true);
    expect(rowAllows(dear, row('seojk-2026-consumptive'))?.ok).toBe(false);
    // Another purpose, a row that ended before the product starts, a tenor scope the product has none of.
    expect(rowAllows(cheap, row('seojk-2026-productive'))).toBeNull();
    expect(rowAllows(cheap, row('seojk-2024-consumptive'))).toBeNull();
    expect(rowAllows(cheap, row('kaskita-2026-consumptive-1y'))).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addDays,
  addMonths,
  businessDateAt,
  daysBetween,
  formatDisplayDate,
  isBusinessDate,
  isInForce,
} from '../../src/pricing/business-date.ts';

describe('business dates', () => {
  it('a dated range is in force on both ends inclusive, open-ended without `to`', () => {
    const range = { from: '2026-01-01', to: '2026-12-31' };
    expect(isInForce(range, '2025-12-31')).toBe(false);
    expect(isInForce(range, '2026-01-01')).toBe(true);
    expect(isInForce(range, '2026-12-31')).toBe(true);
    expect(isInForce(range, '2027-01-01')).toBe(false);
    expect(isInForce({ from: '2026-01-01' }, '2999-12-31')).toBe(true);
  });
  it('clamps month ends and keeps the anchor day (loan taken on 31 January)', () => {
    const start = '2026-01-31';
    expect([1, 2, 3, 4, 5, 6].map((k) => addMonths(start, k))).toEqual([
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
      '2026-06-30',
      '2026-07-31',
    ]);
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2028-02-29', 12)).toBe('2029-02-28');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
  });
  it('counts days across leap years', () => {
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
    expect(daysBetween('2027-02-28', '2027-03-01')).toBe(1);
    expect(daysBetween('2100-02-28', '2100-03-01')).toBe(1);
    expect(daysBetween('2000-02-28', '2000-03-01')).toBe(2);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
  it('validates and formats', () => {
    expect(isBusinessDate('2026-02-29')).toBe(false);
    expect(isBusinessDate('2028-02-29')).toBe(true);
    expect(isBusinessDate('2026-1-01')).toBe(false);
    expect(formatDisplayDate('2026-01-31')).toBe('31/01/2026');
  });
  it('addDays and daysBetween are inverse', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 200 * 365 }),
        fc.integer({ min: -5000, max: 5000 }),
        (base, n) => {
          const d = addDays('1950-01-01', base);
          expect(daysBetween(d, addDays(d, n))).toBe(n);
        },
      ),
    );
  });

  it('turns an instant into the Asia/Jakarta business date (UTC+7, the day starts at 17:00 UTC)', () => {
    expect(businessDateAt(new Date('2026-11-21T16:59:59Z'))).toBe('2026-11-21');
    expect(businessDateAt(new Date('2026-11-21T17:00:00Z'))).toBe('2026-11-22');
    expect(businessDateAt(new Date('2026-12-31T23:00:00Z'))).toBe('2027-01-01');
    expect(businessDateAt(new Date('2026-11-21T17:00:00Z'), 0)).toBe('2026-11-21');
  });
});

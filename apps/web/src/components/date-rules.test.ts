import { describe, expect, it } from 'vitest';
import { clampPickerDate, datePickerLimits, isWithinPickerLimits, toApiDate } from './date-rules.ts';

const today = new Date(2025, 5, 15, 13, 45);

describe('date picker rules', () => {
  it('min 1950-01-01, max today (start of day)', () => {
    const { min, max } = datePickerLimits(today);
    expect(toApiDate(min)).toBe('1950-01-01');
    expect(toApiDate(max)).toBe('2025-06-15');
  });
  it.each([
    [new Date(1949, 11, 31), false],
    [new Date(1950, 0, 1), true],
    [new Date(2025, 5, 15, 23, 0), true],
    [new Date(2025, 5, 16), false],
  ])('%s within limits: %s', (d, ok) => expect(isWithinPickerLimits(d, today)).toBe(ok));
  it('clamps out-of-range dates', () => {
    expect(toApiDate(clampPickerDate(new Date(1900, 0, 1), today))).toBe('1950-01-01');
    expect(toApiDate(clampPickerDate(new Date(2030, 0, 1), today))).toBe('2025-06-15');
  });
});

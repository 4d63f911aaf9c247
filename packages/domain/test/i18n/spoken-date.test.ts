import { describe, expect, it } from 'vitest';
import { formatSpokenDate } from '../../src/i18n/spoken-date.ts';

describe('formatSpokenDate', () => {
  it('writes the day, the month in the reader’s language and the year', () => {
    expect(formatSpokenDate('2026-04-02', 'id-ID')).toBe('2 April 2026');
    expect(formatSpokenDate('2026-08-17', 'id-ID')).toBe('17 Agustus 2026');
    expect(formatSpokenDate('2026-08-17', 'en-US')).toBe('17 August 2026');
    expect(formatSpokenDate('2026-12-31', 'id-ID')).toBe('31 Desember 2026');
    expect(formatSpokenDate('2027-05-01', 'en-US')).toBe('1 May 2027');
  });

  it('refuses what is not a calendar date', () => {
    expect(() => formatSpokenDate('2026-02-30', 'id-ID')).toThrow(RangeError);
  });
});

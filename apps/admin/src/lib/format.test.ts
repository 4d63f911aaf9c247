import { describe, expect, it } from 'vitest';
import { formatBusinessDate, formatDateTime, formatMoney } from './format.ts';

describe('back-office formatting', () => {
  it('writes rupiah with the domain formatting, grouped the Indonesian way', () => {
    expect(formatMoney(3_000_000)).toBe('Rp 3.000.000');
    expect(formatMoney(-1_500)).toBe('-Rp 1.500');
  });

  it('shows instants on Jakarta time whatever the browser zone', () => {
    // 17:30 UTC is 00:30 the next day in Jakarta (UTC+7).
    expect(formatDateTime('2026-11-26T17:30:00Z', 'id-ID')).toContain('27');
    expect(formatDateTime('2026-11-26T17:30:00Z', 'id-ID')).toContain('00.30');
    expect(formatDateTime('not a date', 'en-US')).toBe('');
    expect(formatDateTime(null, 'en-US')).toBe('');
  });

  it('shows business dates as the same calendar day in both languages', () => {
    expect(formatBusinessDate('2026-01-01', 'en-US')).toBe('Jan 1, 2026');
    expect(formatBusinessDate('2026-01-01', 'id-ID')).toBe('1 Jan 2026');
  });
});

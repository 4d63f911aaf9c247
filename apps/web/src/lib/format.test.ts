import { describe, expect, it } from 'vitest';
import { formatAmount, formatRupiah, rupiah } from '@kaskita/domain/money/rupiah';
import { formatDisplayDate } from '@kaskita/domain/pricing/business-date';
import { formatDate, formatPercent, formatShare } from './format.ts';
import { rootFontSizeFor } from './root-font-size.ts';

describe('formatting', () => {
  it('a share of income, short and rounded half up to one decimal', () => {
    expect(formatShare('7.286667', 'id-ID')).toBe('7,3 %');
    expect(formatShare('7.286667', 'en-US')).toBe('7.3%');
    expect(formatShare('7.25', 'en-US')).toBe('7.3%');
    expect(formatShare('7.249999', 'en-US')).toBe('7.2%');
    expect(formatShare('29.96', 'id-ID')).toBe('30 %');
    expect(formatShare('30', 'id-ID')).toBe('30 %');
    expect(formatShare('0.04', 'en-US')).toBe('0%');
    expect(formatShare('n/a', 'en-US')).toBe('n/a%');
  });

  it('amounts in id-ID', () => {
    expect(formatRupiah(rupiah(30_000_000))).toBe('Rp 30.000.000');
    expect(formatRupiah(rupiah(886_302))).toBe('Rp 886.302');
    expect(formatAmount(rupiah(1_234_567))).toBe('1.234.567');
  });
  it('percent strings in id-ID, exactly as sent', () => {
    expect(formatPercent('0.1')).toBe('0,1%');
    expect(formatPercent('0.29')).toBe('0,29%');
    expect(formatPercent('2')).toBe('2%');
    expect(formatPercent('0.1', 'en-US')).toBe('0.1%');
    expect(formatPercent('98.73', 'en-US')).toBe('98.73%');
  });
  it('dates DD/MM/YYYY', () => {
    expect(formatDate(new Date(2024, 1, 3))).toBe('03/02/2024');
    expect(formatDate('not a date')).toBe('');
    expect(formatDisplayDate('2025-01-01')).toBe('01/01/2025');
  });
  it('root font size is width / 22.5, clamped to 320-430', () => {
    expect(rootFontSizeFor(390)).toBeCloseTo(17.333, 2);
    expect(rootFontSizeFor(280)).toBeCloseTo(320 / 22.5, 5);
    expect(rootFontSizeFor(1200)).toBeCloseTo(430 / 22.5, 5);
  });
});

import type { Locale } from '@kaskita/domain/i18n/locale';
// Amounts (Rp 3.000.000) come from @kaskita/domain/money/rupiah (formatRupiah, formatAmount),
// and 'YYYY-MM-DD' business dates from @kaskita/domain/pricing/business-date (formatDisplayDate): both group and
// pad by hand, so a WebView without id-ID locale data still prints them the Indonesian way.

/**
 * A decimal percent string from the API ("0.1", exact, never a float) in the UI's language: "0,1%" in Indonesian,
 * "0.1%" in English (a decimal comma reads as a thousands separator to an English reader).
 * Anything that is not a plain decimal is shown as given.
 */
export function formatPercent(decimal: string, locale: Locale = 'id-ID'): string {
  if (!/^\d+(\.\d+)?$/.test(decimal)) return `${decimal}%`;
  return locale === 'id-ID' ? `${decimal.replace('.', ',')}%` : `${decimal}%`;
}

/**
 * A share (of income) as a short figure, rounded half up to one decimal: "7,3 %" in Indonesian, "7.3%" in English.
 * The API's shares are exact to six decimals ("7.286667"), which reads as noise beside an amount.
 */
export function formatShare(decimal: string, locale: Locale = 'id-ID'): string {
  const parts = /^(\d+)(?:\.(\d+))?$/.exec(decimal);
  if (!parts) return `${decimal}%`;
  const digits = parts[2] ?? '';
  const tenths =
    BigInt(parts[1]!) * 10n + BigInt(digits[0] ?? '0') + (Number(digits[1] ?? '0') >= 5 ? 1n : 0n);
  const whole = tenths / 10n;
  const tenth = tenths % 10n;
  return locale === 'id-ID'
    ? `${whole}${tenth ? `,${tenth}` : ''} %`
    : `${whole}${tenth ? `.${tenth}` : ''}%`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * An instant (a Date or an ISO timestamp such as an account's created_at) as the local display date DD/MM/YYYY
 * (spec section 9); invalid input gives ''. 'YYYY-MM-DD' business dates use formatDisplayDate instead.
 */
export function formatDate(value: Date | string): string {
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return '';
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
}

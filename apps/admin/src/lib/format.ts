import type { Locale } from '@kaskita/domain/i18n/locale';
import { formatRupiah, type Rupiah } from '@kaskita/domain/money/rupiah';

/** Staff work on Jakarta's business day whatever their browser's zone (architecture rule 6). */
const TIME_ZONE = 'Asia/Jakarta';

/** An instant (ISO timestamp) as a Jakarta date and time, e.g. "26/11/2026 14:05" (id-ID) or "11/26/2026, 2:05 PM". */
export function formatDateTime(value: string | Date | null | undefined, locale: Locale): string {
  if (!value) return '';
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, {
    timeZone: TIME_ZONE,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(date);
}

/** A business date (YYYY-MM-DD) as written in the UI's language, without any time-zone shift. */
export function formatBusinessDate(value: string | null | undefined, locale: Locale): string {
  if (!value) return '';
  const [y, m, d] = value.split('-').map(Number);
  if (!y || !m || !d) return value;
  return new Intl.DateTimeFormat(locale, { timeZone: 'UTC', dateStyle: 'medium' }).format(
    Date.UTC(y, m - 1, d),
  );
}

/** An integer rupiah amount as "Rp 3.000.000", the domain's one formatting (packages/domain/src/money/rupiah.ts). */
export function formatMoney(value: number): string {
  return formatRupiah(value as Rupiah);
}

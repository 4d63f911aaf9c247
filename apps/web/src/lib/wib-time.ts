import { formatDisplayDate, JAKARTA_UTC_OFFSET_MINUTES } from '@kaskita/domain/pricing/business-date';

/**
 * An instant (ISO timestamp) as Jakarta wall-clock time, "21/03/2026 14:05 WIB": payment codes expire at a time the
 * bank and the store count in WIB, whatever zone the phone is set to. Plain arithmetic (WIB is UTC+7 all year), so
 * a WebView without time-zone data prints the same. Invalid input gives ''.
 */
export function formatWib(iso: string): string {
  const ms = new Date(iso).getTime();
  if (Number.isNaN(ms)) return '';
  const wall = new Date(ms + JAKARTA_UTC_OFFSET_MINUTES * 60_000).toISOString();
  return `${formatDisplayDate(wall.slice(0, 10))} ${wall.slice(11, 16)} WIB`;
}

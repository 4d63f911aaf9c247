import type { Locale } from '@kaskita/domain/i18n/locale';
import { formatDateTime } from '../../lib/format.ts';

const ZONE_NAMES: Record<string, string> = {
  'Asia/Jakarta': 'WIB',
  'Asia/Makassar': 'WITA',
  'Asia/Jayapura': 'WIT',
};

/**
 * An instant in the borrower's own clock ("Tue 08:00 WIT") beside the staff's Jakarta time: the window is the
 * borrower's. With the three zones (province unknown) it names Jakarta time only, since the window is the same instant.
 */
export function borrowerTime(iso: string, zones: readonly string[], locale: Locale): string {
  const jakarta = `${formatDateTime(iso, locale)} WIB`;
  const zone = zones.length === 1 ? zones[0]! : null;
  if (!zone || zone === 'Asia/Jakarta') return jakarta;
  const local = new Intl.DateTimeFormat(locale, {
    timeZone: zone,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso));
  return `${local} ${ZONE_NAMES[zone] ?? zone} (${jakarta})`;
}

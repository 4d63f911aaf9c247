import { dateParts, type BusinessDate } from '../pricing/business-date.ts';
import type { Locale } from './locale.ts';

/**
 * Month names by language, written out by hand so a message never depends on the ICU data of the Node build that
 * sends it (as with money in money/rupiah.ts).
 */
const MONTHS: Record<Locale, readonly string[]> = {
  'id-ID': [
    'Januari',
    'Februari',
    'Maret',
    'April',
    'Mei',
    'Juni',
    'Juli',
    'Agustus',
    'September',
    'Oktober',
    'November',
    'Desember',
  ],
  'en-US': [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
};

/**
 * A date written out in the reader's language for a message (an SMS has no date picker to disambiguate 04/02):
 * `2026-04-02` → "2 April 2026"; `2026-08-17` → "17 Agustus 2026" (id-ID) or "17 August 2026" (en-US).
 */
export function formatSpokenDate(date: BusinessDate, locale: Locale): string {
  const { y, m, d } = dateParts(date);
  return `${d} ${MONTHS[locale][m - 1]} ${y}`;
}

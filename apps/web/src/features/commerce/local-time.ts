import type { Locale } from '@kaskita/domain/i18n/locale';

/** An instant as the phone's own clock shows it ("14.05" in Indonesian, "2:05 PM" in English), with the day if not today. */
export function localTime(instant: string, locale: Locale, now = new Date()): string {
  const at = new Date(instant);
  const sameDay = at.toDateString() === now.toDateString();
  return at.toLocaleString(locale, {
    hour: '2-digit',
    minute: '2-digit',
    ...(sameDay ? {} : { day: 'numeric', month: 'short' }),
  });
}

import type { Bilingual } from '@kaskita/domain/i18n/locale';

/** A product version's state, in words and colour (the words carry it: never colour alone). */
export const VERSION_STATE: Record<string, { color: string; label: Bilingual }> = {
  scheduled: { color: 'blue', label: { 'en-US': 'Scheduled', 'id-ID': 'Terjadwal' } },
  offered: { color: 'green', label: { 'en-US': 'Offered', 'id-ID': 'Ditawarkan' } },
  ended: { color: 'default', label: { 'en-US': 'Ended', 'id-ID': 'Berakhir' } },
  blocked: { color: 'red', label: { 'en-US': 'Blocked by a cap', 'id-ID': 'Diblokir batas' } },
};

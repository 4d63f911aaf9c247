import { useTranslation } from 'react-i18next';
import { toLocale } from '@kaskita/domain/i18n/locale';
import { DEFAULT_LOCALE } from './i18n.ts';
import type { Locale } from '@kaskita/domain/i18n/locale';

/** The current UI locale; re-renders on a language switch. */
export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return toLocale(i18n.language, DEFAULT_LOCALE);
}

import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCALES, toLocale, type Locale } from '@kaskita/domain/i18n/locale';
import { enUS } from './locales/en-US.ts';
import { idID } from './locales/id-ID.ts';
import { LOCAL_KEYS } from './storage-keys.ts';
import { local } from './storage.ts';

/** en-US is the web default (spec section 9); a stored APP_LOCALE wins. */
export const DEFAULT_LOCALE: Locale = 'en-US';

export const resources = {
  'en-US': { translation: enUS },
  'id-ID': { translation: idID },
} as const;

export function storedLocale(): Locale {
  return toLocale(local.get(LOCAL_KEYS.locale), DEFAULT_LOCALE);
}

// Both locales are bundled: together they are a few kB gzip, less than a second round trip on 3G would cost.
void i18next.use(initReactI18next).init({
  resources,
  lng: storedLocale(),
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});
if (typeof document !== 'undefined') document.documentElement.lang = storedLocale();

export function currentLocale(): Locale {
  return toLocale(i18next.language, DEFAULT_LOCALE);
}

export function setLocale(locale: Locale): void {
  local.set(LOCAL_KEYS.locale, locale);
  document.documentElement.lang = locale;
  void i18next.changeLanguage(locale);
}

/** The language switch: en-US <-> id-ID. */
export function toggleLocale(): Locale {
  const next: Locale = currentLocale() === 'en-US' ? 'id-ID' : 'en-US';
  setLocale(next);
  return next;
}

export { i18next };

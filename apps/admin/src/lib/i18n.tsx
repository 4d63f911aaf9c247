import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { Bilingual, Locale } from '@kaskita/domain/i18n/locale';
import { toLocale } from '@kaskita/domain/i18n/locale';

/**
 * The back office's two languages. Texts are written where they are used, as `{ 'en-US': ..., 'id-ID': ... }`
 * (a Bilingual, type-checked for both), and read with `t(...)`: no shared message file for the pages to fight over.
 * The server answers its own texts (menu labels, error messages) in the `lan` header's language (lib/api-client.ts).
 */
const KEY = 'kaskita.admin.locale';

interface I18n {
  locale: Locale;
  setLocale(locale: Locale): void;
  t(text: Bilingual): string;
}

const I18nContext = createContext<I18n | null>(null);

/** The language chosen before (this browser), else the browser's, else English. */
function initialLocale(): Locale {
  try {
    const saved = localStorage.getItem(KEY);
    if (saved) return toLocale(saved, 'en-US');
  } catch {
    // no storage: fall through
  }
  return toLocale(navigator.language, 'en-US');
}

let activeLocale: Locale = initialLocale();

/** The language for code outside React (the API client's `lan` header). */
export function currentLocale(): Locale {
  return activeLocale;
}

export function I18nProvider({ children }: { children: ReactNode }) {
  const [locale, setLocaleState] = useState<Locale>(activeLocale);
  const setLocale = useCallback((next: Locale) => {
    activeLocale = next;
    try {
      localStorage.setItem(KEY, next);
    } catch {
      // the choice lasts this page only
    }
    document.documentElement.lang = next === 'id-ID' ? 'id' : 'en';
    setLocaleState(next);
  }, []);
  const value = useMemo(
    () => ({ locale, setLocale, t: (text: Bilingual) => text[locale] }),
    [locale, setLocale],
  );
  return <I18nContext value={value}>{children}</I18nContext>;
}

export function useI18n(): I18n {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useI18n outside I18nProvider');
  return i18n;
}

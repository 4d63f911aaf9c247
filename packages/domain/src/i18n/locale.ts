/** The two languages of the product. en-US is the web app's default; the API answers id-ID unless `lan` says otherwise. */
export const LOCALES = ['en-US', 'id-ID'] as const;
export type Locale = (typeof LOCALES)[number];

/** Maps any header or stored value ("id", "id-id", "in_ID", "en-us", "EN") to one of our locales, or the fallback. */
export function toLocale(value: string | undefined | null, fallback: Locale): Locale {
  if (!value) return fallback;
  const v = value.trim().toLowerCase().replace('_', '-');
  if (v === 'id' || v.startsWith('id-') || v === 'in' || v.startsWith('in-')) return 'id-ID';
  if (v === 'en' || v.startsWith('en-')) return 'en-US';
  return fallback;
}

/** A text in both languages. */
export type Bilingual = Record<Locale, string>;

import { useSyncExternalStore } from 'react';
import { toLocale, type Locale } from '@kaskita/domain/i18n/locale';
import { enUS, type Translation, type Widen } from './locales/en-US.ts';
import { LOCAL_KEYS } from './storage-keys.ts';
import { local } from './storage.ts';

/**
 * A tiny typed i18n instead of i18next + react-i18next (~17 kB gzip on every first paint for what we use:
 * namespaces, {{var}} interpolation and _one/_other plurals).
 *
 * - The core texts (locales/en-US.ts, id-ID.ts) are the shell's, the shared components' and the public pages'
 *   (landing, login, the unaudited home, Me). English ships in the entry chunk, Indonesian is one lazy chunk.
 * - Every other feature's texts are a namespace of that feature (`defineTexts` in `features/<area>/<area>-texts.ts`,
 *   both languages), imported by its components, so they load with the feature's lazy chunk and never on a first
 *   page that does not show it. `useT(namespace)` reads the namespace, then the core.
 * - Keys are dot paths, checked at compile time: t('login.sendCode'), useT(loansTexts) adds t('loan.form.title').
 * - `t(key, { date })` replaces {{date}}; `t(key, { count })` picks `key_one` / `key_other` with the
 *   locale's plural rules (Indonesian has only "other").
 * - A key missing in the current locale falls back to en-US, then to the key itself.
 * - `useT()` re-renders its component on a language switch.
 */

/** en-US is the web default (spec section 9); a stored APP_LOCALE wins. */
export const DEFAULT_LOCALE: Locale = 'en-US';

/** A language's texts: nested names, strings at the leaves. */
type Texts = { readonly [key: string]: string | Texts };

/** A feature's texts in both languages (`defineTexts`). */
type TextNamespace<T extends object> = { readonly 'en-US': T; readonly 'id-ID': Widen<T> };
/** Any namespace, as the lookup reads it. */
type SomeNamespace = Readonly<Record<Locale, object>>;

type Join<P extends string, K extends string> = P extends '' ? K : `${P}.${K}`;
type Paths<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? Join<P, K> : Paths<T[K], Join<P, K>>;
}[keyof T & string];
type StripPlural<K extends string> = K extends `${infer B}_one` | `${infer B}_other` ? B : K;

type KeysOf<T> = StripPlural<Paths<T>>;

/** Every core text key, plural keys by their base name (`landing.example.tenorMonths`). */
export type TKey = KeysOf<typeof enUS>;
/** The keys `useT(namespace)` takes: the namespace's and the core's. */
export type TKeyOf<N extends { readonly 'en-US': object }> = TKey | KeysOf<N['en-US']>;
type TVars = Record<string, string | number>;
export type TFunction<K extends string = TKey> = (key: K, vars?: TVars) => string;

/**
 * A feature's texts, English first (the source of the key set, checked in id-ID at compile time). Its top-level names
 * must differ from the core's, which its t reads as well.
 */
export function defineTexts<T extends Texts & { readonly [K in keyof Translation]?: never }>(
  texts: TextNamespace<T>,
): TextNamespace<T> {
  return texts;
}

// en-US (the default) ships in the entry chunk; id-ID is a separate chunk fetched when needed,
// which keeps ~3 kB gzip off every first paint.
const loaders: Record<Locale, () => Promise<Translation>> = {
  'en-US': async () => enUS,
  'id-ID': async () => (await import('./locales/id-ID.ts')).idID,
};

const dictionaries: Partial<Record<Locale, Translation>> = { 'en-US': enUS };
let locale: Locale = DEFAULT_LOCALE;
const listeners = new Set<() => void>();

function lookup(dict: object | undefined, key: string): string | undefined {
  let node: unknown = dict;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const pluralRules = new Map<Locale, Intl.PluralRules>();
function pluralCategory(lng: Locale, count: number): string {
  let rules = pluralRules.get(lng);
  if (!rules) pluralRules.set(lng, (rules = new Intl.PluralRules(lng)));
  return rules.select(count);
}

/** Interpolates {{name}} with vars; an unknown name stays as written. */
export function interpolate(text: string, vars?: TVars): string {
  if (!vars) return text;
  return text.replace(/{{\s*(\w+)\s*}}/g, (whole, name: string) =>
    name in vars ? String(vars[name]) : whole,
  );
}

/** The t function of one locale (en-US as fallback), of the core texts or of a namespace and the core. */
export function translator<T extends object = Record<never, never>>(
  lng: Locale,
  ns?: TextNamespace<T>,
): TFunction<TKey | KeysOf<T>> {
  const find = (key: string) =>
    lookup(ns?.[lng], key) ??
    lookup(dictionaries[lng], key) ??
    lookup(ns?.['en-US'], key) ??
    lookup(enUS, key);
  return (key, vars) => {
    let text: string | undefined;
    if (vars && typeof vars.count === 'number') {
      text = find(`${key}_${pluralCategory(lng, vars.count)}`) ?? find(`${key}_other`);
    }
    return interpolate(text ?? find(key) ?? key, vars);
  };
}

// One t per locale and namespace, so its identity changes exactly when the language does (safe as an effect
// dependency). The core's are under enUS.
const translators = new Map<object, Partial<Record<Locale, TFunction<string>>>>();
function cachedTranslator(lng: Locale, ns?: SomeNamespace): TFunction<string> {
  let byLocale = translators.get(ns ?? enUS);
  if (!byLocale) translators.set(ns ?? enUS, (byLocale = {}));
  return (byLocale[lng] ??= translator(lng, ns as TextNamespace<object> | undefined) as TFunction<string>);
}

/** t of the current language, for code outside React. */
export const t: TFunction = (key, vars) => cachedTranslator(locale)(key, vars);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function currentLocale(): Locale {
  return locale;
}

/** The current UI language; re-renders on a switch. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, currentLocale, currentLocale);
}

/** The t function of the current language (of a namespace and the core); re-renders on a switch. */
export function useT<T extends object = Record<never, never>>(
  ns?: TextNamespace<T>,
): TFunction<TKey | KeysOf<T>> {
  return cachedTranslator(useLocale(), ns);
}

export function storedLocale(): Locale {
  return toLocale(local.get(LOCAL_KEYS.locale), DEFAULT_LOCALE);
}

/**
 * The language of a first visit: a stored choice wins; with none, the browser's preferred language when it is
 * Indonesian ('id', 'id-ID', the legacy 'in'), otherwise English (the spec's default).
 */
export function initialLocale(
  preferred: readonly string[] | undefined = typeof navigator === 'undefined'
    ? undefined
    : navigator.languages?.length
      ? navigator.languages
      : [navigator.language],
): Locale {
  const stored = local.get(LOCAL_KEYS.locale);
  if (stored) return toLocale(stored, DEFAULT_LOCALE);
  return toLocale(preferred?.[0], 'en-US') === 'id-ID' ? 'id-ID' : DEFAULT_LOCALE;
}

/** Loads a locale's texts once, then switches to it. */
export async function loadLocale(next: Locale): Promise<void> {
  dictionaries[next] ??= await loaders[next]();
  if (typeof document !== 'undefined') document.documentElement.lang = next;
  if (next === locale) return;
  locale = next;
  listeners.forEach((l) => l());
}

export function setLocale(next: Locale): Promise<void> {
  local.set(LOCAL_KEYS.locale, next);
  return loadLocale(next);
}

/** The language switch: en-US <-> id-ID. */
export function toggleLocale(): Locale {
  const next: Locale = currentLocale() === 'en-US' ? 'id-ID' : 'en-US';
  void setLocale(next);
  return next;
}

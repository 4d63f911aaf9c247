import type { enUS } from './locales/en-US.ts';

// Typed keys: t('login.sendCode') is checked against the English file at compile time.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof enUS };
  }
}

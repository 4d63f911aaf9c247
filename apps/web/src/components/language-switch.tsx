import { toggleLocale, useT } from '../lib/i18n.ts';
import { Icon } from './icon.tsx';

/** Toggles en-US / id-ID; the label names the language it switches to. */
export function LanguageSwitch({ className }: { className?: string }) {
  const t = useT();
  return (
    <button
      type="button"
      className={className ?? 'kk-btn kk-btn--link'}
      data-testid="lang-switch"
      aria-label={`${t('language.label')}: ${t('language.current')}`}
      onClick={() => toggleLocale()}
    >
      <Icon name="globe" /> {t('language.switchTo')}
    </button>
  );
}

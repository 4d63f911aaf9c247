import { toggleLocale, useT } from '../lib/i18n.ts';
import { Icon } from './icon.tsx';

/**
 * Toggles en-US / id-ID; the button shows the language it switches to. Its accessible name starts with that visible
 * text (WCAG 2.5.3, axe label-content-name-mismatch: a voice-control user says what they see), then the current one.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const t = useT();
  return (
    <button
      type="button"
      className={className ?? 'kk-btn kk-btn--link'}
      data-testid="lang-switch"
      aria-label={`${t('language.switchTo')} (${t('language.label')}: ${t('language.current')})`}
      onClick={() => toggleLocale()}
    >
      <Icon name="globe" /> {t('language.switchTo')}
    </button>
  );
}

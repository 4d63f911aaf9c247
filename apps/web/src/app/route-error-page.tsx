import { useT } from '../lib/i18n.ts';
import { useEffect } from 'react';
import { reportError } from '../lib/report-error.ts';
import { Icon } from '../components/icon.tsx';

/** Shown when a lazy chunk fails or times out (slow 3G, a deploy replaced the files) or a page crashes. */
export function RouteErrorPage({ error }: { error: unknown }) {
  const t = useT();
  useEffect(() => reportError('route', error), [error]);
  return (
    <div className="kk-status-page" role="alert">
      <div className="kk-status-page__icon" aria-hidden="true">
        <Icon name="warning" size={48} />
      </div>
      <h1>{t('chunk.heading')}</h1>
      <p className="kk-muted">{t('chunk.body')}</p>
      {/* A full reload re-fetches index.html, so a chunk replaced by a new deploy is found again. */}
      <button type="button" className="kk-btn kk-btn--primary" onClick={() => window.location.reload()}>
        {t('chunk.retry')}
      </button>
    </div>
  );
}

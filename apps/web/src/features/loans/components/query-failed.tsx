import { useT } from '../../../lib/i18n.ts';
import { loansTexts } from '../loans-texts.ts';

/** A page's data could not be loaded (already toasted by the api client): say so and offer another try. */
export function QueryFailed({ onRetry }: { onRetry: () => void }) {
  const t = useT(loansTexts);
  return (
    <div className="kk-status-page" data-testid="loan-load-failed">
      <p className="kk-muted">{t('loan.loadFailed')}</p>
      <button type="button" className="kk-btn kk-btn--primary" onClick={onRetry}>
        {t('loan.retry')}
      </button>
    </div>
  );
}

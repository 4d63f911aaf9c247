import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { Icon } from '../../../components/icon.tsx';
import { paths } from '../../../config/paths.ts';
import { useT } from '../../../lib/i18n.ts';
import { userKeys } from '../../../lib/query-keys.ts';
import { homeStatusTexts } from '../home-status-texts.ts';

/** /home/not-products: approved, but no product is open (the back office closed them all). */
export function NotProductsView() {
  const t = useT(homeStatusTexts);
  return (
    <div className="kk-status-page" data-testid="page-not-products">
      <Icon name="clock" size={48} />
      <h1>{t('homeStatus.notProductsTitle')}</h1>
      <p className="kk-muted">{t('homeStatus.notProductsBody')}</p>
      <Link className="kk-btn kk-btn--ghost" to={paths.meHelp.path}>
        {t('homeStatus.help')}
      </Link>
    </div>
  );
}

/** /home/not-repayment: no bill to pay. */
export function NotRepaymentView() {
  const t = useT(homeStatusTexts);
  return (
    <div className="kk-status-page" data-testid="page-not-repayment">
      <Icon name="check" size={48} />
      <h1>{t('homeStatus.notRepaymentTitle')}</h1>
      <p className="kk-muted">{t('homeStatus.notRepaymentBody')}</p>
      <Link className="kk-btn kk-btn--primary" to={paths.meLoanHistory.path}>
        {t('homeStatus.history')}
      </Link>
      <Link className="kk-btn kk-btn--link" to={paths.home.path}>
        {t('homeStatus.home')}
      </Link>
    </div>
  );
}

/**
 * /home/status-default: a status the app does not know (homePageFor's default). Asking again goes back through /home,
 * which decides anew on a fresh answer.
 */
export function StatusDefaultView() {
  const t = useT(homeStatusTexts);
  const client = useQueryClient();
  const navigate = useNavigate();
  return (
    <div className="kk-status-page" data-testid="page-status-default">
      <Icon name="clock" size={48} />
      <h1>{t('homeStatus.defaultTitle')}</h1>
      <p className="kk-muted">{t('homeStatus.defaultBody')}</p>
      <button
        type="button"
        className="kk-btn kk-btn--primary"
        data-testid="status-default-retry"
        onClick={() => {
          void client.invalidateQueries({ queryKey: userKeys.status });
          void navigate(paths.home.path, { replace: true });
        }}
      >
        {t('homeStatus.retry')}
      </button>
      <Link className="kk-btn kk-btn--link" to={paths.meHelp.path}>
        {t('homeStatus.help')}
      </Link>
    </div>
  );
}

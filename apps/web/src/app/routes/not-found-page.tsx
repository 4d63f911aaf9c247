import { useT } from '../../lib/i18n.ts';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';

export default function NotFoundPage() {
  const t = useT();
  return (
    <div className="kk-status-page" data-testid="page-not-found">
      <div className="kk-status-page__icon" aria-hidden="true">
        404
      </div>
      <h1>{t('notFound.heading')}</h1>
      <p className="kk-muted">{t('notFound.body')}</p>
      <Link className="kk-btn kk-btn--primary" to={paths.home.path}>
        {t('notFound.home')}
      </Link>
    </div>
  );
}

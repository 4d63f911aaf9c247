import { useT } from '../../lib/i18n.ts';
import { Link } from 'react-router';
import { TopBar } from '../../components/top-bar.tsx';
import { paths } from '../../config/paths.ts';
import { useLeafRoute } from '../route-handle.ts';
import { Icon } from '../../components/icon.tsx';

/** Placeholder for screens of later issues (listed in ../README.md); titled by the route. */
export default function ComingSoonPage() {
  const t = useT();
  const { handle } = useLeafRoute();
  const title = handle ? t(handle.title) : t('comingSoon.heading');
  return (
    <div data-testid="page-coming-soon">
      <TopBar title={title} />
      <div className="kk-status-page">
        <div className="kk-status-page__icon" aria-hidden="true">
          <Icon name="clock" size={48} />
        </div>
        <h2>{t('comingSoon.heading')}</h2>
        <p className="kk-muted">{t('comingSoon.body')}</p>
        <Link className="kk-btn kk-btn--primary" to={paths.home.path}>
          {t('comingSoon.home')}
        </Link>
      </div>
    </div>
  );
}

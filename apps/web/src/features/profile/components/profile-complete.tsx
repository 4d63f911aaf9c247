import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { Icon } from '../../../components/icon.tsx';
import { useT } from '../../../lib/i18n.ts';

/** Every step is done: the application itself is submitted from home (a later issue). */
export function ProfileComplete() {
  const t = useT();
  return (
    <div className="kk-status-page" data-testid="profile-complete">
      <div className="kk-status-page__icon" aria-hidden="true">
        <Icon name="check" size={48} />
      </div>
      <h2>{t('profile.complete.heading')}</h2>
      <p className="kk-muted">{t('profile.complete.body')}</p>
      <Link className="kk-btn kk-btn--primary" to={paths.home.path}>
        {t('profile.complete.home')}
      </Link>
    </div>
  );
}

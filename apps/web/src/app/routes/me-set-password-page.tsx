import { useT } from '../../lib/i18n.ts';
import { useNavigate } from 'react-router';
import { TopBar } from '../../components/top-bar.tsx';
import { AlterPasswordForm } from '../../features/me/components/alter-password-form.tsx';
import { paths } from '../../config/paths.ts';

export default function MeSetPasswordPage() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <div data-testid="page-me-set-password">
      <TopBar title={t('title.meSetPassword')} backLabel={t('common.back')} />
      <div className="kk-content">
        <p className="kk-muted">{t('password.setIntro')}</p>
        <AlterPasswordForm mode="set" onDone={() => void navigate(paths.me.path, { replace: true })} />
      </div>
    </div>
  );
}

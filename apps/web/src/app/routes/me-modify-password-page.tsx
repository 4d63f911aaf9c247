import { useT } from '../../lib/i18n.ts';
import { useNavigate } from 'react-router';
import { TopBar } from '../../components/top-bar.tsx';
import { AlterPasswordForm } from '../../features/me/components/alter-password-form.tsx';
import { paths } from '../../config/paths.ts';

export default function MeModifyPasswordPage() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <div data-testid="page-modify-password">
      <TopBar title={t('title.modifyPassword')} backLabel={t('common.back')} />
      <div className="kk-content">
        <p className="kk-muted">{t('password.modifyIntro')}</p>
        <AlterPasswordForm mode="modify" onDone={() => void navigate(paths.me.path, { replace: true })} />
      </div>
    </div>
  );
}

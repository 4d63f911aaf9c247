import { useT } from '../../lib/i18n.ts';
import { useNavigate } from 'react-router';
import { RouteTopBar } from '../route-top-bar.tsx';
import { AlterPasswordForm } from '../../features/me/components/alter-password-form.tsx';
import { paths } from '../../config/paths.ts';

/** Me > change password (with the current one) or set the first one; back to Me when done. */
function MePasswordPage({ mode }: { mode: 'modify' | 'set' }) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <div data-testid={mode === 'modify' ? 'page-modify-password' : 'page-me-set-password'}>
      <RouteTopBar />
      <div className="kk-content">
        <p className="kk-muted">{mode === 'modify' ? t('password.modifyIntro') : t('password.setIntro')}</p>
        <AlterPasswordForm mode={mode} onDone={() => void navigate(paths.me.path, { replace: true })} />
      </div>
    </div>
  );
}

export const MeModifyPasswordPage = () => <MePasswordPage mode="modify" />;
export const MeSetPasswordPage = () => <MePasswordPage mode="set" />;

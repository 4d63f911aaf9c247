import { useT } from '../../lib/i18n.ts';
import { Navigate, useNavigate } from 'react-router';
import { useAccount } from '../../features/me/api/get-account.ts';
import { RouteTopBar } from '../route-top-bar.tsx';
import { AlterPasswordForm } from '../../features/me/components/alter-password-form.tsx';
import { paths } from '../../config/paths.ts';

/** Me > change password (with the current one) or set the first one; back to Me when done. */
function MePasswordPage({ mode }: { mode: 'modify' | 'set' }) {
  const t = useT();
  const navigate = useNavigate();
  const { data: account } = useAccount();
  // A borrower who has only ever signed in by SMS has no password to change: they set one (no "current password").
  if (mode === 'modify' && account && !account.has_password)
    return <Navigate to={paths.meSetPassword.path} replace />;
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

import { useT } from '../../lib/i18n.ts';
import { useNavigate } from 'react-router';
import { localPhone } from '@kaskita/domain/validation/phone';
import { TopBar } from '../../components/top-bar.tsx';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form.tsx';
import { paths } from '../../config/paths.ts';
import { LOCAL_KEYS } from '../../lib/storage-keys.ts';
import { local } from '../../lib/storage.ts';
import '../../features/auth/components/auth-forms.css';

/** set_password ("reset login password"): the same reset flow, for the stored login phone. */
export default function SetPasswordPage() {
  const t = useT();
  const navigate = useNavigate();
  const stored = local.get(LOCAL_KEYS.loginPhone);
  return (
    <div data-testid="page-set-password">
      <TopBar title={t('title.setPassword')} backLabel={t('common.back')} />
      <div className="kk-auth">
        <p className="kk-auth__sub">{t('password.forgotIntro')}</p>
        <ResetPasswordForm
          initialPhone={stored ? localPhone(stored) : ''}
          onDone={() => void navigate(paths.home.path, { replace: true })}
        />
      </div>
    </div>
  );
}

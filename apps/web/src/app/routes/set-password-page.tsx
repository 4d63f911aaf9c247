import { useT } from '../../lib/i18n.ts';
import { useNavigate } from 'react-router';
import { TopBar } from '../../components/top-bar.tsx';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form.tsx';
import { paths } from '../../config/paths.ts';
import { initialLoginPhone } from '../../lib/login-phone.ts';
import '../../features/auth/components/auth-forms.css';

/** set_password ("reset login password"): the same reset flow, for the stored login phone. */
export default function SetPasswordPage() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <div data-testid="page-set-password">
      <TopBar title={t('title.setPassword')} backLabel={t('common.back')} />
      <div className="kk-auth">
        <p className="kk-auth__sub">{t('password.forgotIntro')}</p>
        <ResetPasswordForm
          initialPhone={initialLoginPhone(null)}
          onDone={() => void navigate(paths.home.path, { replace: true })}
        />
      </div>
    </div>
  );
}

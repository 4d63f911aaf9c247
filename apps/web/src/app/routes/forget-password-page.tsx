import { useT } from '../../lib/i18n.ts';
import { useNavigate, useSearchParams } from 'react-router';
import { TopBar } from '../../components/top-bar.tsx';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form.tsx';
import { paths } from '../../config/paths.ts';
import { initialLoginPhone } from '../../lib/login-phone.ts';
import '../../features/auth/components/auth-forms.css';

/** Forgotten password (open without a token). */
export default function ForgetPasswordPage() {
  const t = useT();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  return (
    <div data-testid="page-forget-password">
      <TopBar title={t('title.forgetPassword')} backLabel={t('common.back')} />
      <div className="kk-auth">
        <p className="kk-auth__sub">{t('password.forgotIntro')}</p>
        <ResetPasswordForm
          initialPhone={initialLoginPhone(query.get('phone'), null)}
          onDone={() => void navigate(paths.home.path, { replace: true })}
        />
      </div>
    </div>
  );
}

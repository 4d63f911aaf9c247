import { useT } from '../../lib/i18n.ts';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { localPhone } from '@kaskita/domain/validation/phone';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { TopBar } from '../../components/top-bar.tsx';
import { PasswordLoginForm } from '../../features/auth/components/password-login-form.tsx';
import { paths } from '../../config/paths.ts';
import { LOCAL_KEYS } from '../../lib/storage-keys.ts';
import { local } from '../../lib/storage.ts';
import '../../features/auth/components/auth-forms.css';

export default function LoginPasswdPage() {
  const t = useT();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const stored = local.get(LOCAL_KEYS.loginPhone);
  const initialPhone = query.get('phone') ?? (stored ? localPhone(stored) : '');
  return (
    <div data-testid="page-login-passwd">
      <TopBar title={t('title.loginPasswd')} backLabel={t('common.back')} />
      <div className="kk-auth">
        <div className="kk-auth__brand">
          <span className="kk-auth__logo">KasKita</span>
          <LanguageSwitch />
        </div>
        <PasswordLoginForm
          initialPhone={initialPhone}
          onLoggedIn={() => void navigate(paths.home.path, { replace: true })}
        />
        <div className="kk-auth__links">
          <Link className="kk-btn kk-btn--link" to={paths.login.href(query)} replace>
            {t('login.withCode')}
          </Link>
          <Link className="kk-btn kk-btn--link" to={paths.forgetPassword.href(query)}>
            {t('login.forgot')}
          </Link>
        </div>
      </div>
    </div>
  );
}

import { useT } from '../../lib/i18n.ts';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { RouteTopBar } from '../route-top-bar.tsx';
import { AuthBrand } from '../../features/auth/components/auth-brand.tsx';
import { PasswordLoginForm } from '../../features/auth/components/password-login-form.tsx';
import { afterLoginHref, paths } from '../../config/paths.ts';
import { initialLoginPhone } from '../../lib/login-phone.ts';
import '../../features/auth/components/auth-forms.css';

export default function LoginPasswdPage() {
  const t = useT();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  return (
    <div data-testid="page-login-passwd">
      <RouteTopBar />
      <div className="kk-auth">
        <AuthBrand />
        <PasswordLoginForm
          initialPhone={initialLoginPhone(query.get('phone'))}
          onLoggedIn={() => void navigate(afterLoginHref(query), { replace: true })}
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

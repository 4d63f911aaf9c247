import { useT } from '../../lib/i18n.ts';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthBrand } from '../../features/auth/components/auth-brand.tsx';
import { SmsLoginForm } from '../../features/auth/components/sms-login-form.tsx';
import { paths } from '../../config/paths.ts';
import { initialLoginPhone } from '../../lib/login-phone.ts';
import '../../features/auth/components/auth-forms.css';

/** Login (name 'login'): the query is the page's input (phone); no header or footer. */
export default function LoginPage() {
  const t = useT();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  return (
    <div className="kk-auth" data-testid="page-login">
      <AuthBrand />
      <h1 className="kk-auth__heading">{t('login.heading')}</h1>
      <p className="kk-auth__sub">{t('login.subheading')}</p>
      <SmsLoginForm
        initialPhone={initialLoginPhone(query.get('phone'))}
        onLoggedIn={() => void navigate(paths.home.path, { replace: true })}
      />
      <div className="kk-auth__links">
        <Link
          className="kk-btn kk-btn--link"
          to={paths.loginPasswd.href(query)}
          data-testid="to-password-login"
        >
          {t('login.withPassword')}
        </Link>
        <Link className="kk-btn kk-btn--link" to={paths.landing.path}>
          {t('title.landing')}
        </Link>
      </div>
    </div>
  );
}

import { useT } from '../../lib/i18n.ts';
import { useNavigate, useSearchParams } from 'react-router';
import { Link } from 'react-router';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { SmsLoginForm } from '../../features/auth/components/sms-login-form.tsx';
import { paths } from '../../config/paths.ts';
import { LOCAL_KEYS } from '../../lib/storage-keys.ts';
import { local } from '../../lib/storage.ts';
import { localPhone } from '@kaskita/domain/validation/phone';
import '../../features/auth/components/auth-forms.css';

/** Login (name 'login'): the query is the page's input (phone); no header or footer. */
export default function LoginPage() {
  const t = useT();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const stored = local.get(LOCAL_KEYS.loginPhone);
  const initialPhone = query.get('phone') ?? (stored ? localPhone(stored) : '');
  return (
    <div className="kk-auth" data-testid="page-login">
      <div className="kk-auth__brand">
        <span className="kk-auth__logo">KasKita</span>
        <LanguageSwitch />
      </div>
      <h1 className="kk-auth__heading">{t('login.heading')}</h1>
      <p className="kk-auth__sub">{t('login.subheading')}</p>
      <SmsLoginForm
        initialPhone={initialPhone}
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

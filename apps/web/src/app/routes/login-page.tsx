import { useT } from '../../lib/i18n.ts';
import { Suspense, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { AuthBrand } from '../../features/auth/components/auth-brand.tsx';
import { afterLoginHref, paths } from '../../config/paths.ts';
import { getToken } from '../../lib/auth-session.ts';
import type { SmsLoginFormProps } from '../../features/auth/components/sms-login-form.tsx';
import { lazyComponent } from '../../lib/lazy-chunk.ts';
import '../../features/auth/components/auth-forms.css';

/**
 * The form (react-hook-form, zod and the phone rules, ~45 kB gzip) is its own chunk so the page paints within the
 * first-paint budget; the router starts fetching it together with this page (router.tsx).
 */
const SmsLoginForm = lazyComponent<SmsLoginFormProps>(() =>
  import('../../features/auth/components/sms-login-form.tsx').then((m) => ({ default: m.SmsLoginForm })),
);

/** Login (name 'login'): the query is the page's input (phone); no header or footer. */
export default function LoginPage() {
  const t = useT();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  // A signed-in borrower has nothing to do here (a bookmark, the back button after login): home. Only /index sends a
  // signed-in visitor here on purpose, with another phone in the query (spec section 2): that one may switch account.
  // Decided once, on arrival: after signing in here the page may render again before its navigation to the redirect
  // (a transition to a lazy page) commits, and sending it home then would race that navigation.
  const [arrivedSignedIn] = useState(() => Boolean(getToken()) && !query.get('phone'));
  if (arrivedSignedIn) return <Navigate to={paths.home.path} replace />;
  return (
    <div className="kk-auth" data-testid="page-login">
      <AuthBrand />
      <h1 className="kk-auth__heading">{t('login.heading')}</h1>
      <p className="kk-auth__sub">{t('login.subheading')}</p>
      <Suspense fallback={<div className="kk-auth__form-pending" aria-busy="true" />}>
        <SmsLoginForm
          queryPhone={query.get('phone')}
          onLoggedIn={() => void navigate(afterLoginHref(query), { replace: true })}
        />
      </Suspense>
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

import { Suspense } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { afterLoginHref } from '../../config/paths.ts';
import { AuthBrand } from '../../features/auth/components/auth-brand.tsx';
import type { SmsLoginFormProps } from '../../features/auth/components/sms-login-form.tsx';
import { partnerLoginTexts } from '../../features/auth/partner-login-texts.ts';
import { getToken } from '../../lib/auth-session.ts';
import { useT } from '../../lib/i18n.ts';
import { lazyComponent } from '../../lib/lazy-chunk.ts';
import '../../features/auth/components/auth-forms.css';

const SmsLoginForm = lazyComponent<SmsLoginFormProps>(() =>
  import('../../features/auth/components/sms-login-form.tsx').then((m) => ({ default: m.SmsLoginForm })),
);

/**
 * OppoAuthLogin (spec sections 2 and 6): where the guard and a lost session send a visitor on the oppo channel. The
 * same SMS sign-in (new numbers register, with the consent), then straight back to the page the partner flow was on
 * (`redirect`), with the channel kept.
 */
export default function OppoAuthLoginPage() {
  const t = useT(partnerLoginTexts);
  const navigate = useNavigate();
  const [query] = useSearchParams();
  if (getToken()) return <Navigate to={afterLoginHref(query)} replace />;
  return (
    <div className="kk-auth" data-testid="page-oppo-login">
      <AuthBrand />
      <h1 className="kk-auth__heading">{t('partnerLogin.heading')}</h1>
      <p className="kk-auth__sub">{t('partnerLogin.sub')}</p>
      <Suspense fallback={<div className="kk-auth__form-pending" aria-busy="true" />}>
        <SmsLoginForm
          queryPhone={query.get('phone')}
          onLoggedIn={() => void navigate(afterLoginHref(query), { replace: true })}
        />
      </Suspense>
      <p className="kk-small kk-muted kk-center">{t('partnerLogin.partnerNote')}</p>
    </div>
  );
}

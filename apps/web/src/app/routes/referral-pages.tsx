import { Suspense, useEffect } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { normaliseReferralCode } from '@kaskita/domain/validation/referral-code';
import { paths } from '../../config/paths.ts';
import { AuthBrand } from '../../features/auth/components/auth-brand.tsx';
import type { SmsLoginFormProps } from '../../features/auth/components/sms-login-form.tsx';
import { ReferralCodeView } from '../../features/referral/components/referral-code-view.tsx';
import { ReferralInvite } from '../../features/referral/components/referral-invite.tsx';
import { getToken } from '../../lib/auth-session.ts';
import { LOCAL_KEYS } from '../../lib/storage-keys.ts';
import { local } from '../../lib/storage.ts';
import { lazyComponent } from '../../lib/lazy-chunk.ts';
import { RouteTopBar } from '../route-top-bar.tsx';
import '../../features/auth/components/auth-forms.css';

// One chunk for the referral pages (/third/referral/login, /third/referral/code).

const SmsLoginForm = lazyComponent<SmsLoginFormProps>(() =>
  import('../../features/auth/components/sms-login-form.tsx').then((m) => ({ default: m.SmsLoginForm })),
);

/**
 * /third/referral/login?ref=CODE: a friend's invitation (who invited is never shown), what KasKita is, and the SMS
 * sign-in (auth feature). The code is kept so the sign-in that registers the phone sends it (auth's
 * signUpAttribution); then home. A signed-in borrower has an account already: home.
 */
export function ThirdReferralLoginPage() {
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const code = normaliseReferralCode(query.get('ref'));
  useEffect(() => {
    if (code) local.set(LOCAL_KEYS.referralCode, code);
  }, [code]);
  if (getToken()) return <Navigate to={paths.home.path} replace />;
  return (
    <div className="kk-auth" data-testid="page-referral-login">
      <AuthBrand />
      <ReferralInvite validCode={code !== null} />
      <Suspense fallback={<div className="kk-auth__form-pending" aria-busy="true" />}>
        <SmsLoginForm
          queryPhone={query.get('phone')}
          onLoggedIn={() => void navigate(paths.home.path, { replace: true })}
        />
      </Suspense>
    </div>
  );
}

/** /third/referral/code (signed in): my code and link, friends joined, my coupons. */
export function ThirdReferralCodePage() {
  return (
    <>
      <RouteTopBar />
      <ReferralCodeView />
    </>
  );
}

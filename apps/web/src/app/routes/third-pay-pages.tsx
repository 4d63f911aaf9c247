import { Suspense } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { AuthBrand } from '../../features/auth/components/auth-brand.tsx';
import { OwnPhoneCodeButton } from '../../features/auth/components/own-phone-code-button.tsx';
import type { SmsLoginFormProps } from '../../features/auth/components/sms-login-form.tsx';
import { DealFailed, DealSuccess } from '../../features/commerce/components/deal-result.tsx';
import { NotAuthView } from '../../features/commerce/components/not-auth-view.tsx';
import { SetPayPinForm } from '../../features/commerce/components/set-pay-pin-form.tsx';
import { checkoutChoice, checkoutQuery } from '../../features/commerce/checkout-query.ts';
import { commerceTexts } from '../../features/commerce/commerce-texts.ts';
import { useUserStatus } from '../../features/home/api/get-user-status.ts';
import { getToken } from '../../lib/auth-session.ts';
import { useT } from '../../lib/i18n.ts';
import { lazyComponent } from '../../lib/lazy-chunk.ts';
import { WithChoice } from './third-pay-choice.tsx';
import '../../features/auth/components/auth-forms.css';

// One chunk for the checkout's other pages (sign-in, the PIN, not-auth, the results): the order page and the download
// page, which a buyer may open first, are chunks of their own.

const SmsLoginForm = lazyComponent<SmsLoginFormProps>(() =>
  import('../../features/auth/components/sms-login-form.tsx').then((m) => ({ default: m.SmsLoginForm })),
);

/**
 * /third/pay/sign-in: the sign-in's SMS form (auth feature, with the login consent), back to the order with the
 * query it came with. New numbers register here, as on the login page.
 */
export function ThirdPaySignInPage() {
  const t = useT(commerceTexts);
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const choice = checkoutChoice(query);
  const order = choice ? paths.thirdPayOrder.href(checkoutQuery(choice)) : paths.home.path;
  if (getToken()) return <Navigate to={order} replace />;
  return (
    <div className="kk-auth" data-testid="page-pay-sign-in">
      <AuthBrand />
      <h1 className="kk-auth__heading">{t('paySignIn.heading')}</h1>
      <p className="kk-auth__sub">{t('paySignIn.sub')}</p>
      <Suspense fallback={<div className="kk-auth__form-pending" aria-busy="true" />}>
        <SmsLoginForm
          queryPhone={query.get('phone')}
          onLoggedIn={() => void navigate(order, { replace: true })}
        />
      </Suspense>
    </div>
  );
}

/** /third/pay/set-passwd: the PIN with the sign-in's send-code button (auth feature); then back to the order. */
export function ThirdPaySetPasswdPage() {
  const navigate = useNavigate();
  return (
    <WithChoice>
      {(choice) => (
        <SetPayPinForm
          SendCodeButton={OwnPhoneCodeButton}
          onSaved={() => void navigate(paths.thirdPayOrder.href(checkoutQuery(choice)), { replace: true })}
        />
      )}
    </WithChoice>
  );
}

/** /third/pay/status/not-auth: verification goes through the home, which sends the borrower to the next step. */
export function ThirdPayNotAuthPage() {
  const navigate = useNavigate();
  const status = useUserStatus();
  return (
    <WithChoice>
      {(choice) => (
        <NotAuthView
          choice={choice}
          verify={status.data?.verify}
          onVerify={() => void navigate(paths.home.path)}
        />
      )}
    </WithChoice>
  );
}

export function ThirdDealSuccessPage() {
  return <WithChoice>{(choice) => <DealSuccess signKey={choice.sign_key} />}</WithChoice>;
}

export function ThirdDealFailedPage() {
  const [query] = useSearchParams();
  const code = Number(query.get('code'));
  return (
    <WithChoice>
      {(choice) => <DealFailed choice={choice} code={Number.isInteger(code) && code > 0 ? code : null} />}
    </WithChoice>
  );
}

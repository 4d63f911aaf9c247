import { useEffect } from 'react';
import { Link } from 'react-router';
import { VERIFY } from '@kaskita/domain/contract/user-states';
import { paths } from '../../../config/paths.ts';
import { useLocale, useT } from '../../../lib/i18n.ts';
import { useCheckoutOrder } from '../api/get-checkout.ts';
import { checkoutQuery, type CheckoutChoice } from '../checkout-query.ts';
import { rememberCheckout } from '../checkout-return.ts';
import { commerceTexts } from '../commerce-texts.ts';
import { localTime } from '../local-time.ts';
import { BackToShop } from './back-to-shop.tsx';
import './commerce.css';

/**
 * /third/pay/status/not-auth: a signed-in buyer without an approved limit. Says why, what verification takes, and that
 * the order waits; under review or refused, says that instead of offering a verification that cannot help. The way
 * back to the order is kept by the route (`onVerify`).
 */
export function NotAuthView({
  choice,
  verify,
  onVerify,
}: {
  choice: CheckoutChoice;
  /** The borrower's `verify` (the home's status, given by the route). */
  verify: number | undefined;
  onVerify: () => void;
}) {
  const t = useT(commerceTexts);
  const locale = useLocale();
  const order = useCheckoutOrder(choice.sign_key, true);
  const merchant = order.data?.merchant_name ?? '';
  const unpaid = order.data?.status === 'unpaid' ? order.data : null;
  // Verification goes through the home: it offers the way back here until the order's link expires.
  useEffect(() => {
    if (unpaid)
      rememberCheckout({
        href: paths.thirdPayOrder.href(checkoutQuery(choice)),
        merchant: unpaid.merchant_name,
        expires_at: unpaid.expires_at,
      });
  }, [unpaid, choice]);
  return (
    <div className="kk-content kk-checkout" data-testid="page-pay-not-auth">
      <section className="kk-card">
        <h1 className="kk-checkout__heading">{t('notAuth.heading')}</h1>
        {verify === VERIFY.AUDITING ? (
          <p data-testid="not-auth-reason">{t('notAuth.status_auditing')}</p>
        ) : verify === VERIFY.REJECTED ? (
          <p data-testid="not-auth-reason">{t('notAuth.status_rejected')}</p>
        ) : (
          <>
            <p data-testid="not-auth-reason">{t('notAuth.body', { merchant })}</p>
            {unpaid ? (
              <p className="kk-small kk-muted">
                {t('notAuth.keep', { time: localTime(unpaid.expires_at, locale) })}
              </p>
            ) : null}
          </>
        )}
      </section>
      <div className="kk-checkout__actions">
        {verify === VERIFY.UNAUDITED || verify === undefined ? (
          <button
            type="button"
            className="kk-btn kk-btn--primary kk-btn--block"
            data-testid="not-auth-verify"
            onClick={onVerify}
          >
            {t('notAuth.verify')}
          </button>
        ) : null}
        <Link className="kk-btn kk-btn--ghost kk-btn--block" to={paths.thirdPayDownload.path}>
          {t('notAuth.app')}
        </Link>
        {order.data ? <BackToShop order={order.data} /> : null}
      </div>
    </div>
  );
}

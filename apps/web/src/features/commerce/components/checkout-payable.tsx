import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { CommerceOrderView, CommercePlan } from '@kaskita/domain/contract/commerce';
import { formatRupiah } from '@kaskita/domain/money/rupiah';
import { paths } from '../../../config/paths.ts';
import { useT } from '../../../lib/i18n.ts';
import { useSafeNavigate } from '../../../lib/use-safe-navigate.ts';
import { useCheckoutPlans, useRepayPreview } from '../api/get-checkout.ts';
import { checkoutQuery, type CheckoutChoice } from '../checkout-query.ts';
import { checkoutTexts } from '../checkout-texts.ts';
import { BackToShop } from './back-to-shop.tsx';
import { CheckoutIntro, CheckoutRefused } from './checkout-parts.tsx';
import { CheckoutSummary } from './checkout-summary.tsx';
import { CouponChoice } from './coupon-choice.tsx';
import { PlanChoice } from './plan-choice.tsx';
import { PlanSchedule } from './plan-schedule.tsx';

// The checkout once its order is there (checkout-order.tsx loads it beside the first frame).

/**
 * The PIN sheet (antd-mobile's popup, the purchase call, the error catalogue) is its own chunk: a visitor never opens
 * it, and the checkout is the first page a shop's buyer loads. A borrower who can pay starts fetching it at once.
 */
const loadPinSheet = () => import('./pay-pin-sheet.tsx');
const PayPinSheet = lazy(() => loadPinSheet().then((m) => ({ default: m.PayPinSheet })));

export function PayableCheckout({
  order,
  choice,
  signedIn,
  onChoose,
}: {
  order: CommerceOrderView;
  choice: CheckoutChoice;
  signedIn: boolean;
  /** Keeps a new plan or coupon in the address (checkout-order.tsx). */
  onChoose: (choice: CheckoutChoice) => void;
}) {
  const t = useT(checkoutTexts);
  const plans = useCheckoutPlans(choice.sign_key, signedIn);
  const list = plans.data?.list ?? [];
  const plan: CommercePlan | undefined = list.find((p) => p.pid === choice.product_id) ?? list[0];
  const coupons = plan ? order.coupons.filter((c) => c.plans.includes(plan.pid)) : [];
  // A coupon of another plan is dropped when the plan changes, never sent with one it does not fit.
  const couponId = coupons.some((c) => c.id === choice.coupon_id) ? choice.coupon_id : undefined;
  const preview = useRepayPreview(
    plan ? { amount: order.amount, pid: plan.pid, coupon_id: couponId } : null,
    signedIn,
  );
  const navigate = useSafeNavigate();
  const [pinOpen, setPinOpen] = useState(false);
  useEffect(() => {
    if (signedIn && order.pay_pin_set) void loadPinSheet().catch(() => undefined);
  }, [signedIn, order.pay_pin_set]);
  const overLimit = order.available_amount !== null && order.available_amount < order.amount;
  // The limit and the buttons come once the plans and their price are shown (or failed): appearing above them, those
  // would push the buttons down under a finger about to tap (a layout shift of 0.17 in Lighthouse's slow 4G).
  const settled = plans.isError || (plan !== undefined && (preview.data !== undefined || preview.isError));
  const chosen = { sign_key: choice.sign_key, product_id: plan?.pid, coupon_id: couponId };

  return (
    <div className="kk-content kk-checkout" data-testid="page-checkout">
      <CheckoutIntro />
      <CheckoutSummary order={order} />
      {!signedIn ? <p className="kk-checkout__offer">{t('pay.visitorOffer')}</p> : null}
      {plans.isError ? (
        <CheckoutRefused error={plans.error} onRetry={() => void plans.refetch()} />
      ) : !plan ? (
        <p className="kk-muted kk-center" aria-busy="true">
          {t('common.loading')}
        </p>
      ) : (
        <>
          <PlanChoice
            plans={list}
            value={plan.pid}
            onChange={(pid) => onChoose({ ...choice, product_id: pid })}
          />
          <CouponChoice
            coupons={coupons}
            value={couponId}
            onChange={(id) => onChoose({ ...chosen, coupon_id: id })}
          />
          {preview.data ? (
            <PlanSchedule preview={preview.data} pending={preview.isPlaceholderData} />
          ) : preview.isError ? (
            <CheckoutRefused error={preview.error} onRetry={() => void preview.refetch()} />
          ) : (
            <p className="kk-muted kk-center" aria-busy="true">
              {t('pay.pricing')}
            </p>
          )}
        </>
      )}
      {!settled ? null : (
        <>
          {order.available_amount !== null ? (
            <p className={overLimit ? 'kk-checkout__limit kk-checkout__limit--short' : 'kk-checkout__limit'}>
              {overLimit
                ? t('pay.overLimit', { amount: formatRupiah(order.available_amount) })
                : t('pay.available', { amount: formatRupiah(order.available_amount) })}
            </p>
          ) : null}
          <div className="kk-checkout__actions">
            {signedIn ? (
              <button
                type="button"
                className="kk-btn kk-btn--primary kk-btn--block"
                data-testid="checkout-pay"
                disabled={!plan || !preview.data || preview.isPlaceholderData || overLimit}
                onClick={() =>
                  // No PIN yet: it is set first (with an SMS code), then the buyer comes back here to confirm.
                  order.pay_pin_set
                    ? setPinOpen(true)
                    : navigate(paths.thirdPaySetPasswd.href(checkoutQuery(chosen)))
                }
              >
                {t('pay.payNow', { amount: formatRupiah(order.amount) })}
              </button>
            ) : (
              <>
                <Link
                  className="kk-btn kk-btn--primary kk-btn--block"
                  data-testid="checkout-sign-in"
                  to={paths.thirdPaySignIn.href(checkoutQuery(chosen))}
                >
                  {t('pay.signInToPay')}
                </Link>
                <p className="kk-small kk-muted kk-center">{t('pay.signInHint')}</p>
              </>
            )}
            <BackToShop order={order} />
          </div>
        </>
      )}
      {plan && pinOpen ? (
        <Suspense fallback={null}>
          <PayPinSheet
            order={order}
            choice={{ ...chosen, product_id: plan.pid }}
            onClose={() => setPinOpen(false)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

export function CheckoutClosed({ order }: { order: CommerceOrderView }) {
  const t = useT(checkoutTexts);
  return (
    <div className="kk-content kk-checkout" data-testid="checkout-closed">
      <CheckoutSummary order={order} />
      <p className="kk-card" role="status" data-testid="checkout-closed-reason">
        {/* A refunded order was paid first: the shop's refund is for the borrower's loan, not this page. */}
        {order.status === 'cancelled' ? t('pay.cancelled') : t('pay.paid')}
      </p>
      <BackToShop order={order} />
    </div>
  );
}

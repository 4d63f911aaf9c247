import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, Navigate } from 'react-router';
import type { CommerceOrderView, CommercePlan } from '@kaskita/domain/contract/commerce';
import { VERIFY } from '@kaskita/domain/contract/user-states';
import { formatRupiah } from '@kaskita/domain/money/rupiah';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n.ts';
import { useSafeNavigate } from '../../../lib/use-safe-navigate.ts';
import { useCheckoutOrder, useCheckoutPlans, useRepayPreview } from '../api/get-checkout.ts';
import { checkoutQuery, type CheckoutChoice } from '../checkout-query.ts';
import { commerceTexts } from '../commerce-texts.ts';
import { CheckoutSummary } from './checkout-summary.tsx';
import { CouponChoice } from './coupon-choice.tsx';
import { PlanChoice } from './plan-choice.tsx';
import { PlanSchedule } from './plan-schedule.tsx';
import './commerce.css';

/**
 * The PIN sheet (antd-mobile's popup, the purchase call, the error catalogue) is its own chunk: a visitor never opens
 * it, and the checkout is the first page a shop's buyer loads. A borrower who can pay starts fetching it at once.
 */
const loadPinSheet = () => import('./pay-pin-sheet.tsx');
const PayPinSheet = lazy(() => loadPinSheet().then((m) => ({ default: m.PayPinSheet })));

type Props = {
  choice: CheckoutChoice;
  signedIn: boolean;
  /** The signed-in borrower's `verify` (the home's status, given by the route); undefined while it loads. */
  verify: number | undefined;
  /** Keeps a new plan or coupon in the address (replacing it), so a reload or a sign-in comes back to it. */
  onChoose: (choice: CheckoutChoice) => void;
};

/**
 * /third/pay/order (spec section 7's commerce calls): the shop's order, its pay-later plans priced by the loan engine,
 * the coupons valid for the chosen plan, and the whole cost, before anything is asked. A visitor sees the
 * free-interest offer and signs in to pay; a borrower without an approved limit is sent to get one; a borrower with
 * one confirms with the payment PIN (set first if there is none).
 */
export function CheckoutOrder({ choice, signedIn, verify, onChoose }: Props) {
  const t = useT(commerceTexts);
  const order = useCheckoutOrder(choice.sign_key, signedIn);
  // The plans are asked for with the order, not after it arrives: one round trip less on a slow line.
  useCheckoutPlans(choice.sign_key, signedIn);
  if (signedIn && verify !== undefined && verify !== VERIFY.APPROVED)
    return <Navigate to={paths.thirdPayNotAuth.href(checkoutQuery(choice))} replace />;
  if (!order.data)
    return order.isError ? (
      <CheckoutRefused error={order.error} onRetry={() => void order.refetch()} />
    ) : (
      // The frame the page is prerendered with (src/prerender.tsx): what this page is, while the order loads.
      <div className="kk-content kk-checkout">
        <CheckoutIntro />
        <p className="kk-muted kk-center" aria-busy="true" data-testid="checkout-loading">
          {t('common.loading')}
        </p>
      </div>
    );
  if (order.data.status !== 'unpaid') return <CheckoutClosed order={order.data} />;
  return <PayableCheckout order={order.data} choice={choice} signedIn={signedIn} onChoose={onChoose} />;
}

function PayableCheckout({
  order,
  choice,
  signedIn,
  onChoose,
}: {
  order: CommerceOrderView;
  choice: CheckoutChoice;
  signedIn: boolean;
  onChoose: Props['onChoose'];
}) {
  const t = useT(commerceTexts);
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

/**
 * What the page is, in the place it keeps from the first paint to the priced plans: a buyer on a slow line reads it
 * while the order loads, and nothing above it arrives later to push it down.
 */
function CheckoutIntro() {
  const t = useT(commerceTexts);
  return (
    <p className="kk-checkout__intro" data-testid="checkout-intro">
      {t('pay.intro')}
    </p>
  );
}

/** The way back to the shop: its return address, which the server accepted from the merchant's configuration. */
export function BackToShop({
  order,
  primary = false,
}: {
  order: Pick<CommerceOrderView, 'return_url' | 'merchant_name'>;
  /** After the purchase, going back to the shop is the next step. */
  primary?: boolean;
}) {
  const t = useT(commerceTexts);
  return (
    <a
      className={`kk-btn kk-btn--block ${primary ? 'kk-btn--primary' : 'kk-btn--link'}`}
      href={order.return_url}
      data-testid="checkout-back-to-shop"
    >
      {t('pay.back', { merchant: order.merchant_name })}
    </a>
  );
}

function CheckoutClosed({ order }: { order: CommerceOrderView }) {
  const t = useT(commerceTexts);
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

/** A refusal of the checkout (not found, expired, another shop's) said on the page, with a retry for a failed load. */
function CheckoutRefused({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = useT(commerceTexts);
  const refused = error instanceof ApiError && error.kind === 'server';
  return (
    <div className="kk-status-page" role="alert" data-testid="checkout-refused">
      <p>{refused ? error.message : t('pay.loadFailed')}</p>
      {refused ? null : (
        <button type="button" className="kk-btn kk-btn--primary" onClick={onRetry}>
          {t('pay.retry')}
        </button>
      )}
    </div>
  );
}

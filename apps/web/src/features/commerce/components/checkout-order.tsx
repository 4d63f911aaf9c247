import { lazy, Suspense } from 'react';
import { Navigate } from 'react-router';
import { VERIFY } from '@kaskita/domain/contract/user-states';
import { paths } from '../../../config/paths.ts';
import { useT } from '../../../lib/i18n.ts';
import { useCheckoutOrder, useCheckoutPlans } from '../api/get-checkout.ts';
import { checkoutQuery, type CheckoutChoice } from '../checkout-query.ts';
import { checkoutTexts } from '../checkout-texts.ts';
import { CheckoutIntro, CheckoutRefused } from './checkout-parts.tsx';
import './commerce.css';

/**
 * Everything after the first frame (the order, its plans, coupons, schedule and buttons) is its own chunk, started
 * with this one (the prerendered page's boot script preloads it): the first frame a shop's buyer sees needs none of
 * it, and the order's answer takes longer than the chunk on a slow line.
 */
const loadPayable = () => import('./checkout-payable.tsx');
void loadPayable().catch(() => undefined);
const PayableCheckout = lazy(() => loadPayable().then((m) => ({ default: m.PayableCheckout })));
const CheckoutClosed = lazy(() => loadPayable().then((m) => ({ default: m.CheckoutClosed })));

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
  const order = useCheckoutOrder(choice.sign_key, signedIn);
  // The plans are asked for with the order, not after it arrives: one round trip less on a slow line.
  useCheckoutPlans(choice.sign_key, signedIn);
  if (signedIn && verify !== undefined && verify !== VERIFY.APPROVED)
    return <Navigate to={paths.thirdPayNotAuth.href(checkoutQuery(choice))} replace />;
  if (!order.data)
    return order.isError ? (
      <CheckoutRefused error={order.error} onRetry={() => void order.refetch()} />
    ) : (
      <LoadingFrame />
    );
  return (
    <Suspense fallback={<LoadingFrame />}>
      {order.data.status !== 'unpaid' ? (
        <CheckoutClosed order={order.data} />
      ) : (
        <PayableCheckout order={order.data} choice={choice} signedIn={signedIn} onChoose={onChoose} />
      )}
    </Suspense>
  );
}

/** The frame the page is prerendered with (src/prerender.tsx): what this page is, while the order loads. */
function LoadingFrame() {
  const t = useT(checkoutTexts);
  return (
    <div className="kk-content kk-checkout">
      <CheckoutIntro />
      <p className="kk-muted kk-center" aria-busy="true" data-testid="checkout-loading">
        {t('common.loading')}
      </p>
    </div>
  );
}

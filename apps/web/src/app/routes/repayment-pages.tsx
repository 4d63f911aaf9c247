import { Suspense, type ComponentType } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { BILL_STATUS } from '@kaskita/domain/contract/user-states';
import { TopBar } from '../../components/top-bar.tsx';
import { useLimitAmount } from '../../features/application/api/application-api.ts';
import { useCurrentOrder } from '../../features/loans/api/get-current-order.ts';
import { CoolingOffCard } from '../../features/loans/components/cancel-order-button.tsx';
import { OrderSummary } from '../../features/loans/components/order-summary.tsx';
import { BillList } from '../../features/repayments/components/bill-list.tsx';
import { BillsTable } from '../../features/repayments/components/bills-table.tsx';
import {
  LoanAwaitView,
  LoanDetail,
  LoanFailedView,
} from '../../features/repayments/components/loan-detail.tsx';
import { LoanHistory } from '../../features/repayments/components/loan-history.tsx';
import { PayBackMethods } from '../../features/repayments/components/pay-back-methods.tsx';
import { PayBackView } from '../../features/repayments/components/pay-back-view.tsx';
import { PAYMENT_CLAIM_QUERY } from '../../features/repayments/components/payment-claim-link.tsx';
import { Loading } from '../../features/repayments/components/repayment-parts.tsx';
import { RepaymentHistory } from '../../features/repayments/components/repayment-history.tsx';
import { repaymentsTexts } from '../../features/repayments/repayments-texts.ts';
import { useT } from '../../lib/i18n.ts';
import { lazyComponent } from '../../lib/lazy-chunk.ts';
import { RouteTopBar } from '../route-top-bar.tsx';

// One chunk for bills, repayment, flexible repayment and the loan and repayment histories: a borrower repaying moves
// between them (a bill, its code, the receipt, the history), and none of it reaches a first paint.

// "Paid but not credited?" is its own chunk: its form (react-hook-form, the resolver, the validation messages) weighs
// ~20 kB gzip, which every visit to the bills would otherwise download for a page few open.
const PaymentClaimView = lazyComponent<object>(() =>
  import('../../features/repayments/components/payment-claim-view.tsx').then((m) => ({
    default: m.PaymentClaimView,
  })),
);

// Flexible repayment is its own chunk too: its date field (antd-mobile's DatePicker with dayjs and lodash's debounce,
// ~10 kB gzip) would otherwise ride on every visit to the bills and to pay-back (issue 23).
const loadFlexible = () => import('../../features/repayments/components/flexible-repayment.tsx');
const FlexibleRepayment = lazyComponent<object>(() =>
  loadFlexible().then((m) => ({ default: m.FlexibleRepayment })),
);
const FlexibleIntroduce = lazyComponent<object>(() =>
  loadFlexible().then((m) => ({ default: m.FlexibleIntroduce })),
);

/** /bill: a tab root, so a title and no back button; with `?claim=1`, "paid but not credited?" with a way back. */
function BillPage() {
  const t = useT(repaymentsTexts);
  const [search] = useSearchParams();
  if (search.has(PAYMENT_CLAIM_QUERY))
    return (
      <>
        <TopBar title={t('repayment.claimTitle')} />
        <Suspense fallback={<Loading />}>
          <PaymentClaimView />
        </Suspense>
      </>
    );
  return (
    <>
      <TopBar title={t('title.bill')} showBack={false} />
      <BillList />
    </>
  );
}

/** /home/pay-back: the repayments feature's page, with what the borrower may still borrow (the application's limit). */
function PayBackPage() {
  const limit = useLimitAmount();
  return <PayBackView available={limit.data?.available_amount ?? null} />;
}

/** A page under the route's top bar (its title from the route table, back one page). */
const withTopBar = (Page: ComponentType) =>
  function PageWithTopBar() {
    return (
      <>
        <RouteTopBar />
        <Page />
      </>
    );
  };

/**
 * A page opened from home (the bills, a payment code) in the profile steps' frame: the route's top bar, then the page
 * in the padded content column, without the home frame's banner and store links.
 */
const withStepFrame = (Page: ComponentType) =>
  function PageInStepFrame() {
    return (
      <>
        <RouteTopBar />
        <div className="kk-content">
          <Page />
        </div>
      </>
    );
  };

const PayBackDetailPage = withStepFrame(BillsTable);
const PayBackMethodsPage = withStepFrame(PayBackMethods);
/** A page of its own chunk under the route's top bar, which shows while the chunk arrives. */
const withTopBarLazy = (Page: ComponentType) =>
  withTopBar(function LazyPage() {
    return (
      <Suspense fallback={<Loading />}>
        <Page />
      </Suspense>
    );
  });

const FlexibleRepaymentPage = withTopBarLazy(FlexibleRepayment);
const FlexibleRepaymentIntroducePage = withTopBarLazy(FlexibleIntroduce);
const RepaymentHistoryPage = withTopBar(RepaymentHistory);
const LoanHistoryPage = withTopBar(LoanHistory);

const LoanDetailPage = withTopBar(function LoanDetailOfStatus() {
  const { status } = useParams();
  return <LoanDetail status={status} />;
});

/** /me/loan-failed: the history's loan, with why the bank refused it (the loans feature's open order). */
const LoanFailedPage = withTopBar(function LoanFailed() {
  const order = useCurrentOrder().data?.order;
  return (
    <LoanFailedView
      failure={
        order?.bill_status === BILL_STATUS.FAILED
          ? { orderId: order.order_id, text: order.failure_text }
          : null
      }
    />
  );
});

/** /me/loan-await: the history's loan, with the loans feature's order summary and its free cancellation. */
const LoanAwaitPage = withTopBar(function LoanAwait() {
  return <LoanAwaitView order={(orderId) => <AwaitingOrder orderId={orderId} />} />;
});

function AwaitingOrder({ orderId }: { orderId: string }) {
  const order = useCurrentOrder().data?.order;
  if (!order || order.order_id !== orderId || order.bill_status !== BILL_STATUS.LOANING) return null;
  return (
    <>
      <section className="kk-card">
        <OrderSummary order={order} firstDue />
      </section>
      {/* The cancellation itself reads the loan's history again (LOAN_ORDER_CHANGES). */}
      {order.can_cancel ? <CoolingOffCard orderId={order.order_id} /> : null}
    </>
  );
}

/** The pages by their route's name (config/paths.ts): the route table finds each by it. */
export {
  BillPage as Bill,
  PayBackPage as HomePayBack,
  PayBackDetailPage as HomePayBackDetail,
  PayBackMethodsPage as HomePayBackMethods,
  FlexibleRepaymentPage as FlexibleRepayment,
  FlexibleRepaymentIntroducePage as FlexibleRepaymentIntroduce,
  RepaymentHistoryPage as MeRepaymentHistory,
  LoanHistoryPage as MeLoanHistory,
  LoanDetailPage as MeLoanHistoryDetail,
  LoanFailedPage as MeLoanHistroyFailed,
  LoanAwaitPage as MeLoanHistoryAwait,
};

import { Link, useSearchParams } from 'react-router';
import { ApprovedHome } from '../../features/application/components/approved-home.tsx';
import { bankCardsQueryOptions } from '../../features/bank-cards/api/get-bank-cards.ts';
import { BorrowForm } from '../../features/loans/components/borrow-form.tsx';
import { BorrowingPlan } from '../../features/loans/components/borrowing-plan.tsx';
import { LoanFailedDialog } from '../../features/loans/components/loan-failed-dialog.tsx';
import { LoanSuccessView } from '../../features/loans/components/loan-success-view.tsx';
import { LoaningView } from '../../features/loans/components/loaning-view.tsx';
import { SignedAgreement } from '../../features/loans/components/signed-agreement.tsx';
import { planParamsFrom } from '../../features/loans/plan-params.ts';
import { paths } from '../../config/paths.ts';
import { useT } from '../../lib/i18n.ts';
import { RouteTopBar } from '../route-top-bar.tsx';
import { loansTexts } from '../../features/loans/loans-texts.ts';
import { CheckoutReturnCard } from '../../features/commerce/components/checkout-return-card.tsx';
import { PinConfirmationProvider } from '../../features/commerce/components/pin-confirmation-provider.tsx';

// One chunk for borrowing and disbursement (loan-product form, plan and agreement, success, loaning): they
// follow each other, and none of it reaches a first paint.

/** The limit, then the borrowing form; the failure modal over it when the last disbursement failed (bill_status 4). */
/** The approved home: an order left at a shop's checkout to get this limit comes first (commerce feature). */
export const LoanProductPage = () => (
  <>
    <CheckoutReturnCard />
    <ApprovedHome borrowLink={false} />
    <BorrowForm />
    <PinConfirmationProvider>
      <LoanFailedDialog bankCards={bankCardsQueryOptions()} />
    </PinConfirmationProvider>
  </>
);

export function BorrowingPlanPage() {
  const t = useT(loansTexts);
  const [search] = useSearchParams();
  const params = planParamsFrom(search);
  if (!params)
    return (
      <div className="kk-status-page" data-testid="plan-incomplete">
        <p>{t('loan.plan.incomplete')}</p>
        <Link className="kk-btn kk-btn--primary" to={paths.homeLoanProduct.path}>
          {t('loan.plan.change')}
        </Link>
      </div>
    );
  // The order is confirmed with the payment PIN once the borrower has set one (commerce feature).
  return (
    <PinConfirmationProvider>
      <BorrowingPlan params={params} />
    </PinConfirmationProvider>
  );
}

export const LoanSuccessPage = () => (
  <>
    <RouteTopBar />
    <LoanSuccessView />
  </>
);

export const LoaningPage = LoaningView;

/** /me/loan-agreement?order_id=: the agreement the borrower accepted, to read and download. */
export function SignedAgreementPage() {
  const [search] = useSearchParams();
  return <SignedAgreement orderId={search.get('order_id') ?? ''} />;
}

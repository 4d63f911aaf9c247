import { Link } from 'react-router';
import type { PaymentClaimView } from '@kaskita/domain/contract/payment-claims';
import { formatDisplayDate } from '@kaskita/domain/pricing/business-date';
import { SupportLink } from '../../../components/support-link.tsx';
import { paths } from '../../../config/paths.ts';
import { useT } from '../../../lib/i18n.ts';
import { usePaymentClaims } from '../api/get-payment-claims.ts';
import { rp } from '../repayment-format.ts';
import { repaymentsTexts, type RepaymentTextKey } from '../repayments-texts.ts';
import { formatWib } from '../../../lib/wib-time.ts';

const STATUS: Record<
  PaymentClaimView['status'],
  { label: RepaymentTextKey; why: RepaymentTextKey; badge: 'review' | 'paid' | 'overdue' }
> = {
  open: { label: 'repayment.claimOpen', why: 'repayment.claimOpenWhy', badge: 'review' },
  matched: { label: 'repayment.claimMatched', why: 'repayment.claimMatchedWhy', badge: 'review' },
  credited: { label: 'repayment.claimCredited', why: 'repayment.claimCreditedWhy', badge: 'paid' },
  rejected: { label: 'repayment.claimRejected', why: 'repayment.claimRejectedWhy', badge: 'overdue' },
};

/** A claim's status as a small label. */
export function ClaimStatus({ claim }: { claim: PaymentClaimView }) {
  const t = useT(repaymentsTexts);
  const status = STATUS[claim.status];
  return (
    <span className={`kk-repay__badge kk-repay__badge--${status.badge}`} data-testid="claim-status">
      {t(status.label)}
    </span>
  );
}

/** What a status means for the borrower, and what comes next (the day an answer is due, or the receipt). */
export function ClaimExplanation({ claim }: { claim: PaymentClaimView }) {
  const t = useT(repaymentsTexts);
  return (
    <p className="kk-small kk-repay__claim-why" data-testid="claim-why">
      {t(STATUS[claim.status].why, { date: formatDisplayDate(claim.answer_by) })}
      {claim.status === 'rejected' && claim.answer ? (
        <>
          {' '}
          <span data-testid="claim-answer">{claim.answer}</span>
        </>
      ) : null}
      {claim.status === 'rejected' ? (
        <>
          {' '}
          <SupportLink category="payment" orderId={claim.order_id ?? undefined} testId="claim-support" />
        </>
      ) : null}
      {claim.status === 'credited' ? (
        <>
          {' '}
          <Link to={paths.meRepaymentHistory.path} data-testid="claim-receipt">
            {t('repayment.claimSeeReceipt')}
          </Link>
        </>
      ) : null}
    </p>
  );
}

/**
 * The borrower's "paid but not credited?" reports (GET /v1/order/payment_claims), each with its case number, status
 * and what it means. Nothing at all while there are none, or when they could not be loaded: the page around it
 * stands on its own.
 */
export function PaymentClaimsList({ className = 'kk-card' }: { className?: string }) {
  const t = useT(repaymentsTexts);
  const list = usePaymentClaims().data?.list ?? [];
  if (list.length === 0) return null;
  return (
    <section className={className} data-testid="payment-claims">
      <h2 className="kk-repay__title">{t('repayment.claimsTitle')}</h2>
      <ul className="kk-repay__claims">
        {list.map((claim) => (
          <li key={claim.claim_id} data-testid="payment-claim" data-status={claim.status}>
            <div className="kk-repay__record-head">
              <strong data-testid="claim-case">{claim.case_number}</strong>
              <ClaimStatus claim={claim} />
            </div>
            <p className="kk-small kk-muted kk-repay__record-meta">
              {rp(claim.amount)} · {claim.channel_name} · {formatWib(claim.paid_at)}
            </p>
            <ClaimExplanation claim={claim} />
          </li>
        ))}
      </ul>
    </section>
  );
}

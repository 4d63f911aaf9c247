import type { RepayRecord } from '@kaskita/domain/contract/repayments';
import { useT } from '../../../lib/i18n.ts';
import { useAchievementEvent } from '../achievement.ts';
import { useRepayRecords } from '../api/get-repay-records.ts';
import { rp } from '../repayment-format.ts';
import { repaymentsTexts } from '../repayments-texts.ts';
import { PaymentClaimsList } from './payment-claims-list.tsx';
import { Receipt } from './payment-code-view.tsx';
import { RefundsCard } from './refunds-card.tsx';
import { EmptyState, LoadFailed, Loading } from './repayment-parts.tsx';
import { formatWib } from '../../../lib/wib-time.ts';

/** A receipt's status in words: applied, being checked, or being (or already) sent back to the borrower's bank. */
const RECORD_STATUS = {
  applied: 'repayment.recordApplied',
  review: 'repayment.recordReview',
  returning: 'repayment.recordReturning',
  returned: 'repayment.recordReturned',
} as const satisfies Record<RepayRecord['status'], string>;

/**
 * /me/repayment-history (GET /v1/order/repay_record): every payment received, newest first, each with its receipt. A
 * payment in 'review' (late, unknown or more than owed) says it was received and is being checked by our team. The
 * achievement event (spec section 4) is sent once the receipts are known.
 */
export function RepaymentHistory() {
  const t = useT(repaymentsTexts);
  const records = useRepayRecords();
  useAchievementEvent(records.data?.list);
  if (records.isError && !records.data) return <LoadFailed onRetry={() => void records.refetch()} />;
  if (!records.data) return <Loading />;
  const list = records.data.list;
  // The reports of payments that did not arrive come first: they are what a worried borrower looks for.
  if (list.length === 0)
    return (
      <>
        <PaymentClaimsList className="kk-card kk-repay kk-repay__claims-card" />
        <RefundsCard />
        <EmptyState testId="records-empty" title={t('repayment.recordsEmpty')} />
      </>
    );
  return (
    <>
      <PaymentClaimsList className="kk-card kk-repay kk-repay__claims-card" />
      <RefundsCard />
      <ul className="kk-content kk-repay kk-repay__records" data-testid="page-repayment-history">
        {list.map((record) => (
          <li key={record.payment_id} className="kk-card" data-testid="record" data-status={record.status}>
            <div className="kk-repay__record-head">
              <strong className="kk-repay__record-amount" data-testid="record-amount">
                {rp(record.amount)}
              </strong>
              <span
                className={`kk-repay__badge kk-repay__badge--${record.status === 'applied' ? 'paid' : 'review'}`}
                data-testid="record-status"
              >
                {t(RECORD_STATUS[record.status])}
              </span>
            </div>
            <p className="kk-small kk-muted kk-repay__record-meta">
              {formatWib(record.paid_at)} · {record.channel_name}
              {record.bills_paid.length > 0
                ? ` · ${t('repayment.billsList', { list: record.bills_paid.join(', ') })}`
                : ''}
            </p>
            {record.status === 'review' ? (
              <p className="kk-small kk-repay__review" data-testid="record-review">
                {t('repayment.recordReviewWhy')}
              </p>
            ) : null}
            <details className="kk-repay__details">
              <summary>{t('repayment.receipt')}</summary>
              <Receipt record={record} />
            </details>
          </li>
        ))}
      </ul>
    </>
  );
}

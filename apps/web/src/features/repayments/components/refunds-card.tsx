import { useT } from '../../../lib/i18n.ts';
import { useRefunds } from '../api/get-refunds.ts';
import { rp } from '../repayment-format.ts';
import { repaymentsTexts } from '../repayments-texts.ts';
import { formatWib } from '../../../lib/wib-time.ts';

/**
 * Money left over (GET /v1/order/refunds): credit still held for the borrower and each refund of it with its state.
 * Nothing at all when there is neither (most borrowers), and nothing while loading: the receipts below matter more.
 */
export function RefundsCard() {
  const t = useT(repaymentsTexts);
  const refunds = useRefunds();
  const data = refunds.data;
  if (!data || (data.held === 0 && data.list.length === 0)) return null;
  return (
    <section className="kk-card kk-repay" data-testid="refunds">
      <h2 className="kk-repay__record-amount">{t('repayment.refundsTitle')}</h2>
      {data.held > 0 ? (
        <p data-testid="refunds-held">{t('repayment.refundsHeld', { amount: rp(data.held) })}</p>
      ) : null}
      <ul className="kk-repay__records">
        {data.list.map((refund) => (
          <li key={refund.id} data-testid="refund" data-state={refund.state}>
            <div className="kk-repay__record-head">
              <strong data-testid="refund-amount">{rp(refund.amount)}</strong>
              {refund.payment_id ? <span className="kk-small">{t('repayment.refundOfPayment')}</span> : null}
              <span className="kk-repay__badge" data-testid="refund-state">
                {t(`repayment.refundState_${refund.state}`)}
              </span>
            </div>
            <p className="kk-small kk-muted kk-repay__record-meta">
              {formatWib(refund.completed_at ?? refund.created_at)} ·{' '}
              {t('repayment.refundTo', { bank: refund.bank_code, digits: refund.last_digits })}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

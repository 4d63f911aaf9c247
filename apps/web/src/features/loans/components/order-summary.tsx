import type { LoanOrderView } from '@kaskita/domain/contract/loans';
import { formatRupiah, type Rupiah } from '@kaskita/domain/money/rupiah';
import { formatDisplayDate } from '@kaskita/domain/pricing/business-date';
import { useT } from '../../../lib/i18n.ts';
import { loansTexts } from '../loans-texts.ts';
import './loans.css';

const rp = (n: Rupiah) => formatRupiah(n);

/** What a borrower waiting for the money checks: how much arrives, where, and when the first instalment falls due. */
export function OrderSummary({ order, firstDue = false }: { order: LoanOrderView; firstDue?: boolean }) {
  const t = useT(loansTexts);
  const first = order.instalments[0];
  return (
    <dl className="kk-loan__facts" data-testid="order-summary">
      <div className="kk-loan__fact kk-loan__fact--strong">
        <dt>{t('loan.order.received')}</dt>
        <dd data-testid="order-received">{rp(order.amount_received)}</dd>
      </div>
      <div className="kk-loan__fact">
        <dt>{t('loan.order.bank')}</dt>
        <dd data-testid="order-bank">
          {order.bank_name} {order.card_num_masked}
        </dd>
      </div>
      <div className="kk-loan__fact">
        <dt>{t('loan.order.tenor')}</dt>
        <dd>{order.tenor_label}</dd>
      </div>
      {firstDue && first ? (
        <div className="kk-loan__fact">
          <dt>{t('loan.order.firstDue')}</dt>
          <dd data-testid="order-first-due">
            {formatDisplayDate(first.due_date)} ({rp(first.total)})
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

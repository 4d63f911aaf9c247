import { Link } from 'react-router';
import { BILL_STATUS } from '@kaskita/domain/contract/user-states';
import { Icon } from '../../../components/icon.tsx';
import { paths } from '../../../config/paths.ts';
import { useT } from '../../../lib/i18n.ts';
import { useCurrentOrder } from '../api/get-current-order.ts';
import { CoolingOffCard } from './cancel-order-button.tsx';
import { OrderSummary } from './order-summary.tsx';
import { QueryFailed } from './query-failed.tsx';
import { loansTexts } from '../loans-texts.ts';
import './loans.css';

/**
 * /loan/loan-success (GET /v1/order/current, asked again every 5 s): the loan is on its way, how much arrives and
 * where, and the cooling-off right with its cancel button while nothing was sent.
 */
export function LoanSuccessView() {
  const t = useT(loansTexts);
  const current = useCurrentOrder({ poll: true });
  if (current.isError && !current.data) return <QueryFailed onRetry={() => void current.refetch()} />;
  if (!current.data)
    return (
      <p className="kk-muted kk-center" aria-busy="true">
        {t('common.loading')}
      </p>
    );
  const order = current.data.order;
  const home = (
    <Link className="kk-btn kk-btn--primary kk-btn--block" to={paths.home.path} data-testid="to-home">
      {t('loan.toHome')}
    </Link>
  );
  if (!order)
    return (
      <div className="kk-content kk-loan" data-testid="page-loan-success">
        <div className="kk-status-page">
          <h2>{t('loan.success.none')}</h2>
          <p className="kk-muted">{t('loan.success.noneBody')}</p>
          {home}
        </div>
      </div>
    );
  const failed = order.bill_status === BILL_STATUS.FAILED;
  const arrived = order.bill_status === BILL_STATUS.REPAYING;
  return (
    <div className="kk-content kk-loan" data-testid="page-loan-success">
      <div className="kk-loan__hero-icon" aria-hidden="true">
        <Icon name={failed ? 'warning' : 'check'} size={48} />
      </div>
      <h2 className="kk-center" data-testid="success-heading">
        {failed ? t('loan.success.failed') : arrived ? t('loan.success.arrived') : t('loan.success.heading')}
      </h2>
      <section className="kk-card">
        <OrderSummary order={order} />
        {failed ? (
          <p data-testid="success-failure">{order.failure_text}</p>
        ) : arrived ? null : (
          <p className="kk-small kk-muted">{t('loan.success.soon')}</p>
        )}
      </section>
      {order.can_cancel && !failed ? <CoolingOffCard orderId={order.order_id} testId="cooling-off" /> : null}
      {home}
    </div>
  );
}

import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { BILL_STATUS } from '@kaskita/domain/contract/user-states';
import { Icon } from '../../../components/icon.tsx';
import { paths } from '../../../config/paths.ts';
import { useT, type TKeyOf } from '../../../lib/i18n.ts';
import { invalidate, LOAN_ORDER_CHANGES } from '../../../lib/query-keys.ts';
import { useSafeNavigate } from '../../../lib/use-safe-navigate.ts';
import { useCurrentOrder } from '../api/get-current-order.ts';
import { CoolingOffCard } from './cancel-order-button.tsx';
import { OrderSummary } from './order-summary.tsx';
import { QueryFailed } from './query-failed.tsx';
import { loansTexts } from '../loans-texts.ts';
import './loans.css';

const STATUS_KEYS: Record<'none' | 'queued' | 'pending', TKeyOf<typeof loansTexts>> = {
  none: 'loan.loaning.queued',
  queued: 'loan.loaning.queued',
  pending: 'loan.loaning.pending',
};

/**
 * /home/loaning (bill_status 1): where the money is, what arrives and where, the first due date. Asks every 5 s; once
 * the order is no longer on its way (disbursed, failed, cancelled) the home decides the next page from the user
 * status (features/home, domain routing/home-page.ts), as the auditing page does after a decision.
 */
export function LoaningView() {
  const t = useT(loansTexts);
  const navigate = useSafeNavigate();
  const client = useQueryClient();
  const current = useCurrentOrder({ poll: true });
  const order = current.data?.order;
  const moved = current.data !== undefined && (!order || order.bill_status !== BILL_STATUS.LOANING);

  useEffect(() => {
    if (!moved) return;
    let stopped = false;
    // Disbursed, failed or cancelled: the status, the bills and the limit all moved, not only the page to go to.
    void invalidate(client, LOAN_ORDER_CHANGES).then(() => {
      if (!stopped) navigate(paths.home.path, { replace: true });
    });
    return () => {
      stopped = true;
    };
  }, [moved, client, navigate]);

  if (current.isError && !current.data) return <QueryFailed onRetry={() => void current.refetch()} />;
  if (!order || moved)
    return (
      <p className="kk-muted kk-center" aria-busy="true">
        {t('common.loading')}
      </p>
    );
  const status = order.disbursement_status;
  return (
    <div className="kk-loan" data-testid="page-loaning">
      <section className="kk-card kk-center" aria-live="polite">
        <div className="kk-loan__hero-icon" aria-hidden="true">
          <Icon name="clock" size={44} />
        </div>
        <h2 className="kk-loan__title">{t('loan.loaning.heading')}</h2>
        <p data-testid="loaning-status" data-status={status}>
          {t(status === 'pending' ? STATUS_KEYS.pending : STATUS_KEYS.queued)}
        </p>
        <p className="kk-small kk-muted">{t('loan.success.soon')}</p>
      </section>
      <section className="kk-card">
        <OrderSummary order={order} firstDue />
        <p className="kk-small kk-muted">{t('loan.loaning.datesNote')}</p>
      </section>
      {order.can_cancel ? <CoolingOffCard orderId={order.order_id} /> : null}
    </div>
  );
}

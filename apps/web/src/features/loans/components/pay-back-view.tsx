import { formatRupiah } from '@kaskita/domain/money/rupiah';
import { businessDateAt, formatDisplayDate } from '@kaskita/domain/pricing/business-date';
import type { LoanOrderView } from '@kaskita/domain/contract/loans';
import { useT } from '../../../lib/i18n.ts';
import { useCurrentOrder } from '../api/get-current-order.ts';
import { QueryFailed } from './query-failed.tsx';
import './loans.css';

const rp = (n: number) => formatRupiah(n, { space: true });

/**
 * The instalment to pay next: the first not yet due (today in Asia/Jakarta counts), or the last one once all are.
 * The order answers no paid state per instalment yet (the repayment issue adds it), so an earlier unpaid one cannot be
 * told from a paid one here.
 */
export function nextInstalment(order: Pick<LoanOrderView, 'instalments'>, today: string): number | null {
  const upcoming = order.instalments.find((i) => i.due_date >= today);
  return (upcoming ?? order.instalments.at(-1))?.number ?? null;
}

/** /home/pay-back (bill_status 2): the loan is active; its amount, when it was paid out, and each instalment. */
export function PayBackView() {
  const t = useT();
  const current = useCurrentOrder();
  if (current.isError && !current.data) return <QueryFailed onRetry={() => void current.refetch()} />;
  const order = current.data?.order;
  if (!current.data)
    return (
      <p className="kk-muted kk-center" aria-busy="true">
        {t('common.loading')}
      </p>
    );
  if (!order)
    return (
      <p className="kk-status-page kk-muted" data-testid="page-pay-back">
        {t('loan.payBack.none')}
      </p>
    );
  const next = nextInstalment(order, businessDateAt(new Date()));
  return (
    <div className="kk-loan" data-testid="page-pay-back">
      <section className="kk-card" aria-labelledby="pay-back-title">
        <h2 className="kk-loan__title" id="pay-back-title">
          {t('loan.payBack.heading')}
        </h2>
        <dl className="kk-loan__facts">
          <div className="kk-loan__fact">
            <dt>{t('loan.payBack.amount')}</dt>
            <dd>{rp(order.amount)}</dd>
          </div>
          {order.disbursed_on ? (
            <div className="kk-loan__fact">
              <dt>{t('loan.payBack.disbursedOn')}</dt>
              <dd data-testid="pay-back-disbursed">{formatDisplayDate(order.disbursed_on)}</dd>
            </div>
          ) : null}
          <div className="kk-loan__fact kk-loan__fact--strong">
            <dt>{t('loan.payBack.total')}</dt>
            <dd>{rp(order.repayment)}</dd>
          </div>
        </dl>
      </section>
      <section className="kk-card" aria-labelledby="pay-back-instalments">
        <h2 className="kk-loan__title" id="pay-back-instalments">
          {t('loan.payBack.instalments')}
        </h2>
        <ol className="kk-loan__instalments">
          {order.instalments.map((i) => {
            const isNext = i.number === next;
            return (
              <li
                key={i.number}
                className={isNext ? 'kk-loan__instalment kk-loan__instalment--next' : 'kk-loan__instalment'}
                aria-current={isNext ? 'true' : undefined}
                data-testid="pay-back-instalment"
              >
                <span>
                  {t('loan.payBack.instalment', { n: i.number, date: formatDisplayDate(i.due_date) })}
                  {isNext ? <strong className="kk-loan__badge">{t('loan.payBack.next')}</strong> : null}
                </span>
                <span className="kk-loan__num">{rp(i.total)}</span>
              </li>
            );
          })}
        </ol>
        <p className="kk-small kk-muted">{t('loan.payBack.soon')}</p>
      </section>
    </div>
  );
}

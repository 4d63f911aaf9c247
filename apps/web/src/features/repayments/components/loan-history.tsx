import { Link } from 'react-router';
import type { LoanRecords } from '@kaskita/domain/contract/repayments';
import { parseTenorKey, tenorLabel } from '@kaskita/domain/pricing/tenor-key';
import { Icon } from '../../../components/icon.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDate } from '../../../lib/format.ts';
import { useLocale, useT } from '../../../lib/i18n.ts';
import { useLoanRecords } from '../api/get-loan-records.ts';
import { rp } from '../repayment-format.ts';
import { repaymentsTexts, type RepaymentTextKey } from '../repayments-texts.ts';
import { EmptyState, HomeLink, LoadFailed, Loading } from './repayment-parts.tsx';

export type LoanRecord = LoanRecords['list'][number];
type Group = LoanRecord['group'];

/**
 * Spec section 4's history groups, in the order a borrower needs them: what is late first, then what went wrong, what
 * is on its way (with the 1-3 working days note), what is being repaid, then what is done.
 */
export const HISTORY_GROUPS: { group: Group; title: RepaymentTextKey; note?: RepaymentTextKey }[] = [
  { group: 'overdue', title: 'repayment.groupOverdue' },
  { group: 'failed', title: 'repayment.groupFailed' },
  { group: 'awaiting', title: 'repayment.groupAwaiting', note: 'repayment.groupAwaitingNote' },
  { group: 'not_paid', title: 'repayment.groupNotPaid' },
  { group: 'paid_off', title: 'repayment.groupPaidOff' },
  { group: 'cancelled', title: 'repayment.groupCancelled' },
];

/** Where a loan of the history opens: the failed and awaiting pages, or the detail page of its group. */
export function loanRecordHref(record: Pick<LoanRecord, 'group' | 'order_id'>): string {
  const query = { order_id: record.order_id };
  if (record.group === 'failed') return paths.meLoanFailed.href(query);
  if (record.group === 'awaiting') return paths.meLoanAwait.href(query);
  return paths.meLoanDetail.href(record.group, query);
}

/** The tenor in words ("3 months (3 instalments)"), or the key as stored when it is not one. */
export function useTenorText() {
  const locale = useLocale();
  return (period: string) => {
    const tenor = parseTenorKey(period);
    return tenor ? tenorLabel(tenor)[locale] : period;
  };
}

/** /me/loan-history (GET /v1/order/loan_records): every loan in its group; each opens its own page. */
export function LoanHistory() {
  const t = useT(repaymentsTexts);
  const tenorText = useTenorText();
  const records = useLoanRecords();
  if (records.isError && !records.data) return <LoadFailed onRetry={() => void records.refetch()} />;
  if (!records.data) return <Loading />;
  const list = records.data.list;
  if (list.length === 0)
    return <EmptyState testId="history-empty" title={t('repayment.historyEmpty')} action={<HomeLink />} />;
  return (
    <div className="kk-content kk-repay" data-testid="page-loan-history">
      {HISTORY_GROUPS.map(({ group, title, note }) => {
        const loans = list.filter((r) => r.group === group);
        if (loans.length === 0) return null;
        return (
          <section key={group} className="kk-repay__history-group" data-testid={`history-${group}`}>
            <h2 className={`kk-repay__group kk-repay__group--${group}`}>{t(title)}</h2>
            {note ? (
              <p className="kk-small kk-muted" data-testid={`history-${group}-note`}>
                {t(note)}
              </p>
            ) : null}
            <ul>
              {loans.map((record) => (
                <li key={record.order_id}>
                  <Link
                    to={loanRecordHref(record)}
                    className="kk-card kk-repay__loan"
                    data-testid="history-loan"
                  >
                    <span className="kk-repay__loan-main">
                      <strong className="kk-repay__num">{rp(record.amount)}</strong>
                      <span className="kk-small kk-muted">
                        {tenorText(record.period)} ·{' '}
                        {t('repayment.borrowedOn', { date: formatDate(record.created_at) })}
                      </span>
                      <LoanLine record={record} />
                    </span>
                    <Icon name="forward" size={18} />
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

/** What matters now about a loan of the list: how late and how much is left, or nothing once it is settled. */
function LoanLine({ record }: { record: LoanRecord }) {
  const t = useT(repaymentsTexts);
  if (record.group === 'overdue')
    return (
      <span className="kk-small kk-repay__late" data-testid="history-late">
        {t('repayment.overdueBills', { count: record.overdue_bills })} ·{' '}
        {t('repayment.daysLate', { count: record.days_late })} ·{' '}
        {t('repayment.stillToPay', { amount: rp(record.outstanding) })}
      </span>
    );
  if (record.group === 'not_paid')
    return <span className="kk-small">{t('repayment.stillToPay', { amount: rp(record.outstanding) })}</span>;
  return null;
}

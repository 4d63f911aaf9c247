import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { BillView } from '@kaskita/domain/contract/repayments';
import { daysBetween, formatDisplayDate } from '@kaskita/domain/pricing/business-date';
import { Icon } from '../../../components/icon.tsx';
import { paths } from '../../../config/paths.ts';
import { useT } from '../../../lib/i18n.ts';
import { repaymentsTexts, type RepaymentT } from '../repayments-texts.ts';
import './repayments.css';

/** While a page's data is on its way. */
export function Loading() {
  const t = useT(repaymentsTexts);
  return (
    <p className="kk-muted kk-center kk-content" aria-busy="true">
      {t('repayment.loading')}
    </p>
  );
}

/**
 * A page's data could not be loaded (already toasted by the api client, or its refusal given as `message`): say so and
 * offer another try.
 */
export function LoadFailed({ onRetry, message }: { onRetry: () => void; message?: string | undefined }) {
  const t = useT(repaymentsTexts);
  return (
    <div className="kk-status-page" data-testid="repay-load-failed">
      <p className="kk-muted">{message ?? t('repayment.loadFailed')}</p>
      <button type="button" className="kk-btn kk-btn--primary" onClick={onRetry}>
        {t('repayment.retry')}
      </button>
    </div>
  );
}

/** A page with nothing to show yet: what it will hold, and where to go instead. */
export function EmptyState({
  title,
  body,
  action,
  testId,
}: {
  title: string;
  body?: string;
  action?: ReactNode;
  testId: string;
}) {
  return (
    <div className="kk-status-page" data-testid={testId}>
      <div className="kk-status-page__icon kk-repay__empty-icon" aria-hidden="true">
        <Icon name="bill" size={48} />
      </div>
      <h2 className="kk-repay__empty-title">{title}</h2>
      {body ? <p className="kk-muted">{body}</p> : null}
      {action}
    </div>
  );
}

export function HomeLink() {
  const t = useT(repaymentsTexts);
  return (
    <Link className="kk-btn kk-btn--primary" to={paths.home.path}>
      {t('repayment.toHome')}
    </Link>
  );
}

/** When a bill falls due, counted from the business date: late (red), today, tomorrow, in N days, or its date. */
export function dueText(t: RepaymentT, bill: BillView, today: string): string {
  if (bill.state === 'paid') return t('repayment.statePaid');
  if (bill.state === 'written-off') return t('repayment.stateWrittenOff');
  if (bill.days_late > 0) return t('repayment.daysLate', { count: bill.days_late });
  const days = daysBetween(today, bill.due_date);
  if (days === 0) return t('repayment.dueToday');
  if (days > 0 && days <= 7) return t('repayment.dueIn', { count: days });
  return t('repayment.dueOn', { date: formatDisplayDate(bill.due_date) });
}

const STATE_KEY = {
  pending: 'repayment.statePending',
  overdue: 'repayment.stateOverdue',
  paid: 'repayment.statePaid',
  'written-off': 'repayment.stateWrittenOff',
} as const;

/** The bill's state as a small label; overdue in red. */
export function BillState({ bill }: { bill: BillView }) {
  const t = useT(repaymentsTexts);
  const late = bill.state === 'overdue' || bill.days_late > 0;
  return (
    <span
      className={`kk-repay__badge kk-repay__badge--${late ? 'overdue' : bill.state}`}
      data-testid="bill-state"
    >
      {late ? t('repayment.daysLate', { count: bill.days_late }) : t(STATE_KEY[bill.state])}
    </span>
  );
}

/** Label and value rows (a definition list): what a bill, a receipt or a loan is made of. */
export function Facts({
  rows,
  testId,
}: {
  rows: ({ label: string; value: ReactNode; strong?: boolean; testId?: string; danger?: boolean } | null)[];
  testId?: string;
}) {
  return (
    <dl className="kk-repay__facts" data-testid={testId}>
      {rows.map((row) =>
        row ? (
          <div
            key={row.label}
            className={`kk-repay__fact${row.strong ? ' kk-repay__fact--strong' : ''}${row.danger ? ' kk-repay__fact--danger' : ''}`}
          >
            <dt>{row.label}</dt>
            <dd data-testid={row.testId}>{row.value}</dd>
          </div>
        ) : null,
      )}
    </dl>
  );
}

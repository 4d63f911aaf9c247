import { useId } from 'react';
import { Link } from 'react-router';
import type { BillsView, BillView } from '@kaskita/domain/contract/repayments';
import { REPAYMENT_TYPES, type RepaymentType } from '@kaskita/domain/contract/repayment-kinds';
import { formatDisplayDate } from '@kaskita/domain/pricing/business-date';
import { paths } from '../../../config/paths.ts';
import { useT } from '../../../lib/i18n.ts';
import { rp } from '../repayment-format.ts';
import { repaymentsTexts, type RepaymentT } from '../repayments-texts.ts';
import { BillState, dueText } from './repayment-parts.tsx';

/** The channel list for one kind of payment (/home/pay-back-methods?type=). */
export const payHref = (type: RepaymentType) => paths.homePayBackMethods.href({ type });

/** The `type` query value, defaulting to one instalment (the spec's pay-back-methods takes its query as props). */
export function repaymentTypeOf(value: string | null): RepaymentType {
  return (REPAYMENT_TYPES as readonly string[]).includes(value ?? '')
    ? (value as RepaymentType)
    : 'instalment';
}

/** What the payment is for, in words. */
export function purposeText(
  t: RepaymentT,
  type: RepaymentType,
  billNumber: number | null | undefined,
): string {
  if (type === 'settlement') return t('repayment.forSettlement');
  if (type === 'due') return t('repayment.forDue');
  return billNumber ? t('repayment.forInstalment', { n: billNumber }) : t('repayment.forNext');
}

const isLate = (bill: BillView) => bill.state === 'overdue' || bill.days_late > 0;

/**
 * The nearest unpaid bill, highlighted: what is left to pay on it in large type and when it falls due; in red with
 * "N days late" once overdue. `large` is the home pay-back's hero form.
 */
export function NearestBill({
  bill,
  count,
  today,
  onOpen,
  large = false,
  disputedSince = null,
}: {
  bill: BillView;
  count: number;
  today: string;
  onOpen?: () => void;
  large?: boolean;
  /** The loan is under dispute: no late fee grows, and the bill says so instead of warning of one. */
  disputedSince?: string | null;
}) {
  const t = useT(repaymentsTexts);
  const titleId = useId();
  const late = isLate(bill);
  const dueDate = formatDisplayDate(bill.due_date);
  const when = dueText(t, bill, today);
  return (
    <section
      className={`kk-repay__nearest${late ? ' kk-repay__nearest--overdue' : ''}${large ? ' kk-repay__nearest--large' : ''}`}
      aria-labelledby={titleId}
      data-testid="nearest-bill"
      data-state={late ? 'overdue' : bill.state}
    >
      <p className="kk-repay__nearest-label" id={titleId}>
        {late ? t('repayment.nearestOverdue') : t('repayment.nearest')} ·{' '}
        {t('repayment.billNo', { n: bill.number, of: count })}
      </p>
      <p className="kk-repay__nearest-amount" data-testid="nearest-amount">
        {rp(bill.outstanding)}
      </p>
      <p className="kk-repay__nearest-due" data-testid="nearest-due">
        {late ? (
          <>
            <strong data-testid="nearest-late">{t('repayment.daysLate', { count: bill.days_late })}</strong>
            {' · '}
            {t('repayment.dueOn', { date: dueDate })}
          </>
        ) : when.includes(dueDate) ? (
          when
        ) : (
          `${when} · ${dueDate}`
        )}
      </p>
      {late && bill.late_fee > 0 ? (
        <p className="kk-small" data-testid="nearest-late-fee">
          {t('repayment.lateFee')}: {rp(bill.late_fee)}. {disputedSince ? null : t('repayment.lateFeeNote')}
        </p>
      ) : null}
      {disputedSince ? (
        <p className="kk-small kk-repay__disputed" role="note" data-testid="loan-disputed">
          {t('repayment.disputed', { date: formatDisplayDate(disputedSince) })}
        </p>
      ) : null}
      {onOpen ? (
        <button
          type="button"
          className="kk-btn kk-btn--link kk-repay__nearest-detail"
          onClick={onOpen}
          data-testid="nearest-detail"
        >
          {t('repayment.seeDetail', { n: bill.number })}
        </button>
      ) : null}
    </section>
  );
}

/**
 * What one payment can settle today, each only when the server offers it: the nearest bill ("Pay"), everything due
 * (left out when it is the nearest bill alone: the same payment twice would only confuse), the whole loan with what
 * it saves.
 */
export function PayActions({ options }: { options: BillsView['options'] }) {
  const t = useT(repaymentsTexts);
  if (!options) return null;
  const { instalment, due, settlement } = options;
  return (
    <div className="kk-repay__actions">
      {instalment ? (
        <Link
          className="kk-btn kk-btn--primary kk-btn--block"
          to={payHref('instalment')}
          data-testid="pay-instalment"
        >
          {t('repayment.payAmount', { amount: rp(instalment.amount) })}
        </Link>
      ) : null}
      {due && due.amount !== instalment?.amount ? (
        <Link className="kk-btn kk-btn--ghost kk-btn--block" to={payHref('due')} data-testid="pay-due">
          {t('repayment.payDue', { amount: rp(due.amount) })}
        </Link>
      ) : null}
      {settlement ? (
        <Link
          className="kk-btn kk-btn--ghost kk-btn--block"
          to={payHref('settlement')}
          data-testid="pay-settle"
        >
          {settlement.saved > 0
            ? t('repayment.settle', { amount: rp(settlement.saved) })
            : t('repayment.settleNoSaving')}
        </Link>
      ) : null}
      {settlement ? (
        <Link
          className="kk-btn kk-btn--link"
          to={paths.activityFlexibleRepaymentIntroduce.path}
          data-testid="about-flexible"
        >
          {t('repayment.aboutFlexible')}
        </Link>
      ) : null}
    </div>
  );
}

/** Bills as a list of rows, each opening its detail sheet. */
export function BillRows({
  bills,
  today,
  onOpen,
  testId,
}: {
  bills: BillView[];
  today: string;
  onOpen: (bill: BillView) => void;
  testId: string;
}) {
  const t = useT(repaymentsTexts);
  return (
    <ul className="kk-repay__bills" data-testid={testId}>
      {bills.map((bill) => (
        <li key={bill.number}>
          <button
            type="button"
            className="kk-repay__bill"
            onClick={() => onOpen(bill)}
            data-testid={`bill-${bill.number}`}
          >
            <span className="kk-repay__bill-main">
              <strong>{t('repayment.detailTitle', { n: bill.number })}</strong>
              <span className="kk-small kk-muted">
                {bill.state === 'paid' ? formatDisplayDate(bill.due_date) : dueText(t, bill, today)}
              </span>
            </span>
            <span className="kk-repay__bill-side">
              <span className="kk-repay__num">
                {rp(bill.state === 'paid' ? bill.total : bill.outstanding)}
              </span>
              <BillState bill={bill} />
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

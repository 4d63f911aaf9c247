import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { BillView } from '@kaskita/domain/contract/repayments';
import { formatDisplayDate } from '@kaskita/domain/pricing/business-date';
import { paths } from '../../../config/paths.ts';
import { formatDate } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import { useBills } from '../api/get-bills.ts';
import { useLoanRecords } from '../api/get-loan-records.ts';
import { rp } from '../repayment-format.ts';
import { repaymentsTexts } from '../repayments-texts.ts';
import { CollectionLog } from './collection-log.tsx';
import { BillDetailSheet } from './bill-detail-sheet.tsx';
import { BillRows, NearestBill, PayActions } from './bill-parts.tsx';
import { HISTORY_GROUPS, loanRecordHref, useTenorText, type LoanRecord } from './loan-history.tsx';
import { EmptyState, Facts, LoadFailed, Loading } from './repayment-parts.tsx';

/**
 * The loan a history page shows: `?order_id=` from the history's link, or else the newest loan of `group` (a page
 * opened from a bookmark). Undefined while loading; null when the borrower has no such loan.
 */
function useLoanRecord(group: LoanRecord['group'] | undefined) {
  const [search] = useSearchParams();
  const orderId = search.get('order_id');
  const records = useLoanRecords();
  const list = records.data?.list;
  const record = list
    ? (list.find((r) => (orderId ? r.order_id === orderId : r.group === group)) ?? null)
    : undefined;
  return { records, record };
}

/** The loading, failed and not-found states of a history page, or the page for its loan. */
function WithRecord({
  group,
  testId,
  children,
}: {
  group: LoanRecord['group'] | undefined;
  testId: string;
  children: (record: LoanRecord) => ReactNode;
}) {
  const t = useT(repaymentsTexts);
  const { records, record } = useLoanRecord(group);
  if (records.isError && !records.data) return <LoadFailed onRetry={() => void records.refetch()} />;
  if (record === undefined) return <Loading />;
  if (record === null)
    return (
      <EmptyState
        testId="loan-not-found"
        title={t('repayment.detailNotFound')}
        action={
          <Link className="kk-btn kk-btn--primary" to={paths.meLoanHistory.path}>
            {t('repayment.loanHistory')}
          </Link>
        }
      />
    );
  return (
    <div className="kk-content kk-repay" data-testid={testId} data-group={record.group}>
      {children(record)}
    </div>
  );
}

/** The loan in figures: amount, what arrived, tenor, dates and what is left. */
function LoanFacts({ record }: { record: LoanRecord }) {
  const t = useT(repaymentsTexts);
  const tenorText = useTenorText();
  const group = HISTORY_GROUPS.find((g) => g.group === record.group);
  return (
    <section className="kk-card">
      <h2 className={`kk-repay__group kk-repay__group--${record.group}`} data-testid="loan-group">
        {group ? t(group.title) : record.group}
      </h2>
      <Facts
        testId="loan-facts"
        rows={[
          { label: t('repayment.loanAmount'), value: rp(record.amount), strong: true, testId: 'loan-amount' },
          { label: t('repayment.received'), value: rp(record.amount_received) },
          { label: t('repayment.tenor'), value: tenorText(record.period) },
          { label: t('repayment.appliedOn'), value: formatDate(record.created_at) },
          record.disbursed_on
            ? { label: t('repayment.disbursedOn'), value: formatDisplayDate(record.disbursed_on) }
            : null,
          record.group === 'overdue' || record.group === 'not_paid'
            ? {
                label: t('repayment.loanOutstanding'),
                value: rp(record.outstanding),
                strong: true,
                danger: record.group === 'overdue',
                testId: 'loan-outstanding',
              }
            : null,
          record.group === 'overdue'
            ? {
                label: t('repayment.status'),
                value: `${t('repayment.overdueBills', { count: record.overdue_bills })} · ${t('repayment.daysLate', { count: record.days_late })}`,
                danger: true,
                testId: 'loan-late',
              }
            : null,
        ]}
      />
    </section>
  );
}

/**
 * /me/loan-detail/:status (`?order_id=`): a loan of the history. One being repaid shows its bills and the ways to pay
 * (the open loan's bills, GET /v1/order/bill); a settled one says so.
 */
export function LoanDetail({ status }: { status: string | undefined }) {
  const t = useT(repaymentsTexts);
  const group = HISTORY_GROUPS.find((g) => g.group === status)?.group;
  return (
    <WithRecord group={group} testId="page-loan-detail">
      {(record) => (
        <>
          <LoanFacts record={record} />
          {record.group === 'overdue' || record.group === 'not_paid' ? (
            <OpenLoanBills orderId={record.order_id} />
          ) : record.group === 'paid_off' ? (
            <p className="kk-card" data-testid="loan-paid-off">
              {t('repayment.paidOffBody')}
            </p>
          ) : record.group === 'cancelled' ? (
            <p className="kk-card">{t('repayment.cancelledBody')}</p>
          ) : null}
          <CollectionLog orderId={record.order_id} />
          <Link
            className="kk-btn kk-btn--link"
            to={paths.meLoanAgreement.href({ order_id: record.order_id })}
            data-testid="loan-agreement-link"
          >
            {t('repayment.signedAgreement')}
          </Link>
        </>
      )}
    </WithRecord>
  );
}

/** The bills of the loan being repaid, when it is this one. */
function OpenLoanBills({ orderId }: { orderId: string }) {
  const t = useT(repaymentsTexts);
  const bills = useBills();
  const [open, setOpen] = useState<BillView | null>(null);
  if (bills.isError && !bills.data) return <LoadFailed onRetry={() => void bills.refetch()} />;
  if (!bills.data) return <Loading />;
  if (bills.data.loan?.order_id !== orderId) return null;
  const { nearest, options, business_date: today } = bills.data;
  return (
    <>
      {nearest ? (
        <NearestBill
          bill={nearest}
          count={bills.data.bills.length}
          today={today}
          onOpen={() => setOpen(nearest)}
        />
      ) : null}
      <PayActions options={options} />
      <section className="kk-card">
        <h2 className="kk-repay__title">{t('repayment.allBills')}</h2>
        <BillRows bills={bills.data.bills} today={today} onOpen={setOpen} testId="loan-bills" />
      </section>
      <BillDetailSheet bill={open} onClose={() => setOpen(null)} />
    </>
  );
}

/**
 * A loan that is no longer in the state its page is about (the account was corrected and the money is on its way, the
 * loan was cancelled): what it is now, and its own page.
 */
function MovedOn({ record }: { record: LoanRecord }) {
  const t = useT(repaymentsTexts);
  return (
    <section className="kk-card" data-testid="loan-moved-on">
      {record.group === 'cancelled' ? <p>{t('repayment.cancelledBody')}</p> : null}
      <Link className="kk-btn kk-btn--ghost kk-btn--block" to={loanRecordHref(record)}>
        {t('repayment.seeLoan')}
      </Link>
    </section>
  );
}

/**
 * /me/loan-failed: a loan the bank could not pay out. Nothing is owed; why (`failure`: the open order's failure text,
 * given by the route) and the way to correct the account or try again, which the home offers (its failure modal).
 */
export function LoanFailedView({ failure }: { failure: { orderId: string; text: string | null } | null }) {
  const t = useT(repaymentsTexts);
  return (
    <WithRecord group="failed" testId="page-loan-failed">
      {(record) => {
        if (record.group !== 'failed')
          return (
            <>
              <LoanFacts record={record} />
              <MovedOn record={record} />
            </>
          );
        const reason = failure?.orderId === record.order_id ? failure.text : null;
        return (
          <>
            <LoanFacts record={record} />
            <section className="kk-card">
              {reason ? (
                <p data-testid="loan-failed-reason">
                  <strong>{reason}</strong>
                </p>
              ) : null}
              <p>{t('repayment.failedBody')}</p>
              <Link
                className="kk-btn kk-btn--primary kk-btn--block"
                to={paths.home.path}
                data-testid="loan-failed-fix"
              >
                {t('repayment.failedFix')}
              </Link>
            </section>
          </>
        );
      }}
    </WithRecord>
  );
}

/**
 * /me/loan-await: a loan on its way to the bank, with the 1-3 working days note. `order` renders what the route knows of
 * the open order (where the money goes, cancelling while it is free), given the loan's id.
 */
export function LoanAwaitView({ order }: { order?: (orderId: string) => ReactNode }) {
  const t = useT(repaymentsTexts);
  return (
    <WithRecord group="awaiting" testId="page-loan-await">
      {(record) => (
        <>
          <LoanFacts record={record} />
          {record.group === 'awaiting' ? (
            <>
              <section className="kk-card">
                <p>{t('repayment.awaitBody')}</p>
                <p className="kk-small kk-muted" data-testid="await-note">
                  {t('repayment.groupAwaitingNote')}
                </p>
              </section>
              {order ? order(record.order_id) : null}
            </>
          ) : (
            <MovedOn record={record} />
          )}
        </>
      )}
    </WithRecord>
  );
}

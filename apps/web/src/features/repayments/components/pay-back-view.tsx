import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { BillView } from '@kaskita/domain/contract/repayments';
import type { Rupiah } from '@kaskita/domain/money/rupiah';
import { daysBetween, formatDisplayDate } from '@kaskita/domain/pricing/business-date';
import { paths } from '../../../config/paths.ts';
import { useSafeNavigate } from '../../../lib/use-safe-navigate.ts';
import { useT } from '../../../lib/i18n.ts';
import { Dialog } from '../../../components/lazy-overlay.tsx';
import { useBills } from '../api/get-bills.ts';
import { rp } from '../repayment-format.ts';
import { repaymentsTexts } from '../repayments-texts.ts';
import { NearestBill, payHref } from './bill-parts.tsx';
import { paymentClaimHref } from './payment-claim-link.tsx';
import { ReliefLink } from './relief-link.tsx';
import { EmptyState, LoadFailed, Loading } from './repayment-parts.tsx';

/** The repay reminder opens over pay-back (spec section 4) when the nearest bill is late or falls due this soon. */
const REMIND_WITHIN_DAYS = 3;

/**
 * /home/pay-back (bill_status 2): the nearest bill's amount and due date in large type, the way to a repayment code,
 * every bill, the loan and repayment histories, and what the borrower may still borrow (`available`, given by the
 * route from the limit). Arriving from the home with the 'repay' modal (spec section 4), a reminder opens over it
 * when the bill is late or due within three days.
 */
export function PayBackView({ available }: { available: Rupiah | null }) {
  const t = useT(repaymentsTexts);
  const bills = useBills();
  const { state } = useLocation() as { state: { modal?: unknown } | null };
  if (bills.isError && !bills.data) return <LoadFailed onRetry={() => void bills.refetch()} />;
  if (!bills.data) return <Loading />;
  const { loan, nearest, options, business_date: today } = bills.data;
  return (
    <div className="kk-repay" data-testid="page-pay-back">
      {nearest && loan ? (
        <>
          <NearestBill
            bill={nearest}
            count={bills.data.bills.length}
            today={today}
            large
            disputedSince={loan.disputed_since}
          />
          {options?.instalment ? (
            <Link
              className="kk-btn kk-btn--primary kk-btn--block kk-repay__cta"
              to={payHref('instalment')}
              data-testid="get-code"
            >
              {t('repayment.getCode')}
            </Link>
          ) : null}
          {state?.modal === 'repay' ? <RepayReminder bill={nearest} today={today} /> : null}
        </>
      ) : (
        <EmptyState
          testId="pay-back-none"
          title={loan ? t('repayment.allPaidTitle') : t('repayment.noLoanTitle')}
        />
      )}
      <nav className="kk-card kk-repay__links">
        {loan ? (
          <Link to={paths.homePayBackDetail.path} className="kk-repay__link" data-testid="to-pay-back-detail">
            {t('repayment.allBills')}
          </Link>
        ) : null}
        <Link to={paths.meLoanHistory.path} className="kk-repay__link" data-testid="to-loan-history">
          {t('repayment.loanHistory')}
        </Link>
        <Link
          to={paths.meRepaymentHistory.path}
          className="kk-repay__link"
          data-testid="to-repayment-history"
        >
          {t('repayment.repaymentHistory')}
        </Link>
        {loan ? (
          <Link
            to={paymentClaimHref({ amount: nearest?.outstanding })}
            className="kk-repay__link"
            data-testid="claim-link"
          >
            {t('repayment.claimLink')}
          </Link>
        ) : null}
        {loan && nearest ? <ReliefLink className="kk-repay__link" /> : null}
      </nav>
      {options?.settlement ? (
        <Link
          to={paths.activityFlexibleRepaymentIntroduce.path}
          className="kk-card kk-repay__banner"
          data-testid="to-flexible"
        >
          <strong>{t('repayment.flexTitle')}</strong>
          <span className="kk-small">{t('repayment.flexibleBanner')}</span>
        </Link>
      ) : null}
      <section className="kk-card kk-repay__available" data-testid="available">
        <span className="kk-muted">{t('repayment.available')}</span>
        <strong className="kk-repay__num" data-testid="available-amount">
          {available === null ? '…' : rp(available)}
        </strong>
        <span className="kk-small kk-muted">{t('repayment.availableNote')}</span>
      </section>
    </div>
  );
}

function RepayReminder({ bill, today }: { bill: BillView; today: string }) {
  const t = useT(repaymentsTexts);
  const navigate = useSafeNavigate();
  const late = bill.days_late > 0;
  const soon = daysBetween(today, bill.due_date) <= REMIND_WITHIN_DAYS;
  const [open, setOpen] = useState(late || soon);
  const vars = { n: bill.number, amount: rp(bill.outstanding) };
  return (
    <Dialog
      visible={open}
      title={t('repayment.reminderTitle')}
      content={
        <p data-testid="repay-reminder">
          {late
            ? t('repayment.reminderOverdue', {
                ...vars,
                late: t('repayment.daysLate', { count: bill.days_late }).toLowerCase(),
              })
            : t('repayment.reminderSoon', { ...vars, date: formatDisplayDate(bill.due_date) })}
        </p>
      }
      closeOnMaskClick
      onClose={() => setOpen(false)}
      actions={[
        [
          { key: 'later', text: t('repayment.later'), onClick: () => setOpen(false) },
          {
            key: 'pay',
            text: t('repayment.payNow'),
            bold: true,
            onClick: () => navigate(payHref('instalment')),
          },
        ],
      ]}
    />
  );
}

import { useState } from 'react';
import type { BillView } from '@kaskita/domain/contract/repayments';
import { useT } from '../../../lib/i18n.ts';
import { useBills } from '../api/get-bills.ts';
import { repaymentsTexts } from '../repayments-texts.ts';
import { BillDetailSheet } from './bill-detail-sheet.tsx';
import { BillRows, NearestBill, PayActions } from './bill-parts.tsx';
import { PaymentClaimLink } from './payment-claim-link.tsx';
import { EmptyState, HomeLink, LoadFailed, Loading } from './repayment-parts.tsx';
import { RefundsCard } from './refunds-card.tsx';
import { ReliefLink } from './relief-link.tsx';

/**
 * /bill (GET /v1/order/bill?type=1): the nearest bill highlighted (red and "N days late" once overdue), what one
 * payment can settle today, the upcoming bills and the paid ones, each opening its detail sheet. No loan: an empty
 * state pointing home, where borrowing starts.
 */
export function BillList() {
  const t = useT(repaymentsTexts);
  const bills = useBills();
  const [open, setOpen] = useState<BillView | null>(null);
  if (bills.isError && !bills.data) return <LoadFailed onRetry={() => void bills.refetch()} />;
  if (!bills.data) return <Loading />;
  const { loan, nearest, upcoming, options, business_date: today } = bills.data;
  if (!loan)
    return (
      <div data-testid="page-bill">
        <EmptyState
          testId="bills-empty"
          title={t('repayment.noLoanTitle')}
          body={t('repayment.noLoanBody')}
          action={<HomeLink />}
        />
        <RefundsCard />
      </div>
    );
  const paid = bills.data.bills.filter((b) => b.state === 'paid');
  return (
    <div className="kk-content kk-repay" data-testid="page-bill">
      {nearest ? (
        <NearestBill
          bill={nearest}
          count={bills.data.bills.length}
          today={today}
          onOpen={() => setOpen(nearest)}
          disputedSince={loan.disputed_since}
        />
      ) : (
        <>
          <EmptyState testId="bills-all-paid" title={t('repayment.allPaidTitle')} />
          <RefundsCard />
        </>
      )}
      <PayActions options={options} />
      <PaymentClaimLink amount={nearest?.outstanding} />
      {nearest ? <ReliefLink className="kk-btn kk-btn--link kk-repay__claim-link" /> : null}
      {upcoming.length > 0 ? (
        <section className="kk-card">
          <h2 className="kk-repay__title">{t('repayment.upcoming')}</h2>
          <BillRows bills={upcoming} today={today} onOpen={setOpen} testId="upcoming-bills" />
        </section>
      ) : null}
      {paid.length > 0 ? (
        <section className="kk-card">
          <h2 className="kk-repay__title">{t('repayment.paidBills')}</h2>
          <BillRows bills={paid} today={today} onOpen={setOpen} testId="paid-bills" />
        </section>
      ) : null}
      <BillDetailSheet bill={open} onClose={() => setOpen(null)} />
    </div>
  );
}

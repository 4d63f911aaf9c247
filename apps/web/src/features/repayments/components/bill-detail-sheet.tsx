import type { BillView } from '@kaskita/domain/contract/repayments';
import { formatDisplayDate } from '@kaskita/domain/pricing/business-date';
import { BottomSheet } from '../../../components/bottom-sheet.tsx';
import { useT } from '../../../lib/i18n.ts';
import { rp } from '../repayment-format.ts';
import { repaymentsTexts } from '../repayments-texts.ts';
import { BillState, Facts } from './repayment-parts.tsx';

/** The per-date bill detail sheet (spec: BillList): what the bill is made of, what was paid and what is left. */
export function BillDetailSheet({ bill, onClose }: { bill: BillView | null; onClose: () => void }) {
  const t = useT(repaymentsTexts);
  return (
    <BottomSheet
      visible={bill !== null}
      onClose={onClose}
      title={bill ? t('repayment.detailTitle', { n: bill.number }) : undefined}
    >
      {bill ? (
        <div data-testid="bill-detail">
          <Facts
            rows={[
              {
                label: t('repayment.dueDate'),
                value: formatDisplayDate(bill.due_date),
                testId: 'bill-detail-due',
              },
              { label: t('repayment.status'), value: <BillState bill={bill} /> },
              { label: t('repayment.principal'), value: rp(bill.principal), testId: 'bill-detail-principal' },
              { label: t('repayment.interest'), value: rp(bill.interest), testId: 'bill-detail-interest' },
              { label: t('repayment.fee'), value: rp(bill.fee), testId: 'bill-detail-fee' },
              {
                label: t('repayment.lateFee'),
                value: rp(bill.late_fee),
                testId: 'bill-detail-late-fee',
                danger: bill.late_fee > 0,
              },
              { label: t('repayment.total'), value: rp(bill.total), testId: 'bill-detail-total' },
              { label: t('repayment.paid'), value: rp(bill.paid), testId: 'bill-detail-paid' },
              {
                label: t('repayment.outstanding'),
                value: rp(bill.outstanding),
                strong: true,
                testId: 'bill-detail-outstanding',
              },
            ]}
          />
          <button type="button" className="kk-btn kk-btn--ghost kk-btn--block" onClick={onClose}>
            {t('repayment.close')}
          </button>
        </div>
      ) : null}
    </BottomSheet>
  );
}

import type { BillView } from '@kaskita/domain/contract/repayments';
import { formatDisplayDate } from '@kaskita/domain/pricing/business-date';
import { BottomSheet } from '../../../components/bottom-sheet.tsx';
import { rp } from '../repayment-format.ts';
import { useRepaymentTexts } from '../repayment-texts.ts';
import { BillState, Facts } from './repayment-parts.tsx';

/** The per-date bill detail sheet (spec: BillList): what the bill is made of, what was paid and what is left. */
export function BillDetailSheet({ bill, onClose }: { bill: BillView | null; onClose: () => void }) {
  const t = useRepaymentTexts();
  return (
    <BottomSheet
      visible={bill !== null}
      onClose={onClose}
      title={bill ? t('detailTitle', { n: bill.number }) : undefined}
    >
      {bill ? (
        <div data-testid="bill-detail">
          <Facts
            rows={[
              { label: t('dueDate'), value: formatDisplayDate(bill.due_date), testId: 'bill-detail-due' },
              { label: t('status'), value: <BillState bill={bill} /> },
              { label: t('principal'), value: rp(bill.principal), testId: 'bill-detail-principal' },
              { label: t('interest'), value: rp(bill.interest), testId: 'bill-detail-interest' },
              { label: t('fee'), value: rp(bill.fee), testId: 'bill-detail-fee' },
              {
                label: t('lateFee'),
                value: rp(bill.late_fee),
                testId: 'bill-detail-late-fee',
                danger: bill.late_fee > 0,
              },
              { label: t('total'), value: rp(bill.total), testId: 'bill-detail-total' },
              { label: t('paid'), value: rp(bill.paid), testId: 'bill-detail-paid' },
              {
                label: t('outstanding'),
                value: rp(bill.outstanding),
                strong: true,
                testId: 'bill-detail-outstanding',
              },
            ]}
          />
          <button type="button" className="kk-btn kk-btn--ghost kk-btn--block" onClick={onClose}>
            {t('close')}
          </button>
        </div>
      ) : null}
    </BottomSheet>
  );
}

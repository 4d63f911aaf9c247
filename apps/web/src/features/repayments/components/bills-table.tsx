import { useState } from 'react';
import type { BillView } from '@kaskita/domain/contract/repayments';
import { formatDisplayDate } from '@kaskita/domain/pricing/business-date';
import { useT } from '../../../lib/i18n.ts';
import { useBills } from '../api/get-bills.ts';
import { rp } from '../repayment-format.ts';
import { repaymentsTexts } from '../repayments-texts.ts';
import { BillDetailSheet } from './bill-detail-sheet.tsx';
import { PayActions } from './bill-parts.tsx';
import { PaymentClaimLink } from './payment-claim-link.tsx';
import { BillState, EmptyState, Facts, HomeLink, LoadFailed, Loading } from './repayment-parts.tsx';

/**
 * /home/pay-back-detail: the loan in figures and every bill in one table (due date with its state below it, amount); a
 * row opens the bill's detail sheet. Three columns, not four: a fourth for the state made the table 387 px wide at
 * 320 px and cut its labels. The amount is what is left on an unpaid bill and what was asked on a paid one.
 */
export function BillsTable() {
  const t = useT(repaymentsTexts);
  const bills = useBills();
  const [open, setOpen] = useState<BillView | null>(null);
  if (bills.isError && !bills.data) return <LoadFailed onRetry={() => void bills.refetch()} />;
  if (!bills.data) return <Loading />;
  const { loan, options } = bills.data;
  if (!loan)
    return (
      <EmptyState
        testId="bills-empty"
        title={t('repayment.noLoanTitle')}
        body={t('repayment.noLoanBody')}
        action={<HomeLink />}
      />
    );
  return (
    <div className="kk-repay" data-testid="page-pay-back-detail">
      <section className="kk-card">
        <Facts
          rows={[
            { label: t('repayment.loanAmount'), value: rp(loan.amount) },
            loan.disbursed_on
              ? { label: t('repayment.disbursedOn'), value: formatDisplayDate(loan.disbursed_on) }
              : null,
            {
              label: t('repayment.loanOutstanding'),
              value: rp(loan.outstanding),
              strong: true,
              testId: 'loan-outstanding',
            },
            loan.credit > 0
              ? { label: t('repayment.credit'), value: rp(loan.credit), testId: 'loan-credit' }
              : null,
          ]}
        />
        {loan.credit > 0 ? <p className="kk-small kk-muted">{t('repayment.creditNote')}</p> : null}
      </section>
      <section className="kk-card">
        <table className="kk-repay__table" data-testid="bills-table">
          <caption className="kk-small kk-muted">{t('repayment.tableCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('repayment.no')}</th>
              <th scope="col">{t('repayment.dueAndStatus')}</th>
              <th scope="col" className="kk-repay__num">
                {t('repayment.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {bills.data.bills.map((bill) => (
              <tr
                key={bill.number}
                className={bill.state === 'overdue' ? 'kk-repay__row--overdue' : undefined}
                data-testid="bills-table-row"
                // The whole row answers a tap (a finger misses a small number); the button serves keyboards and readers.
                onClick={() => setOpen(bill)}
              >
                <td>
                  <button
                    type="button"
                    className="kk-repay__row-open"
                    aria-label={t('repayment.seeDetail', { n: bill.number })}
                  >
                    {bill.number}
                  </button>
                </td>
                <td className="kk-repay__due-cell">
                  {formatDisplayDate(bill.due_date)}
                  <BillState bill={bill} />
                </td>
                <td className="kk-repay__num">{rp(bill.state === 'paid' ? bill.total : bill.outstanding)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <PayActions options={options} />
      <PaymentClaimLink amount={bills.data.nearest?.outstanding} />
      <BillDetailSheet bill={open} onClose={() => setOpen(null)} />
    </div>
  );
}

import type { ReliefBill } from '@kaskita/domain/contract/relief';
import { formatRupiah } from '@kaskita/domain/money/rupiah';
import { formatDisplayDate } from '@kaskita/domain/pricing/business-date';
import { useT } from '../../../lib/i18n.ts';
import { reliefTexts } from '../relief-texts.ts';

/**
 * The bills a relief moves: each one's due date before and after, and what it still asks (unchanged). Three columns:
 * both dates share one, the new one bold, so the table fits a 320 px phone.
 */
export function ReliefBillsTable({ bills }: { bills: readonly ReliefBill[] }) {
  const t = useT(reliefTexts);
  return (
    <table className="kk-relief__table" data-testid="relief-bills">
      <caption className="kk-small kk-muted">{t('relief.billsCaption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('relief.billNo')}</th>
          <th scope="col">{t('relief.dueDates')}</th>
          <th scope="col" className="kk-relief__num">
            {t('relief.amount')}
          </th>
        </tr>
      </thead>
      <tbody>
        {bills.map((b) => (
          <tr key={b.number} data-testid="relief-bill">
            <th scope="row">{b.number}</th>
            <td>
              <span className="kk-muted" data-testid="relief-bill-before">
                {formatDisplayDate(b.due_date_before)}
              </span>{' '}
              <span aria-hidden="true">→</span>
              <span className="kk-visually-hidden">{t('relief.movesTo')}</span>{' '}
              <strong data-testid="relief-bill-after">{formatDisplayDate(b.due_date_after)}</strong>
            </td>
            <td className="kk-relief__num">{formatRupiah(b.amount)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

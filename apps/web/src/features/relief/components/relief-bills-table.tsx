import type { ReliefBill } from '@kaskita/domain/contract/relief';
import { formatRupiah } from '@kaskita/domain/money/rupiah';
import { formatDisplayDate } from '@kaskita/domain/pricing/business-date';
import type { ReliefKind } from '@kaskita/domain/relief/relief-rules';
import { useT } from '../../../lib/i18n.ts';
import { reliefTexts } from '../relief-texts.ts';

/**
 * The bills a relief changes: each one's due date and what it asks, before and after (a bill the relief adds is
 * marked new). Three columns: before and after share one, the new value bold, so the table fits a 320 px phone.
 */
export function ReliefBillsTable({ bills, kind }: { bills: readonly ReliefBill[]; kind: ReliefKind }) {
  const t = useT(reliefTexts);
  return (
    <table className="kk-relief__table" data-testid="relief-bills">
      <caption className="kk-small kk-muted">
        {t(kind === 'spread' ? 'relief.billsCaptionSpread' : 'relief.billsCaption')}
      </caption>
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
              <BeforeAfter
                before={b.due_date_before === null ? null : formatDisplayDate(b.due_date_before)}
                after={formatDisplayDate(b.due_date_after)}
                testId="relief-bill"
              />
            </td>
            <td className="kk-relief__num">
              {b.due_date_before === null || b.amount_before === b.amount ? (
                formatRupiah(b.amount)
              ) : (
                <BeforeAfter
                  before={formatRupiah(b.amount_before)}
                  after={formatRupiah(b.amount)}
                  testId="relief-bill-amount"
                  stacked
                />
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * "before → after" (the arrow read as "becomes"), "new → after" for a bill the relief adds; `stacked`, the old value
 * struck through above the new one, for amounts too wide to share a 320 px line.
 */
function BeforeAfter({
  before,
  after,
  testId,
  stacked = false,
}: {
  before: string | null;
  after: string;
  testId: string;
  stacked?: boolean;
}) {
  const t = useT(reliefTexts);
  if (before === after) return <strong data-testid={`${testId}-after`}>{after}</strong>;
  return (
    <>
      <span className={stacked ? 'kk-muted kk-relief__was' : 'kk-muted'} data-testid={`${testId}-before`}>
        {before ?? t('relief.newBill')}
      </span>{' '}
      {stacked ? null : <span aria-hidden="true">→</span>}
      <span className="kk-visually-hidden">{t('relief.movesTo')}</span>{' '}
      <strong data-testid={`${testId}-after`}>{after}</strong>
    </>
  );
}

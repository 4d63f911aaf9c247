import { useEffect, useState } from 'react';
import { formatRupiah, type Rupiah } from '@kaskita/domain/money/rupiah';
import { formatDisplayDate } from '@kaskita/domain/pricing/business-date';
import { formatShare } from '../../../lib/format.ts';
import { useLocale, useT } from '../../../lib/i18n.ts';
import { useLoanPlan, type PlanParams } from '../api/get-loan-plan.ts';
import type { TenorOffer } from '../tenor-offers.ts';
import { loansTexts } from '../loans-texts.ts';

const rp = (n: Rupiah) => formatRupiah(n);

/** A slider drag passes through dozens of amounts: the engine is asked once it rests. */
const ESTIMATE_DELAY_MS = 300;

function useSettled<T>(value: T, key: string): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ESTIMATE_DELAY_MS);
    return () => clearTimeout(timer);
    // `key` stands for the value: a new object each render must not restart the wait.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return settled;
}

/**
 * Under the amount and tenor, as they change: the most the borrower may take on this tenor (its max_amount, from the
 * limit and the income's rule), and the engine's instalments for the amount chosen (GET /v1/order/plan_v2), with the
 * share of income the largest month takes.
 */
export function AmountEstimate({ tenor, ...params }: PlanParams & { tenor: TenorOffer }) {
  const t = useT(loansTexts);
  const locale = useLocale();
  const asked = useSettled(params, `${params.pid}:${params.money}:${params.period}`);
  const plan = useLoanPlan(asked);
  const data = plan.data;
  const current = data?.amount === params.money && data.period === params.period;
  const first = data?.instalments[0];
  return (
    <div className="kk-loan__estimate" aria-live="polite">
      <p className="kk-small" data-testid="loan-max-for-tenor" data-max={tenor.range.max}>
        {t('loan.form.tenorMax', { amount: rp(tenor.range.max), tenor: tenor.label })}
      </p>
      <p className="kk-small" data-testid="loan-estimate" aria-busy={!current} data-current={current}>
        {data && first
          ? data.instalments.length === 1
            ? t('loan.form.estimateOne', { amount: rp(first.total), date: formatDisplayDate(first.due_date) })
            : t('loan.form.estimateMany', {
                count: data.instalments.length,
                amount: rp(first.total),
                date: formatDisplayDate(first.due_date),
              })
          : t('common.loading')}
        {data?.affordability.share_percent
          ? ` ${t('loan.form.estimateShare', { share: formatShare(data.affordability.share_percent, locale) })}`
          : null}
      </p>
    </div>
  );
}

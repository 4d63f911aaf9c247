import type { RepayPreview } from '@kaskita/domain/contract/commerce';
import { formatRupiah } from '@kaskita/domain/money/rupiah';
import { formatDisplayDate } from '@kaskita/domain/pricing/business-date';
import { useT } from '../../../lib/i18n.ts';
import { checkoutTexts } from '../checkout-texts.ts';

/**
 * The whole cost before the PIN is asked: every instalment with its date, then the order's price, the interest, the
 * fee, what the coupon took off and the total to repay, all from the loan engine (repay_preview), nothing typed here.
 */
export function PlanSchedule({ preview, pending }: { preview: RepayPreview; pending: boolean }) {
  const t = useT(checkoutTexts);
  return (
    <section
      className="kk-card"
      aria-labelledby="checkout-schedule"
      aria-busy={pending}
      data-testid="checkout-schedule"
    >
      <h2 className="kk-checkout__title" id="checkout-schedule">
        {t('pay.schedule')}
      </h2>
      <ol className="kk-checkout__instalments">
        {preview.schedule.map((instalment) => (
          <li key={instalment.number} className="kk-checkout__row" data-testid="checkout-instalment">
            <span>{t('pay.dueOn', { date: formatDisplayDate(instalment.due_date) })}</span>
            <strong>{formatRupiah(instalment.total)}</strong>
          </li>
        ))}
      </ol>
      <dl className="kk-checkout__totals">
        <div className="kk-checkout__row">
          <dt>{t('pay.price')}</dt>
          <dd>{formatRupiah(preview.amount)}</dd>
        </div>
        <div className="kk-checkout__row">
          <dt>{t('pay.interest')}</dt>
          <dd data-testid="checkout-interest">{formatRupiah(preview.interest)}</dd>
        </div>
        <div className="kk-checkout__row">
          <dt>{t('pay.fee')}</dt>
          <dd data-testid="checkout-fee">{formatRupiah(preview.fee)}</dd>
        </div>
        <div className="kk-checkout__row kk-checkout__row--total">
          <dt>{t('pay.total')}</dt>
          <dd data-testid="checkout-total">{formatRupiah(preview.total)}</dd>
        </div>
      </dl>
      {preview.discount > 0 ? (
        <p className="kk-checkout__saved" data-testid="checkout-discount">
          {t('pay.discount', { amount: formatRupiah(preview.discount) })}
        </p>
      ) : null}
      <p className="kk-small kk-muted">{t('pay.noOtherCost')}</p>
    </section>
  );
}

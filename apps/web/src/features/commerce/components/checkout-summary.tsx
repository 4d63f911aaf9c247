import type { CommerceOrderView } from '@kaskita/domain/contract/commerce';
import { formatRupiah } from '@kaskita/domain/money/rupiah';
import { useLocale, useT } from '../../../lib/i18n.ts';
import { checkoutTexts } from '../checkout-texts.ts';
import { localTime } from '../local-time.ts';

/** The merchant's order as the shop sent it: what is bought, for how much, and until when the link holds. */
export function CheckoutSummary({ order }: { order: CommerceOrderView }) {
  const t = useT(checkoutTexts);
  const locale = useLocale();
  return (
    <section className="kk-card kk-checkout__order" aria-labelledby="checkout-heading">
      <h1 className="kk-checkout__heading" id="checkout-heading" data-testid="checkout-merchant">
        {t('pay.heading', { merchant: order.merchant_name })}
      </h1>
      <p className="kk-small kk-muted">{t('pay.orderNumber', { number: order.merchant_order_id })}</p>
      <h2 className="kk-visually-hidden">{t('pay.items')}</h2>
      <ul className="kk-checkout__items" data-testid="checkout-items">
        {order.items.map((item, i) => (
          <li key={i} className="kk-checkout__item">
            <span>{item.name}</span>
            <span className="kk-small kk-muted">
              {t('pay.itemLine', { quantity: String(item.quantity), price: formatRupiah(item.price) })}
            </span>
          </li>
        ))}
      </ul>
      <p className="kk-checkout__amount">
        <span>{t('pay.amount')}</span>
        <strong data-testid="checkout-amount">{formatRupiah(order.amount)}</strong>
      </p>
      {order.status === 'unpaid' ? (
        <p className="kk-small kk-muted" data-testid="checkout-expires">
          {t('pay.payBefore', { time: localTime(order.expires_at, locale) })}
        </p>
      ) : null}
    </section>
  );
}

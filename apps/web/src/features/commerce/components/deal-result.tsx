import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { commercePlanSchema } from '@kaskita/domain/contract/commerce';
import { ERRORS } from '@kaskita/domain/i18n/error-codes';
import { formatRupiah } from '@kaskita/domain/money/rupiah';
import { Icon } from '../../../components/icon.tsx';
import { paths } from '../../../config/paths.ts';
import { useLocale, useT } from '../../../lib/i18n.ts';
import { useCheckoutOrder } from '../api/get-checkout.ts';
import { checkoutQuery, type CheckoutChoice } from '../checkout-query.ts';
import { forgetCheckout } from '../checkout-return.ts';
import { commerceTexts } from '../commerce-texts.ts';
import { BackToShop } from './back-to-shop.tsx';
import './commerce.css';

/**
 * /third/deal-success: what was paid to whom, read again from the server (a reload shows it too), the first
 * instalment when the purchase just happened, the bills, and the way back to the shop.
 */
export function DealSuccess({ signKey }: { signKey: string }) {
  const t = useT(commerceTexts);
  const order = useCheckoutOrder(signKey, true);
  const { state } = useLocation();
  const plan = commercePlanSchema.safeParse((state as { plan?: unknown } | null)?.plan).data;
  useEffect(forgetCheckout, []);
  return (
    <div className="kk-content kk-checkout" data-testid="page-deal-success">
      <section className="kk-card kk-checkout__result">
        <Icon name="check" size={40} />
        <h1 className="kk-checkout__heading">{t('deal.successHeading')}</h1>
        {order.data ? (
          <p data-testid="deal-paid">
            {t('deal.successBody', {
              amount: formatRupiah(order.data.amount),
              merchant: order.data.merchant_name,
            })}
          </p>
        ) : null}
        {plan ? (
          <p className="kk-small" data-testid="deal-first-instalment">
            {t('deal.firstDue', { amount: formatRupiah(plan.first_instalment), plan: plan.label })}
          </p>
        ) : null}
      </section>
      <div className="kk-checkout__actions">
        {order.data ? <BackToShop order={order.data} primary /> : null}
        <Link className="kk-btn kk-btn--ghost kk-btn--block" to={paths.bill.path} data-testid="deal-bills">
          {t('deal.bills')}
        </Link>
      </div>
    </div>
  );
}

/** /third/deal-failed: the purchase refused, in the borrower's language, with nothing charged and a way on. */
export function DealFailed({ choice, code }: { choice: CheckoutChoice; code: number | null }) {
  const t = useT(commerceTexts);
  const locale = useLocale();
  const order = useCheckoutOrder(choice.sign_key, true);
  const reason = Object.values(ERRORS).find((e) => e.code === code);
  return (
    <div className="kk-content kk-checkout" data-testid="page-deal-failed">
      <section className="kk-card kk-checkout__result" role="alert">
        <Icon name="warning" size={40} />
        <h1 className="kk-checkout__heading">{t('deal.failedHeading')}</h1>
        {reason ? <p data-testid="deal-failed-reason">{reason.msg[locale]}</p> : null}
        <p className="kk-small kk-muted">{t('deal.failedBody')}</p>
      </section>
      <div className="kk-checkout__actions">
        {order.data?.status === 'unpaid' ? (
          <Link
            className="kk-btn kk-btn--primary kk-btn--block"
            to={paths.thirdPayOrder.href(checkoutQuery(choice))}
            data-testid="deal-try-again"
          >
            {t('deal.tryAgain')}
          </Link>
        ) : null}
        {order.data ? <BackToShop order={order.data} /> : null}
      </div>
    </div>
  );
}

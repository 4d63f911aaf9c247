import { useT } from '../../../lib/i18n.ts';
import { checkoutTexts } from '../checkout-texts.ts';

/** /third/pay/order without a sign_key: nothing to show but where the link comes from. */
export function CheckoutWithoutOrder() {
  const t = useT(checkoutTexts);
  return (
    <div className="kk-status-page" role="alert" data-testid="checkout-no-order">
      <p>{t('pay.noOrder')}</p>
    </div>
  );
}

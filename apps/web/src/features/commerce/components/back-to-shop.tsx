import type { CommerceOrderView } from '@kaskita/domain/contract/commerce';
import { useT } from '../../../lib/i18n.ts';
import { checkoutTexts } from '../checkout-texts.ts';

/** The way back to the shop: its return address, which the server accepted from the merchant's configuration. */
export function BackToShop({
  order,
  primary = false,
}: {
  order: Pick<CommerceOrderView, 'return_url' | 'merchant_name'>;
  /** After the purchase, going back to the shop is the next step. */
  primary?: boolean;
}) {
  const t = useT(checkoutTexts);
  return (
    <a
      className={`kk-btn kk-btn--block ${primary ? 'kk-btn--primary' : 'kk-btn--link'}`}
      href={order.return_url}
      data-testid="checkout-back-to-shop"
    >
      {t('pay.back', { merchant: order.merchant_name })}
    </a>
  );
}

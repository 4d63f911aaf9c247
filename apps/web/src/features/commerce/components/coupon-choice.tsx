import type { CommerceOrderView } from '@kaskita/domain/contract/commerce';
import { Icon } from '../../../components/icon.tsx';
import { useT } from '../../../lib/i18n.ts';
import { checkoutTexts } from '../checkout-texts.ts';

type Props = {
  /** The coupons valid for the chosen plan. */
  coupons: CommerceOrderView['coupons'];
  value: string | undefined;
  onChange: (couponId: string | undefined) => void;
};

/** The coupons as vouchers (spec section 1's voucher display): one or none, for the chosen plan only. */
export function CouponChoice({ coupons, value, onChange }: Props) {
  const t = useT(checkoutTexts);
  if (coupons.length === 0) return null;
  return (
    <section className="kk-card" aria-labelledby="checkout-coupons">
      <h2 className="kk-checkout__title" id="checkout-coupons">
        {t('pay.coupons')}
      </h2>
      <div className="kk-checkout__options" role="radiogroup" aria-labelledby="checkout-coupons">
        {coupons.map((coupon) => (
          <button
            key={coupon.id}
            type="button"
            role="radio"
            aria-checked={coupon.id === value}
            className="kk-checkout__voucher"
            data-testid={`checkout-coupon-${coupon.id}`}
            onClick={() => onChange(coupon.id)}
          >
            <Icon name="bill" />
            <span>
              <span className="kk-checkout__option-name">{coupon.label}</span>
              <span className="kk-small kk-muted">{t('pay.couponFor')}</span>
            </span>
          </button>
        ))}
        <button
          type="button"
          role="radio"
          aria-checked={value === undefined}
          className="kk-checkout__voucher kk-checkout__voucher--none"
          data-testid="checkout-coupon-none"
          onClick={() => onChange(undefined)}
        >
          {t('pay.noCoupon')}
        </button>
      </div>
    </section>
  );
}

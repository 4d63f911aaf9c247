import { useState } from 'react';
import { Link } from 'react-router';
import type { CommerceOrderView } from '@kaskita/domain/contract/commerce';
import { ERRORS } from '@kaskita/domain/i18n/error-codes';
import { formatRupiah } from '@kaskita/domain/money/rupiah';
import { BottomSheet } from '../../../components/bottom-sheet.tsx';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { LoadingOverlay } from '../../../components/loading-overlay.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n.ts';
import { useSafeNavigate } from '../../../lib/use-safe-navigate.ts';
import { useBuyWithPayLater } from '../api/buy-with-pay-later.ts';
import { useCheckoutOrder } from '../api/get-checkout.ts';
import { checkoutQuery, type CheckoutChoice } from '../checkout-query.ts';
import { commerceTexts } from '../commerce-texts.ts';
import { refusalData } from '../refusal-data.ts';
import { PinField } from '../../../components/pin-field.tsx';

type Props = {
  order: CommerceOrderView;
  choice: CheckoutChoice & { product_id: string };
  onClose: () => void;
};

/** Refusals of the PIN itself, said under it; every other refusal ends on deal-failed with its reason. */
const PIN_REFUSALS: ReadonlySet<number> = new Set([ERRORS.PAY_PIN_WRONG.code, ERRORS.PAY_PIN_LOCKED.code]);

/**
 * The purchase's confirmation: the 6-digit payment PIN, sent with the plan and coupon (POST /v1/commerce/loan) as soon
 * as the sixth digit is typed. A lost answer (the network dropped after sending) is not guessed at: the order is read
 * again, and a paid order is a success, so nobody is told to pay twice.
 */
export function PayPinSheet({ order, choice, onClose }: Props) {
  const t = useT(commerceTexts);
  const navigate = useSafeNavigate();
  const buy = useBuyWithPayLater();
  const current = useCheckoutOrder(choice.sign_key, true);
  const [pin, setPin] = useState('');
  const [pinError, setPinError] = useState<string | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const query = checkoutQuery(choice);

  const pay = async (value: string) => {
    if (buy.isPending) return;
    setPinError(null);
    setBanner(null);
    try {
      const result = await buy.mutateAsync({
        sign_key: choice.sign_key,
        product_id: choice.product_id,
        coupons_id: choice.coupon_id,
        pay_pin: value,
      });
      navigate(paths.thirdDealSuccess.href({ sign_key: choice.sign_key }), {
        replace: true,
        state: { plan: result.plan },
      });
    } catch (e) {
      setPin('');
      if (!(e instanceof ApiError)) throw e;
      if (e.kind !== 'server') {
        const again = await current.refetch();
        if (again.data?.status === 'paid')
          navigate(paths.thirdDealSuccess.href({ sign_key: choice.sign_key }), { replace: true });
        else setBanner(e.message);
        return;
      }
      if (PIN_REFUSALS.has(e.code)) {
        const { triesLeft } = refusalData(e.data);
        setPinError(
          e.code === ERRORS.PAY_PIN_WRONG.code && triesLeft !== undefined
            ? t('pin.wrong', { count: triesLeft })
            : e.message,
        );
        return;
      }
      if (e.code === ERRORS.PAY_PIN_NOT_SET.code) {
        navigate(paths.thirdPaySetPasswd.href(query));
        return;
      }
      // A field error (a PIN of the wrong shape) stays here; anything else is the purchase refused.
      if (refusalData(e.data).fields.includes('pay_pin')) {
        setPinError(e.message);
        return;
      }
      navigate(paths.thirdDealFailed.href({ ...query, code: e.code }), { replace: true });
    }
  };

  return (
    <BottomSheet visible onClose={buy.isPending ? () => undefined : onClose} title={t('pin.title')}>
      <form
        className="kk-checkout__pin"
        noValidate
        data-testid="checkout-pin-sheet"
        onSubmit={(e) => {
          e.preventDefault();
          if (pin.length === 6) void pay(pin);
        }}
      >
        <p className="kk-small kk-muted">
          {t('pin.hint', { amount: formatRupiah(order.amount), merchant: order.merchant_name })}
        </p>
        <PinField
          label={t('pin.label')}
          value={pin}
          onChange={(v) => {
            setPin(v);
            setPinError(null);
          }}
          onComplete={(v) => void pay(v)}
          error={pinError}
          testId="checkout-pin"
          autoFocus
        />
        <ErrorBanner message={banner} onDismiss={() => setBanner(null)} testId="checkout-pin-banner" />
        <button
          type="submit"
          className="kk-btn kk-btn--primary kk-btn--block"
          disabled={pin.length !== 6 || buy.isPending}
          data-testid="checkout-pin-confirm"
        >
          {t('pin.confirm')}
        </button>
        <Link className="kk-btn kk-btn--link kk-btn--block" to={paths.thirdPaySetPasswd.href(query)}>
          {t('pin.forgot')}
        </Link>
        <LoadingOverlay visible={buy.isPending} label={t('pin.paying')} />
      </form>
    </BottomSheet>
  );
}

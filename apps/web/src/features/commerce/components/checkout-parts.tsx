import { ApiError } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n.ts';
import { checkoutTexts } from '../checkout-texts.ts';

// The checkout's pieces shown both in its first frame (checkout-order.tsx) and once the order is there
// (checkout-payable.tsx).

/**
 * What the page is, in the place it keeps from the first paint to the priced plans: a buyer on a slow line reads it
 * while the order loads, and nothing above it arrives later to push it down.
 */
export function CheckoutIntro() {
  const t = useT(checkoutTexts);
  return (
    <p className="kk-checkout__intro" data-testid="checkout-intro">
      {t('pay.intro')}
    </p>
  );
}

/** A refusal of the checkout (not found, expired, another shop's) said on the page, with a retry for a failed load. */
export function CheckoutRefused({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = useT(checkoutTexts);
  const refused = error instanceof ApiError && error.kind === 'server';
  return (
    <div className="kk-status-page" role="alert" data-testid="checkout-refused">
      <p>{refused ? error.message : t('pay.loadFailed')}</p>
      {refused ? null : (
        <button type="button" className="kk-btn kk-btn--primary" onClick={onRetry}>
          {t('pay.retry')}
        </button>
      )}
    </div>
  );
}

import { Link } from 'react-router';
import { useLocale, useT } from '../../../lib/i18n.ts';
import { pendingCheckout } from '../checkout-return.ts';
import { commerceTexts } from '../commerce-texts.ts';
import { localTime } from '../local-time.ts';
import './commerce.css';

/** On the home: the order the borrower left at a shop's checkout to get a limit, with the way back to it. */
export function CheckoutReturnCard() {
  const t = useT(commerceTexts);
  const locale = useLocale();
  const pending = pendingCheckout();
  if (!pending) return null;
  return (
    <section className="kk-card kk-checkout__return" data-testid="checkout-return">
      <p>
        {t('return.body', {
          merchant: pending.merchant,
          time: localTime(pending.expires_at, locale),
        })}
      </p>
      <Link
        className="kk-btn kk-btn--primary kk-btn--block"
        to={pending.href}
        data-testid="checkout-return-link"
      >
        {t('return.action')}
      </Link>
    </section>
  );
}

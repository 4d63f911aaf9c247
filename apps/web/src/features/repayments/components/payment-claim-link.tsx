import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useT } from '../../../lib/i18n.ts';
import { repaymentsTexts } from '../repayments-texts.ts';

/**
 * "Paid but not credited?" is a view of /bill (`?claim=1`), not a route of its own: the route table ships in the first
 * paint, which has no bytes to spare (bench/bundle-bench.ts). `channel` and `amount` prefill the form.
 */
export const PAYMENT_CLAIM_QUERY = 'claim';

export const paymentClaimHref = (prefill: { channel?: string; amount?: number } = {}) =>
  paths.bill.href({ [PAYMENT_CLAIM_QUERY]: 1, channel: prefill.channel, amount: prefill.amount });

/** The way to report a payment the bill does not show, from the pages where a borrower waits for one. */
export function PaymentClaimLink(prefill: { channel?: string; amount?: number }) {
  const t = useT(repaymentsTexts);
  return (
    <Link
      className="kk-btn kk-btn--link kk-repay__claim-link"
      to={paymentClaimHref(prefill)}
      data-testid="claim-link"
    >
      {t('repayment.claimLink')}
    </Link>
  );
}

import { Link } from 'react-router';
import type { RefundState } from '@kaskita/domain/contract/refunds';
import { formatRupiah, type Rupiah } from '@kaskita/domain/money/rupiah';
import { paths } from '../../../config/paths.ts';
import { useT } from '../../../lib/i18n.ts';
import { useRefunds } from '../api/get-refunds.ts';
import { meTexts } from '../me-texts.ts';

const rp = (n: Rupiah) => formatRupiah(n);

/**
 * Credit held for the borrower (GET /v1/order/refunds) and each refund of it not yet paid, on Me. A paid refund is
 * history (the repayment history lists it), so with nothing held and nothing under way this shows nothing, as for most
 * borrowers; nothing either while it loads.
 */
export function MeBalance() {
  const t = useT(meTexts);
  const { data } = useRefunds();
  if (!data) return null;
  const underWay = data.list.filter(
    (r): r is typeof r & { state: Exclude<RefundState, 'completed'> } => r.state !== 'completed',
  );
  if (data.held === 0 && underWay.length === 0) return null;
  return (
    <section className="kk-card kk-me__balance" data-testid="me-balance">
      <div className="kk-me__balance-head">
        <span>{t('meBalance.held')}</span>
        <strong data-testid="me-balance-held">{rp(data.held)}</strong>
      </div>
      {underWay.length === 0 ? (
        <p className="kk-small kk-muted">{t('meBalance.whenPaidOff')}</p>
      ) : (
        <ul className="kk-me__refunds" aria-label={t('meBalance.title')}>
          {underWay.map((refund) => (
            <li key={refund.id} data-testid="me-refund" data-state={refund.state}>
              <span>
                {t('meBalance.refundTo', {
                  amount: rp(refund.amount),
                  bank: refund.bank_code,
                  digits: refund.last_digits,
                })}
              </span>
              <span className="kk-small kk-muted" data-testid="me-refund-state">
                {t(`meBalance.state_${refund.state}`)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <Link to={paths.meRepaymentHistory.path} className="kk-small" data-testid="me-balance-details">
        {t('meBalance.details')}
      </Link>
    </section>
  );
}

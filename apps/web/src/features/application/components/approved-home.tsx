import { Link } from 'react-router';
import { formatRupiah } from '@kaskita/domain/money/rupiah';
import { paths } from '../../../config/paths.ts';
import { useT } from '../../../lib/i18n.ts';
import { useLimitAmount } from '../api/application-api.ts';
import { applicationTexts } from '../application-texts.ts';
import '../../../components/limit-hero.css';
import './application.css';

/**
 * /home/loan-product for an approved borrower: the limit and what is still available, and where to borrow. With
 * `borrowLink` false the page shows the borrowing form itself (composed below by the route), so no link to it.
 */
export function ApprovedHome({ borrowLink = true }: { borrowLink?: boolean } = {}) {
  const t = useT(applicationTexts);
  const limit = useLimitAmount();
  return (
    <div data-testid="page-loan-product">
      <section className="kk-unaudited__hero">
        <p className="kk-unaudited__label">{t('approved.available')}</p>
        <p className="kk-unaudited__amount" data-testid="limit-available">
          {limit.data ? formatRupiah(limit.data.available_amount) : '…'}
        </p>
        {/* The line keeps its place while the limit loads, so what is below does not move when it arrives. */}
        {limit.data ? (
          <p className="kk-small" data-testid="limit-total">
            {t('approved.limit', { amount: formatRupiah(limit.data.limit_amount) })}
          </p>
        ) : (
          <p className="kk-small" aria-hidden="true">
            {'\u00a0'}
          </p>
        )}
        {borrowLink ? (
          <Link className="kk-btn kk-unaudited__cta" to={paths.loanOrder.path} data-testid="borrow">
            {t('approved.borrow')}
          </Link>
        ) : null}
      </section>
    </div>
  );
}

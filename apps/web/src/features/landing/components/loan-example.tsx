import { useT } from '../../../lib/i18n.ts';
import { formatRupiah } from '@kaskita/domain/money/rupiah';
import { formatPercent } from '../../../lib/format.ts';
import type { LandingExample } from '../api/get-landing-example.ts';

/** The loan example block. Figures come only from the API (computed by the loan engine), never typed here. */
export function LoanExample({
  example,
  loading,
}: {
  example: LandingExample | null | undefined;
  loading: boolean;
}) {
  const t = useT();
  if (loading)
    return (
      <p className="kk-muted" data-testid="loan-example-loading">
        {t('landing.example.loading')}
      </p>
    );
  if (!example)
    return (
      <p className="kk-muted" data-testid="loan-example-absent">
        {t('landing.example.absent')}
      </p>
    );
  const rows: [string, string][] = [
    [t('landing.example.product'), example.product_name],
    [t('landing.example.amount'), formatRupiah(example.amount, { space: true })],
    [t('landing.example.tenor'), t('landing.example.tenorMonths', { count: example.tenor_months })],
    [t('landing.example.interestFees'), formatRupiah(example.total_interest_and_fees, { space: true })],
    [t('landing.example.instalment'), formatRupiah(example.instalment, { space: true })],
    [t('landing.example.total'), formatRupiah(example.total_repayment, { space: true })],
    [t('landing.example.received'), formatRupiah(example.amount_received, { space: true })],
    [t('landing.example.dailyCost'), formatPercent(example.daily_cost_percent)],
  ];
  return (
    <div data-testid="loan-example">
      <dl className="kk-landing__table">
        {rows.map(([k, v]) => (
          <div key={k} className="kk-landing__row">
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      <p className="kk-small kk-muted">{t('landing.example.note')}</p>
    </div>
  );
}

import { useLocale, useT, type TFunction } from '../../../lib/i18n.ts';
import { formatRupiah, subtractRupiah, type Rupiah } from '@kaskita/domain/money/rupiah';
import { formatPercent } from '../../../lib/format.ts';
import type { LandingExample } from '../api/get-landing-example.ts';

const rp = (n: Rupiah) => formatRupiah(n);

/**
 * How the instalments make the total. The API gives the first instalment and the total; when the others differ
 * (interest runs per actual day, so a 31-day month costs more than a 30-day one; or a rounding remainder), the
 * example shows the first and the rest together, so the figures on screen always add up.
 */
export function instalmentBreakdown(
  ex: Pick<LandingExample, 'instalments' | 'instalment' | 'total_repayment'>,
):
  | { equal: true; count: number; amount: Rupiah }
  | { equal: false; first: Rupiah; restCount: number; rest: Rupiah } {
  const n = Math.max(1, ex.instalments);
  if (ex.instalment * n === ex.total_repayment) return { equal: true, count: n, amount: ex.instalment };
  return {
    equal: false,
    first: ex.instalment,
    restCount: n - 1,
    rest: subtractRupiah(ex.total_repayment, ex.instalment),
  };
}

/** The seeded products' names are Indonesian; the English UI names them in English (unknown names as given). */
const PRODUCT_KEYS: Record<string, 'cash-loan' | 'pay-later' | 'pay-later-free'> = {
  'Pinjaman tunai': 'cash-loan',
  'Bayar nanti': 'pay-later',
  'Bayar nanti bebas bunga': 'pay-later-free',
};
export function productLabel(name: string, t: TFunction): string {
  const key = PRODUCT_KEYS[name];
  return key ? t(`products.${key}`) : name;
}

/** The loan example block. Figures come only from the API (computed by the loan engine), never typed here. */
export function LoanExample({
  example,
  loading,
}: {
  example: LandingExample | null | undefined;
  loading: boolean;
}) {
  const t = useT();
  const locale = useLocale();
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
  const b = instalmentBreakdown(example);
  const instalmentRows: [string, string][] = b.equal
    ? [
        [
          t('landing.example.instalments'),
          t('landing.example.instalmentsEqual', { count: b.count, amount: rp(b.amount) }),
        ],
      ]
    : [
        [t('landing.example.firstInstalment'), rp(b.first)],
        [t('landing.example.laterInstalments', { count: b.restCount }), rp(b.rest)],
      ];
  const rows: [string, string][] = [
    [t('landing.example.product'), productLabel(example.product_name, t)],
    [t('landing.example.amount'), rp(example.amount)],
    [t('landing.example.tenor'), t('landing.example.tenorMonths', { count: example.tenor_months })],
    [t('landing.example.interestFees'), rp(example.total_interest_and_fees)],
    ...instalmentRows,
    [t('landing.example.total'), rp(example.total_repayment)],
    [t('landing.example.received'), rp(example.amount_received)],
    [t('landing.example.dailyCost'), formatPercent(example.daily_cost_percent, locale)],
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
      {b.equal ? null : (
        <p className="kk-small" data-testid="loan-example-sum">
          {t('landing.example.sum', {
            first: rp(b.first),
            rest: rp(b.rest),
            total: rp(example.total_repayment),
          })}
          <br />
          <span className="kk-muted">{t('landing.example.perDay')}</span>
        </p>
      )}
      <p className="kk-small kk-muted">{t('landing.example.note')}</p>
    </div>
  );
}

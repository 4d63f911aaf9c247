import { useT } from '../../../lib/i18n.ts';
import { formatRupiah, rupiah } from '@kaskita/domain/money/rupiah';
import '../../../components/limit-hero.css';
import './home.css';
import { Icon } from '../../../components/icon.tsx';

/** Highest limit advertised to a new borrower (spec section 1: loans up to 30 million rupiah). */
export const MAX_ADVERTISED_LIMIT = rupiah(30_000_000);

/** Unaudited home: "borrow up to" and the cek limit button that starts onboarding. */
export function UnauditedView({ onCekLimit }: { onCekLimit: () => void }) {
  const t = useT();
  return (
    <div data-testid="page-unaudited">
      <section className="kk-unaudited__hero">
        <p className="kk-unaudited__label">{t('unaudited.borrowUpTo')}</p>
        <p className="kk-unaudited__amount">{formatRupiah(MAX_ADVERTISED_LIMIT)}</p>
        <button
          type="button"
          className="kk-btn kk-unaudited__cta"
          data-testid="cek-limit"
          onClick={onCekLimit}
        >
          {t('unaudited.cekLimit')}
        </button>
      </section>
      <section className="kk-card">
        <ul className="kk-unaudited__perks">
          {(['perks1', 'perks2', 'perks3'] as const).map((k) => (
            <li key={k}>
              <Icon name="check" className="kk-unaudited__check" />
              {t(`unaudited.${k}`)}
            </li>
          ))}
        </ul>
        <p className="kk-small kk-muted" style={{ marginBottom: 0 }}>
          {t('unaudited.eligibility')}
        </p>
      </section>
    </div>
  );
}

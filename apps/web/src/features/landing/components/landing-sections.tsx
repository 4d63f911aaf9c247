import type { ReactNode } from 'react';
import { useLocale, useT } from '../../../lib/i18n.ts';
import { LanguageSwitch } from '../../../components/language-switch.tsx';
import { useAppConfig } from '../../../lib/app-config.ts';
import { formatCount, formatRupiah } from '@kaskita/domain/money/rupiah';
import { formatDisplayDate } from '@kaskita/domain/pricing/business-date';
import { formatPercent } from '../../../lib/format.ts';
import { useLandingExample } from '../api/get-landing-example.ts';
import { LoanExample } from './loan-example.tsx';
import './landing.css';

/**
 * The landing hero: logo and language switch, title, optional subtitle, the claims and the 'apply now' action
 * (a button on the landing page, the partner's link on a partner page).
 */
export function LandingHero({
  logo = 'KasKita',
  subtitle,
  action,
}: {
  logo?: string;
  subtitle?: string;
  action: ReactNode;
}) {
  const t = useT();
  return (
    <section className="kk-landing__hero">
      <div className="kk-landing__top">
        <span className="kk-landing__logo">{logo}</span>
        <LanguageSwitch />
      </div>
      <h1 className="kk-landing__title">{t('landing.heroTitle')}</h1>
      {subtitle ? <p className="kk-landing__subtitle">{subtitle}</p> : null}
      <Claims />
      {action}
    </section>
  );
}

/** The hero claims; amount and tenor state the product on offer once the example has loaded (static copy until then). */
export function Claims() {
  const t = useT();
  const { data: ex } = useLandingExample();
  const claims = ['amount', 'tenor', 'collateral', 'hours', 'online', 'speed'] as const;
  const text = (c: (typeof claims)[number]) => {
    if (ex && c === 'amount') return t('landing.live.amount', { max: formatRupiah(ex.max_amount) });
    if (ex && c === 'tenor') return t('landing.live.tenor', { count: ex.max_tenor_months });
    return t(`landing.claims.${c}`);
  };
  return (
    <ul className="kk-landing__claims">
      {claims.map((c) => (
        <li key={c}>{text(c)}</li>
      ))}
    </ul>
  );
}

export function ApplicationSteps() {
  const t = useT();
  const steps = ['download', 'register', 'form', 'approval', 'disbursement', 'funds'] as const;
  return (
    <section className="kk-card">
      <h2 className="kk-landing__h2">{t('landing.stepsHeading')}</h2>
      <ol className="kk-landing__steps">
        {steps.map((s) => (
          <li key={s}>{t(`landing.steps.${s}`)}</li>
        ))}
      </ol>
    </section>
  );
}

export function Requirements() {
  const t = useT();
  return (
    <section className="kk-card">
      <h2 className="kk-landing__h2">{t('landing.requirementsHeading')}</h2>
      <p>{t('landing.requirements')}</p>
    </section>
  );
}

/**
 * Range, tenor and every rate come from the active product (GET /v1/landing/example), never from typed copy:
 * a stated rate must be the one the loan engine charges, and within the OJK cap in force.
 */
export function Costs() {
  const t = useT();
  const locale = useLocale();
  const { data: ex } = useLandingExample();
  const lines = ex
    ? [
        t('landing.live.range', {
          min: formatRupiah(ex.min_amount),
          max: formatRupiah(ex.max_amount),
        }),
        t('landing.live.costTenor', { count: ex.max_tenor_months }),
        t('landing.costs.interest', { rate: formatPercent(ex.daily_interest_percent, locale) }),
        t('landing.costs.service', { rate: formatPercent(ex.daily_service_fee_percent, locale) }),
        t('landing.costs.late', { rate: formatPercent(ex.daily_late_fee_percent, locale) }),
        ex.origination_fee_percent === '0' && ex.origination_fee_fixed === 0
          ? t('landing.costs.origination')
          : t('landing.costs.originationCharged', {
              rate: formatPercent(ex.origination_fee_percent, locale),
              fixed: formatRupiah(ex.origination_fee_fixed),
            }),
        t('landing.costs.cap', { rate: formatPercent(ex.daily_cost_percent, locale) }),
      ]
    : [t('landing.costs.range'), t('landing.costs.tenor'), t('landing.costs.loading')];
  return (
    <section className="kk-card">
      <h2 className="kk-landing__h2">{t('landing.costsHeading')}</h2>
      <ul className="kk-landing__list">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}

export function LoanExampleSection() {
  const t = useT();
  const { data, isLoading } = useLandingExample();
  return (
    <section className="kk-card">
      <h2 className="kk-landing__h2">{t('landing.exampleHeading')}</h2>
      <LoanExample example={data} loading={isLoading} />
    </section>
  );
}

/**
 * Platform figures the regulator requires on the landing page, as the server last counted them from the loan book,
 * with that date. A figure never counted (or not recorded, like the lenders) shows no number at all.
 */
export function PlatformFigures() {
  const t = useT();
  const locale = useLocale();
  const { data: config } = useAppConfig();
  const f = config?.platform_figures;
  const loading = '…';
  const items = [
    [
      t('landing.figures.disbursed'),
      f ? f.funds_disbursed !== null && formatRupiah(f.funds_disbursed) : loading,
    ],
    [t('landing.figures.lenders'), f ? f.lenders !== null && formatCount(f.lenders) : loading],
    [t('landing.figures.borrowers'), f ? f.borrowers !== null && formatCount(f.borrowers) : loading],
    [
      t('landing.figures.tkb90'),
      f ? f.tkb90_percent !== null && formatPercent(f.tkb90_percent, locale) : loading,
    ],
  ].filter((item): item is [string, string] => typeof item[1] === 'string');
  return (
    <section className="kk-card" data-testid="platform-figures">
      <h2 className="kk-landing__h2">{t('landing.figuresHeading')}</h2>
      {items.length > 0 ? (
        <div className="kk-landing__figures">
          {items.map(([label, value]) => (
            <div key={label} className="kk-landing__figure">
              <strong>{value}</strong>
              <span>{label}</span>
            </div>
          ))}
        </div>
      ) : null}
      <p className="kk-small kk-muted" data-testid="figures-as-of">
        {!f
          ? t('landing.figures.asOf', { date: loading })
          : f.as_of
            ? t('landing.figures.asOf', { date: formatDisplayDate(f.as_of) })
            : t('landing.figures.notYet')}
      </p>
    </section>
  );
}

const RISK_ITEMS = [
  'civil',
  'lender',
  'data',
  'lenderExperience',
  'borrowWisely',
  'fraud',
  'readFirst',
  'government',
  'escrow',
] as const;

/**
 * The risk warning OJK requires on the platform, in full. The Indonesian lead is the regulator's own wording, so the
 * English page shows it too, above its translation.
 */
export function RiskWarning() {
  const t = useT();
  const locale = useLocale();
  return (
    <section className="kk-landing__risk" data-testid="risk-warning">
      <h2 className="kk-landing__h2">{t('landing.riskHeading')}</h2>
      {locale === 'en-US' ? (
        <p className="kk-landing__risk-lead" lang="id">
          {RISK_LEAD_ID}
        </p>
      ) : null}
      <p className="kk-landing__risk-lead">{t('landing.riskLead')}</p>
      <ol>
        {RISK_ITEMS.map((k) => (
          <li key={k}>{t(`landing.risk.${k}`)}</li>
        ))}
      </ol>
    </section>
  );
}

/** OJK's lead sentence in Indonesian (shown as is in every language). */
const RISK_LEAD_ID =
  'HATI-HATI, TRANSAKSI INI BERISIKO TINGGI. Anda dapat saja mengalami kerugian atau kehilangan uang. Jangan berutang jika tidak memiliki kemampuan membayar. Pertimbangkan secara bijak sebelum bertransaksi.';

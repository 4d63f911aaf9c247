import { useT } from '../../../lib/i18n.ts';
import { useState } from 'react';
import { LicenceBanner } from '../../../components/licence-banner.tsx';
import {
  ApplicationSteps,
  Costs,
  LandingHero,
  LoanExampleSection,
  Requirements,
  RiskWarning,
} from './landing-sections.tsx';
import './landing.css';

const TABS = ['info', 'requirements', 'fees', 'disclosure'] as const;
type Tab = (typeof TABS)[number];

/** /landing-page/:platform: a partner's referral page with tabs; 'apply now' opens the partner's link. */
export function PartnerLandingView({ platform, applyHref }: { platform: string; applyHref: string }) {
  const t = useT();
  const [tab, setTab] = useState<Tab>('info');
  const label: Record<Tab, string> = {
    info: t('landing.partner.tabInfo'),
    requirements: t('landing.partner.tabRequirements'),
    fees: t('landing.partner.tabFees'),
    disclosure: t('landing.partner.tabDisclosure'),
  };
  return (
    <div data-testid="page-landing-partner" data-platform={platform}>
      <LandingHero
        logo={`KasKita × ${platform}`}
        action={
          <a
            className="kk-btn kk-btn--block kk-landing__cta"
            href={applyHref}
            rel="noreferrer"
            data-testid="landing-apply"
          >
            {t('landing.apply')}
          </a>
        }
      />
      <LicenceBanner>{t('ojk.licensed')}</LicenceBanner>
      <div className="kk-landing__tabs" role="tablist">
        {TABS.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            className="kk-landing__tab"
            aria-selected={tab === k}
            onClick={() => setTab(k)}
          >
            {label[k]}
          </button>
        ))}
      </div>
      <div className="kk-content" role="tabpanel">
        {tab === 'info' ? (
          <>
            <LoanExampleSection />
            <ApplicationSteps />
          </>
        ) : null}
        {tab === 'requirements' ? <Requirements /> : null}
        {tab === 'fees' ? <Costs /> : null}
        {tab === 'disclosure' ? (
          <section className="kk-card">
            <p>{t('landing.partner.disclosure')}</p>
          </section>
        ) : null}
      </div>
      <RiskWarning />
    </div>
  );
}

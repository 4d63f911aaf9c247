import { useT } from '../../../lib/i18n.ts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { LicenceBanner } from '../../../components/licence-banner.tsx';
import {
  ApplicationSteps,
  Costs,
  LandingHero,
  LoanExampleSection,
  Requirements,
} from './landing-sections.tsx';
import { LandingFooter } from './landing-footer.tsx';
import './landing.css';

const TABS = ['info', 'requirements', 'fees', 'disclosure'] as const;
type Tab = (typeof TABS)[number];

/** /landing-page/:platform: a partner's referral page with tabs; 'apply now' opens the partner's link. */
export function PartnerLandingView({
  platform,
  partnerName,
  applyHref,
}: {
  platform: string;
  /** The partner's display name ("DOKU Wallet"), not its URL key. */
  partnerName: string;
  applyHref: string;
}) {
  const t = useT();
  const [tab, setTab] = useState<Tab>('info');
  const { ref: tabsRef, update: updateHint, more } = useScrollHint<HTMLDivElement>();
  const label: Record<Tab, string> = {
    info: t('landing.partner.tabInfo'),
    requirements: t('landing.partner.tabRequirements'),
    fees: t('landing.partner.tabFees'),
    disclosure: t('landing.partner.tabDisclosure'),
  };
  return (
    <div data-testid="page-landing-partner" data-platform={platform}>
      <LandingHero
        logo={`KasKita × ${partnerName}`}
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
      <div
        className="kk-landing__tabs"
        role="tablist"
        ref={tabsRef}
        onScroll={updateHint}
        data-more-start={more.start || undefined}
        data-more-end={more.end || undefined}
        data-testid="partner-tabs"
      >
        {TABS.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            className="kk-landing__tab"
            aria-selected={tab === k}
            onClick={(e) => {
              setTab(k);
              e.currentTarget.scrollIntoView({ block: 'nearest', inline: 'nearest' });
            }}
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
      <LandingFooter />
    </div>
  );
}

/**
 * Whether a row scrolls further to either side, so the row can fade that edge: a clipped last tab alone does not
 * tell a borrower that the row scrolls.
 */
function useScrollHint<E extends HTMLElement>() {
  const ref = useRef<E>(null);
  const [hint, setHint] = useState({ start: false, end: false });
  const update = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const start = el.scrollLeft > 1;
    const end = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setHint((h) => (h.start === start && h.end === end ? h : { start, end }));
  }, []);
  useEffect(() => {
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, [update]);
  return { ref, update, more: hint };
}

import { useT } from '../../../lib/i18n.ts';
import { LanguageSwitch } from '../../../components/language-switch.tsx';
import { LicenceBanner } from '../../../components/licence-banner.tsx';
import {
  ApplicationSteps,
  Claims,
  Costs,
  LoanExampleSection,
  PlatformFigures,
  Requirements,
  RiskWarning,
} from './landing-sections.tsx';
import './landing.css';

/** The public landing page (spec sections 1 and 9, and the regulator's landing-page duties). */
export function LandingView({ onApply }: { onApply: () => void }) {
  const t = useT();
  return (
    <div data-testid="page-landing">
      <section className="kk-landing__hero">
        <div className="kk-landing__top">
          <span className="kk-landing__logo">KasKita</span>
          <LanguageSwitch />
        </div>
        <h1 className="kk-landing__title">{t('landing.heroTitle')}</h1>
        <p className="kk-landing__subtitle">{t('landing.heroSubtitle')}</p>
        <Claims />
        <button
          type="button"
          className="kk-btn kk-btn--block kk-landing__cta"
          data-testid="landing-apply"
          onClick={onApply}
        >
          {t('landing.apply')}
        </button>
      </section>
      <LicenceBanner>{t('ojk.licensed')}</LicenceBanner>
      <div className="kk-content">
        <LoanExampleSection />
        <ApplicationSteps />
        <Requirements />
        <Costs />
        <PlatformFigures />
      </div>
      <RiskWarning />
    </div>
  );
}

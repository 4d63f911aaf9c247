import { useT } from '../../../lib/i18n.ts';
import { LicenceBanner } from '../../../components/licence-banner.tsx';
import {
  ApplicationSteps,
  Costs,
  LandingHero,
  LoanExampleSection,
  PlatformFigures,
  Requirements,
} from './landing-sections.tsx';
import { LandingFooter } from './landing-footer.tsx';
import './landing.css';

/** The public landing page (spec sections 1 and 9, and the regulator's landing-page duties). */
export function LandingView({ onApply }: { onApply: () => void }) {
  const t = useT();
  return (
    <div data-testid="page-landing">
      <LandingHero
        subtitle={t('landing.heroSubtitle')}
        action={
          <button
            type="button"
            className="kk-btn kk-btn--block kk-landing__cta"
            data-testid="landing-apply"
            onClick={onApply}
          >
            {t('landing.apply')}
          </button>
        }
      />
      <LicenceBanner>{t('ojk.licensed')}</LicenceBanner>
      <div className="kk-content">
        <LoanExampleSection />
        <ApplicationSteps />
        <Requirements />
        <Costs />
        <PlatformFigures />
      </div>
      <LandingFooter />
    </div>
  );
}

import { useT } from '../../../lib/i18n.ts';
import { useAppConfig } from '../../../lib/app-config.ts';
import { paths } from '../../../config/paths.ts';
import { RiskWarning } from './landing-sections.tsx';
import './landing.css';

/** OJK's consumer line: the regulator's own contacts, not configuration. */
const OJK_PHONE = '157';
const OJK_EMAIL = 'kontak157@ojk.go.id';

/**
 * The landing footer: the OJK risk warning in full, who the lender is (legal name, address, OJK licence number),
 * every complaint channel, and the documents login asks the borrower to accept. Company values come from
 * configuration ('…' until it loads). The documents are plain links: the landing page has no router
 * (app/landing-document.tsx), and a legal document is a page of its own anyway.
 */
export function LandingFooter() {
  const t = useT();
  const { data: c } = useAppConfig();
  const v = (value: string | undefined) => value ?? '…';
  return (
    <footer className="kk-landing__footer" data-testid="landing-footer" aria-label={t('footer.label')}>
      <RiskWarning />
      <div className="kk-landing__company">
        <p>
          <strong data-testid="footer-company">{v(c?.company_legal_name)}</strong>
          <br />
          {v(c?.company_address)}
        </p>
        <p data-testid="footer-licence">{t('footer.licence', { number: v(c?.ojk_registration_number) })}</p>
        <h2 className="kk-landing__h3">{t('footer.complaintsHeading')}</h2>
        <ul className="kk-landing__channels" data-testid="footer-complaints">
          <li>{t('footer.inApp')}</li>
          <li>
            {t('footer.email')}:{' '}
            <a href={c ? `mailto:${c.complaint_email}` : undefined}>{v(c?.complaint_email)}</a>
          </li>
          <li>
            {t('footer.phone')}: <a href={c ? `tel:${c.support_phone}` : undefined}>{v(c?.support_phone)}</a>
            {c ? ` (${c.support_hours})` : null}
          </li>
          <li>
            {t('footer.ojk')}: <a href={`tel:${OJK_PHONE}`}>{OJK_PHONE}</a>,{' '}
            <a href={`mailto:${OJK_EMAIL}`}>{OJK_EMAIL}</a>
          </li>
        </ul>
        <nav className="kk-landing__legal-links">
          <a href={paths.legalTerms.path} data-testid="footer-terms">
            {t('footer.terms')}
          </a>
          <a href={paths.legalPrivacy.path} data-testid="footer-privacy">
            {t('footer.privacy')}
          </a>
        </nav>
      </div>
    </footer>
  );
}

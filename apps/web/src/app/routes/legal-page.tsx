import { PRIVACY_VERSION, TERMS_VERSION } from '@kaskita/domain/legal/versions';
import { RouteTopBar } from '../route-top-bar.tsx';
import { LegalDocumentView } from '../../features/legal/components/legal-document-view.tsx';
import { privacyPolicy } from '../../features/legal/content/privacy-policy.ts';
import { termsOfUse } from '../../features/legal/content/terms-of-use.ts';

/** /legal/privacy and /legal/terms: open to everyone (login links here before anyone has an account). */
export function PrivacyPolicyPage() {
  return (
    <div data-testid="page-privacy">
      <RouteTopBar />
      <LegalDocumentView texts={privacyPolicy} version={PRIVACY_VERSION} testId="legal-privacy" />
    </div>
  );
}

export function TermsOfUsePage() {
  return (
    <div data-testid="page-terms">
      <RouteTopBar />
      <LegalDocumentView texts={termsOfUse} version={TERMS_VERSION} testId="legal-terms" />
    </div>
  );
}

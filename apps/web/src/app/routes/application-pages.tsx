import { RouteTopBar } from '../route-top-bar.tsx';
import { AuditingView } from '../../features/application/components/auditing-view.tsx';
import { FaceCapture } from '../../features/application/components/face-capture.tsx';
import { FaceResult } from '../../features/application/components/face-result.tsx';
import { IntoFailView } from '../../features/application/components/into-fail-view.tsx';
import { WhatsappForm } from '../../features/application/components/whatsapp-form.tsx';
import { PhoneCodeField } from '../../features/auth/components/phone-code-field.tsx';

// One chunk for the pages between a complete profile and a decision: they follow each other.

export const WhatsappPage = () => (
  <>
    <RouteTopBar />
    <WhatsappForm PhoneCodeField={PhoneCodeField} />
  </>
);
export const FaceInitPage = () => (
  <>
    <RouteTopBar />
    <FaceCapture />
  </>
);
export const FaceResultPage = () => (
  <>
    <RouteTopBar />
    <FaceResult />
  </>
);
export const AuditingPage = AuditingView;
export const IntoFailPage = IntoFailView;

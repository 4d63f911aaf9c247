import { Link, Navigate, useLocation, useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { Icon } from '../../../components/icon.tsx';
import { SupportLink } from '../../../components/support-link.tsx';
import { useT } from '../../../lib/i18n.ts';
import { useVerification } from '../api/verification-api.ts';
import type { FaceOutcomeState } from './face-capture.tsx';
import { SubmittedNotice, useSubmittedApplication } from './submitted-notice.tsx';
import { applicationTexts } from '../application-texts.ts';
import './application.css';

/**
 * /user-face/open/:status: pass, retry (with why) or fail, and what to do next. What is shown is the check's own answer
 * (carried in the navigation state) or the server's face status, never the address: /user-face/open/pass typed by
 * someone not verified moves to their real status. Once the application is in, no new selfie is offered.
 */
export function FaceResult() {
  const t = useT(applicationTexts);
  const { status: shownStatus } = useParams();
  const outcome = (useLocation().state as FaceOutcomeState | null)?.outcome;
  const verification = useVerification();
  const submitted = useSubmittedApplication();
  const face = outcome
    ? { status: outcome.result, reason: outcome.reason, tries_left: outcome.tries_left }
    : verification.data?.face;

  if (submitted) return <SubmittedNotice application={submitted} />;
  if (!face || submitted === undefined) {
    return (
      <p className="kk-content kk-muted" aria-busy="true">
        {verification.isError ? t('apply.loadFailed') : t('common.loading')}
      </p>
    );
  }
  if (face.status === 'none') return <Navigate to={paths.userFaceOpen.href('init')} replace />;
  if (face.status !== shownStatus)
    return <Navigate to={paths.userFaceOpen.href(face.status)} state={{ outcome }} replace />;

  if (face.status === 'pass') {
    return (
      <div className="kk-status-page" data-testid="face-pass">
        <div className="kk-status-page__icon" aria-hidden="true">
          <Icon name="check" size={48} />
        </div>
        <h2>{t('face.pass')}</h2>
        <Link className="kk-btn kk-btn--primary" to={paths.userInto.path} data-testid="face-continue">
          {t('face.continue')}
        </Link>
      </div>
    );
  }
  return (
    <div className="kk-status-page" data-testid={face.status === 'fail' ? 'face-fail' : 'face-retry'}>
      <div className="kk-status-page__icon" aria-hidden="true">
        <Icon name="warning" size={48} />
      </div>
      <h2>{face.status === 'fail' ? t('face.fail') : t('face.retry')}</h2>
      <p className="kk-muted">
        {t(`face.reason.${face.reason ?? 'unknown'}`)}{' '}
        {face.reason === 'ktp_no_face' ? <SupportLink category="personal_data" /> : null}
      </p>
      <p className="kk-small">{t('face.triesLeft', { count: face.tries_left })}</p>
      {face.tries_left !== 0 && (
        <Link
          className="kk-btn kk-btn--primary"
          to={paths.userFaceOpen.href('init')}
          data-testid="face-again"
        >
          {t('face.again')}
        </Link>
      )}
      <Link className="kk-btn kk-btn--ghost" to={paths.userInto.path}>
        {t('face.later')}
      </Link>
    </div>
  );
}

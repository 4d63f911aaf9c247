import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { Icon } from '../../../components/icon.tsx';
import { LoadingOverlay } from '../../../components/loading-overlay.tsx';
import { track } from '../../../lib/analytics.ts';
import { useT } from '../../../lib/i18n.ts';
import { useSafeNavigate } from '../../../lib/use-safe-navigate.ts';
import { useSubmitApplication } from '../api/application-api.ts';
import { useVerification } from '../api/verification-api.ts';
import { startAuditCountdown } from '../audit-countdown.ts';
import { SubmittedNotice, useSubmittedApplication } from './submitted-notice.tsx';
import { LocationError, requestDeviceLocation, type LocationProblem } from '../device-location.ts';
import { applicationTexts } from '../application-texts.ts';
import './application.css';

type Stage = 'idle' | 'explain' | 'locating' | 'submitting';

/**
 * What is left before the application can be submitted, shown where the profile flow ends (/user-into once every
 * step is done): WhatsApp and face checks, then submit; where the application stands once it is in. The location is asked for only at submit, after saying why.
 */
export function ApplyChecklist() {
  const t = useT(applicationTexts);
  const navigate = useSafeNavigate();
  const submit = useSubmitApplication();
  const verification = useVerification();
  const [stage, setStage] = useState<Stage>('idle');
  const [problem, setProblem] = useState<LocationProblem | null>(null);
  const submitted = useSubmittedApplication();

  // Once the application is in (an approved borrower coming back to /user-into), where it stands, not the checklist.
  if (submitted && stage === 'idle') return <SubmittedNotice application={submitted} />;
  if (!verification.data) {
    return (
      <p className="kk-content kk-muted" aria-busy="true">
        {verification.isError ? t('apply.loadFailed') : t('common.loading')}
      </p>
    );
  }
  const state = verification.data;

  const locateAndSubmit = async () => {
    setProblem(null);
    setStage('locating');
    try {
      await requestDeviceLocation();
    } catch (error) {
      setProblem(error instanceof LocationError ? error.problem : 'unavailable');
      setStage('explain');
      return;
    }
    setStage('submitting');
    try {
      const answer = await submit.mutateAsync();
      track('H5_spent_credits');
      startAuditCountdown(answer.countdown);
      navigate(paths.homeAuditing.path, { replace: true });
    } catch {
      // the api client has shown the server's message (e.g. a step still missing)
      setStage('idle');
    }
  };

  return (
    <div className="kk-content kk-apply" data-testid="apply-checklist">
      <h2>{t('apply.heading')}</h2>
      <p className="kk-muted">{t('apply.intro')}</p>
      <ul className="kk-apply__steps">
        <li className="kk-apply__step kk-apply__step--done">
          <Icon name="check" /> {t('apply.profileDone')}
        </li>
        <li className={`kk-apply__step${state.whatsapp.verified ? ' kk-apply__step--done' : ''}`}>
          {state.whatsapp.verified ? (
            <span data-testid="apply-whatsapp-done">
              <Icon name="check" /> {t('apply.whatsappDone', { phone: state.whatsapp.phone_masked ?? '' })}
            </span>
          ) : (
            <Link className="kk-apply__link" to={paths.homeWhatsapp.path} data-testid="apply-whatsapp">
              {t('apply.whatsapp')}
            </Link>
          )}
        </li>
        <li className={`kk-apply__step${state.face.status === 'pass' ? ' kk-apply__step--done' : ''}`}>
          {state.face.status === 'pass' ? (
            <span data-testid="apply-face-done">
              <Icon name="check" /> {t('apply.faceDone')}
            </span>
          ) : (
            <Link className="kk-apply__link" to={paths.userFaceOpen.href('init')} data-testid="apply-face">
              {t('apply.face')}
            </Link>
          )}
        </li>
      </ul>

      {stage === 'explain' || stage === 'locating' ? (
        <section className="kk-card" aria-live="polite" data-testid="location-explain">
          <h3 className="kk-apply__subtitle">{t('apply.location.title')}</h3>
          <p>{t('apply.location.why')}</p>
          {problem && (
            <p className="kk-apply__problem" role="alert" data-testid="location-problem">
              {t(`apply.location.${problem}`)}
            </p>
          )}
          <button
            type="button"
            className="kk-btn kk-btn--primary kk-btn--block"
            data-testid="location-allow"
            disabled={stage === 'locating'}
            onClick={() => void locateAndSubmit()}
          >
            {problem ? t('apply.location.retry') : t('apply.location.allow')}
          </button>
        </section>
      ) : (
        <button
          type="button"
          className="kk-btn kk-btn--primary kk-btn--block"
          data-testid="apply-submit"
          disabled={!state.can_submit || stage === 'submitting'}
          onClick={() => setStage('explain')}
        >
          {t('apply.submit')}
        </button>
      )}
      {!state.can_submit && <p className="kk-small kk-muted">{t('apply.submitHint')}</p>}
      <LoadingOverlay visible={stage === 'submitting'} label={t('common.loading')} />
    </div>
  );
}

import { useState } from 'react';
import type { FaceCheckResponse, LivenessChallenge } from '@kaskita/domain/contract/verification';
import { errorMessage, type ErrorKey } from '@kaskita/domain/i18n/error-codes';
import { paths } from '../../../config/paths.ts';
import { ImageUploadInput } from '../../../components/image-upload-input.tsx';
import { LoadingOverlay } from '../../../components/loading-overlay.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useLocale, useT } from '../../../lib/i18n.ts';
import { useSafeNavigate } from '../../../lib/use-safe-navigate.ts';
import { shrinkPhoto } from '../../../lib/shrink-photo.ts';
import { livenessChallenge, useCheckFace, type FaceSubmission } from '../api/verification-api.ts';
import { LiveCamera } from '../live-check/live-camera.tsx';
import { SubmittedNotice, useSubmittedApplication } from './submitted-notice.tsx';
import { applicationTexts } from '../application-texts.ts';
import './application.css';

/** Answers the page explains in place: the daily limit, a busy engine (not counted), no KTP photo yet. */
const FACE_ERRORS: Record<number, ErrorKey> = {
  4286: 'FACE_DAILY_LIMIT',
  4287: 'FACE_CHECK_UNAVAILABLE',
  4260: 'KTP_PHOTO_REQUIRED',
  4262: 'PROFILE_LOCKED',
  4288: 'LIVENESS_CHALLENGE_EXPIRED',
};

/** The outcome travels to /user-face/open/:status in the navigation state (a reload shows the generic page). */
export type FaceOutcomeState = { outcome: FaceCheckResponse };

/**
 * /user-face/open/init: what makes a good check, then the live camera check (a challenge, three frames); or, for a
 * camera that cannot run it, a single selfie from the phone's own camera app, which staff review before any loan.
 */
export function FaceCapture() {
  const t = useT(applicationTexts);
  const locale = useLocale();
  const navigate = useSafeNavigate();
  const check = useCheckFace();
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<LivenessChallenge | null>(null);
  // Back from the auditing page after submitting: the application is in, a new selfie would be refused.
  const submitted = useSubmittedApplication();

  const explain = (error: unknown) => {
    const key = error instanceof ApiError ? FACE_ERRORS[error.code] : undefined;
    setProblem(key ? errorMessage(key, locale) : t('face.failed'));
  };

  const send = async (submission: FaceSubmission) => {
    setProblem(null);
    setPending(true);
    try {
      const outcome = await check.mutateAsync(submission);
      navigate(paths.userFaceOpen.href(outcome.result), { state: { outcome } satisfies FaceOutcomeState });
    } catch (error) {
      explain(error);
    } finally {
      setPending(false);
    }
  };

  const startCamera = async () => {
    setProblem(null);
    setPending(true);
    try {
      setChallenge(await livenessChallenge());
    } catch (error) {
      if (error instanceof ApiError && error.code === 4287) setProblem(t('face.cannot.server'));
      else explain(error);
    } finally {
      setPending(false);
    }
  };

  if (submitted) return <SubmittedNotice application={submitted} />;
  if (submitted === undefined)
    return (
      <p className="kk-content kk-muted" aria-busy="true">
        {t('common.loading')}
      </p>
    );
  return (
    <div className="kk-content kk-apply" data-testid="page-face-init">
      <h2>{t('face.heading')}</h2>
      {challenge ? (
        <LiveCamera
          action={challenge.action}
          onFrames={(frames) => {
            setChallenge(null);
            void send({ kind: 'live', challengeId: challenge.challenge_id, frames });
          }}
          onCannot={(reason) => {
            setChallenge(null);
            setProblem(t(`face.cannot.${reason}`));
          }}
        />
      ) : (
        <>
          <p className="kk-muted">{t('face.intro')}</p>
          <ul className="kk-apply__tips">
            <li>{t('face.tipOne')}</li>
            <li>{t('face.tipLight')}</li>
            <li>{t('face.tipUncovered')}</li>
          </ul>
          {problem && (
            <p className="kk-apply__problem" role="alert" data-testid="face-problem">
              {problem}
            </p>
          )}
          <button
            type="button"
            className="kk-btn kk-btn--primary kk-btn--block"
            data-testid="face-start-camera"
            disabled={pending}
            onClick={() => void startCamera()}
          >
            {problem ? t('face.tryAgain') : t('face.start')}
          </button>
          <ImageUploadInput
            label={t('face.fallback')}
            capture="user"
            testId="face-selfie-input"
            className="kk-btn kk-btn--ghost kk-btn--block"
            disabled={pending}
            onSelect={(file) => void shrinkPhoto(file).then((photo) => send({ kind: 'selfie', photo }))}
            onReject={() => setProblem(t('face.notImage'))}
          />
          <p className="kk-small kk-muted">{t('face.fallbackNote')}</p>
        </>
      )}
      <p className="kk-small kk-muted">{t('face.privacy')}</p>
      <LoadingOverlay visible={pending} label={t('face.checking')} />
    </div>
  );
}

import { useState } from 'react';
import type { FaceCheckResponse } from '@kaskita/domain/contract/verification';
import { errorMessage, type ErrorKey } from '@kaskita/domain/i18n/error-codes';
import { paths } from '../../../config/paths.ts';
import { ImageUploadInput } from '../../../components/image-upload-input.tsx';
import { LoadingOverlay } from '../../../components/loading-overlay.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useLocale, useT } from '../../../lib/i18n.ts';
import { useSafeNavigate } from '../../../lib/use-safe-navigate.ts';
import { shrinkPhoto } from '../../../lib/shrink-photo.ts';
import { useCheckFace } from '../api/verification-api.ts';
import { SubmittedNotice, useSubmittedApplication } from './submitted-notice.tsx';
import { applicationTexts } from '../application-texts.ts';
import './application.css';

/** Answers the page explains in place: the daily limit, a busy engine (not counted), no KTP photo yet. */
const FACE_ERRORS: Record<number, ErrorKey> = {
  4286: 'FACE_DAILY_LIMIT',
  4287: 'FACE_CHECK_UNAVAILABLE',
  4260: 'KTP_PHOTO_REQUIRED',
  4262: 'PROFILE_LOCKED',
};

/** The outcome travels to /user-face/open/:status in the navigation state (a reload shows the generic page). */
export type FaceOutcomeState = { outcome: FaceCheckResponse };

/** /user-face/open/init: what makes a good selfie, then the front camera (the phone's own camera app). */
export function FaceCapture() {
  const t = useT(applicationTexts);
  const locale = useLocale();
  const navigate = useSafeNavigate();
  const check = useCheckFace();
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // Back from the auditing page after submitting: the application is in, a new selfie would be refused.
  const submitted = useSubmittedApplication();

  const upload = async (file: File) => {
    setProblem(null);
    setPending(true);
    try {
      const outcome = await check.mutateAsync(await shrinkPhoto(file));
      navigate(paths.userFaceOpen.href(outcome.result), { state: { outcome } satisfies FaceOutcomeState });
    } catch (error) {
      const key = error instanceof ApiError ? FACE_ERRORS[error.code] : undefined;
      setProblem(key ? errorMessage(key, locale) : t('face.failed'));
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
      <ImageUploadInput
        label={t('face.take')}
        capture="user"
        testId="face-selfie-input"
        className="kk-btn kk-btn--primary kk-btn--block"
        disabled={pending}
        onSelect={(file) => void upload(file)}
        onReject={() => setProblem(t('face.notImage'))}
      />
      <p className="kk-small kk-muted">{t('face.privacy')}</p>
      <LoadingOverlay visible={pending} label={t('face.checking')} />
    </div>
  );
}

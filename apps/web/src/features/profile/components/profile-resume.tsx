import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useT } from '../../../lib/i18n.ts';
import { useProfileProgress } from '../api/get-profile-progress.ts';
import { nextStepHref } from '../step-flow.ts';
import { profileTexts } from '../profile-texts.ts';

/**
 * /user-into: back to the first step not done (the server's `next`), or `complete` when there is none (what comes
 * after the profile: the application feature's checklist, composed by the route).
 */
export function ProfileResume({ complete }: { complete: ReactNode }) {
  const t = useT(profileTexts);
  const progress = useProfileProgress();
  if (progress.data) {
    return progress.data.next ? (
      <Navigate to={nextStepHref(progress.data)} replace />
    ) : (
      <div data-testid="profile-complete">{complete}</div>
    );
  }
  if (progress.isError)
    return (
      <div className="kk-status-page">
        <p className="kk-muted">{t('profile.loadFailed')}</p>
        <button type="button" className="kk-btn kk-btn--primary" onClick={() => void progress.refetch()}>
          {t('profile.retry')}
        </button>
      </div>
    );
  return (
    <p className="kk-content kk-muted" aria-busy="true" data-testid="profile-resume-loading">
      {t('common.loading')}
    </p>
  );
}

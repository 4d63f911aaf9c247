import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ProfileProgress, ProfileStep } from '@kaskita/domain/contract/profile';
import { Icon } from '../../../components/icon.tsx';
import { useT } from '../../../lib/i18n.ts';
import { useProfileProgress } from '../api/get-profile-progress.ts';
import { StepHeader } from './step-header.tsx';
import { profileTexts } from '../profile-texts.ts';
import './profile.css';

type Props = {
  step: ProfileStep;
  /** What the step's form is pre-filled from: the form mounts only once all have answered. */
  queries: readonly UseQueryResult<unknown>[];
  children: (progress: ProfileProgress) => ReactNode;
};

/**
 * One onboarding step: the progress header, then the form once the saved answers are in, so a form's default values
 * are what the server holds (leaving mid-way and reloading loses nothing that was saved).
 */
export function StepFrame({ step, queries, children }: Props) {
  const t = useT(profileTexts);
  const progress = useProfileProgress();
  const all = [progress, ...queries];
  // Every query's data and error are read on every render (no short-circuit): TanStack Query re-renders the page
  // that owns a query only for the fields a render has read, and a field never read would leave the page waiting.
  const failed = all.map((q) => q.isError).some(Boolean);
  const ready = all.map((q) => q.data !== undefined).every(Boolean) && progress.data !== undefined;
  return (
    <div data-testid={`page-step-${step}`}>
      <StepHeader step={step} progress={progress.data} />
      <div className="kk-content">
        {ready ? (
          <>
            {progress.data.locked ? (
              <p className="kk-step__notice" role="status" data-testid="profile-locked">
                <Icon name="shield" />
                <span>{t('profile.locked')}</span>
              </p>
            ) : null}
            {children(progress.data)}
          </>
        ) : failed ? (
          <div className="kk-status-page">
            <p className="kk-muted">{t('profile.loadFailed')}</p>
            <button
              type="button"
              className="kk-btn kk-btn--primary"
              onClick={() => all.forEach((q) => q.isError && void q.refetch())}
            >
              {t('profile.retry')}
            </button>
          </div>
        ) : (
          <p className="kk-muted" aria-busy="true" data-testid="step-loading">
            {t('common.loading')}
          </p>
        )}
      </div>
    </div>
  );
}

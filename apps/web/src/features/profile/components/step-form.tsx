import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ProfileProgress, ProfileStep } from '@kaskita/domain/contract/profile';
import { LoadingOverlay } from '../../../components/loading-overlay.tsx';
import { useT } from '../../../lib/i18n.ts';
import { followingStepHref } from '../step-flow.ts';
import { profileTexts } from '../profile-texts.ts';
import './profile.css';

type Props = {
  step: ProfileStep;
  progress: ProfileProgress;
  onSubmit: () => unknown;
  pending: boolean;
  /**
   * Shown, not editable: a locked profile (the default), or a KTP already submitted. "Next" then only moves on, to
   * the following step that applies.
   */
  readOnly?: boolean;
  /** Above the button, e.g. the KTP's "cannot be changed" warning. */
  beforeSubmit?: ReactNode;
  children: ReactNode;
};

/** A step's form: its fields (all disabled when read-only), then "save and continue", or "next" when read-only. */
export function StepForm({
  step,
  progress,
  onSubmit,
  pending,
  readOnly = progress.locked,
  beforeSubmit,
  children,
}: Props) {
  const t = useT(profileTexts);
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!readOnly) void onSubmit();
      }}
    >
      {/* A disabled fieldset makes every field inside it read-only at once, buttons of the pickers included. */}
      <fieldset className="kk-step__fields" disabled={readOnly} data-testid="step-fields">
        {children}
      </fieldset>
      {readOnly ? (
        <Link
          className="kk-btn kk-btn--primary kk-btn--block"
          to={followingStepHref(step, progress)}
          data-testid="step-next"
        >
          {t('profile.next')}
        </Link>
      ) : (
        <>
          {beforeSubmit}
          <button
            type="submit"
            className="kk-btn kk-btn--primary kk-btn--block"
            data-testid="step-submit"
            disabled={pending}
          >
            {t('profile.saveAndContinue')}
          </button>
        </>
      )}
      <LoadingOverlay visible={pending} label={t('common.loading')} />
    </form>
  );
}

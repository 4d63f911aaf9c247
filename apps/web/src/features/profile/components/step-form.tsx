import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadingOverlay } from '../../../components/loading-overlay.tsx';
import { useT } from '../../../lib/i18n.ts';
import './profile.css';

type Props = {
  onSubmit: () => unknown;
  pending: boolean;
  /** Shown, not editable: a locked profile, or a KTP already submitted. "Next" then only moves on. */
  readOnly: boolean;
  /** Where "Next" goes on a read-only step. */
  nextHref: string;
  /** Above the button, e.g. the KTP's "cannot be changed" warning. */
  beforeSubmit?: ReactNode;
  children: ReactNode;
};

/** A step's form: its fields (all disabled when read-only), then "save and continue", or "next" when read-only. */
export function StepForm({ onSubmit, pending, readOnly, nextHref, beforeSubmit, children }: Props) {
  const t = useT();
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
        <Link className="kk-btn kk-btn--primary kk-btn--block" to={nextHref} data-testid="step-next">
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

import type { ReactNode } from 'react';
import { useT } from '../lib/i18n.ts';
import { LoadingOverlay } from './loading-overlay.tsx';

type Props = {
  /** Runs on the submit button or Enter; the form validates itself (no browser validation bubbles). */
  onSubmit: () => unknown;
  /** While the request runs: the button is disabled and the loading cover is shown. */
  pending: boolean;
  submitLabel: string;
  submitTestId: string;
  children: ReactNode;
};

/** A form whose fields are followed by one full-width submit button, blocked while its request runs. */
export function SubmitForm({ onSubmit, pending, submitLabel, submitTestId, children }: Props) {
  const t = useT();
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
    >
      {children}
      <button
        type="submit"
        className="kk-btn kk-btn--primary kk-btn--block"
        data-testid={submitTestId}
        disabled={pending}
      >
        {submitLabel}
      </button>
      <LoadingOverlay visible={pending} label={t('common.loading')} />
    </form>
  );
}

import type { ReactNode } from 'react';
import { useT } from '../lib/i18n.ts';
import { SupportLink } from './support-link.tsx';
import './error-banner.css';

type Props = {
  /** The refusal in the borrower's language; nothing is shown when null. */
  message: ReactNode | null;
  /** The close button; the banner otherwise stays until its owner takes it away (an edit, a retry). */
  onDismiss: () => void;
  testId?: string;
  /** The refusal's envelope code: one that sends the borrower to customer service adds a link to Me > Help. */
  code?: number | null;
};

/**
 * A page error above the form's button, announced once (role="alert") and kept until the borrower acts: a toast
 * vanishes after 3 s and covers the button, so what went wrong is gone before it is read.
 */
export function ErrorBanner({ message, onDismiss, testId = 'error-banner', code }: Props) {
  const t = useT();
  if (message === null) return null;
  return (
    <div className="kk-error-banner" role="alert" data-testid={testId}>
      <p className="kk-error-banner__text">
        {message} <SupportLink code={code} testId={`${testId}-support`} />
      </p>
      <button
        type="button"
        className="kk-error-banner__close"
        onClick={onDismiss}
        data-testid={`${testId}-dismiss`}
      >
        {t('common.dismiss')}
      </button>
    </div>
  );
}

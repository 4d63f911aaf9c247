import { Link } from 'react-router';
import type { ApplicationView } from '@kaskita/domain/contract/application';
import { paths } from '../../../config/paths.ts';
import { Icon } from '../../../components/icon.tsx';
import { useT } from '../../../lib/i18n.ts';
import { useApplicationView } from '../api/application-api.ts';
import { applicationTexts } from '../application-texts.ts';
import './application.css';

/** An application that is in and cannot be sent again yet: the checks before submitting are closed. */
function isSubmitted(view: ApplicationView): boolean {
  return (
    view.state === 'auditing' ||
    view.state === 'review' ||
    view.state === 'approved' ||
    (view.state === 'rejected' && !view.can_reapply)
  );
}

/**
 * The application when it is in (see `isSubmitted`), null when the checks before submitting are still open (or the
 * application could not be read: the server refuses a step that is closed), undefined while it loads.
 */
export function useSubmittedApplication(): ApplicationView | null | undefined {
  const view = useApplicationView();
  // A cached answer may be from before a submit or a decision: the one asked for on arriving decides.
  const fresh = view.isFetchedAfterMount || !view.isFetching;
  if (view.data && fresh) return isSubmitted(view.data) ? view.data : null;
  return view.isError ? null : undefined;
}

/**
 * Shown instead of a check or the checklist once the application is in (a borrower arriving by the back button, or
 * an approved one at /user-into): where the application stands, and the way home. Never a new selfie or "submit
 * becomes available once both checks are done".
 */
export function SubmittedNotice({ application }: { application: ApplicationView }) {
  const t = useT(applicationTexts);
  const approved = application.state === 'approved';
  const heading = approved
    ? t('submitted.approved')
    : application.state === 'rejected'
      ? t('intoFail.heading')
      : t('auditing.heading');
  return (
    <div className="kk-status-page" data-testid="application-submitted" data-state={application.state}>
      <div className="kk-status-page__icon" aria-hidden="true">
        <Icon name={approved ? 'check' : 'clock'} size={48} />
      </div>
      <h2>{heading}</h2>
      <p className="kk-muted">{t('submitted.body')}</p>
      <Link className="kk-btn kk-btn--primary" to={paths.home.path} data-testid="submitted-home">
        {t('submitted.home')}
      </Link>
    </div>
  );
}

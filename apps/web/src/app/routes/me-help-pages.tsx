import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  HELP_CATEGORY_PARAM,
  HELP_CONTACT_PARAM,
  HELP_ORDER_PARAM,
} from '@kaskita/domain/complaints/support-topics';
import { paths } from '../../config/paths.ts';
import { ComplaintCase } from '../../features/help/components/complaint-case.tsx';
import { ComplaintForm } from '../../features/help/components/complaint-form.tsx';
import { FeedbackLink } from '../../features/help/components/feedback-link.tsx';
import { HelpView } from '../../features/help/components/help-view.tsx';
import { MyComplaints } from '../../features/help/components/my-complaints.tsx';
import { SignInToFile } from '../../features/help/components/sign-in-to-file.tsx';
import { getToken } from '../../lib/auth-session.ts';
import { RouteTopBar } from '../route-top-bar.tsx';

/**
 * Me > Help (issue 27): the questions and channels for everyone, then for a signed-in borrower the complaint form
 * (opened on the topic a "contact customer service" link named) and their cases. A filed case opens its own page.
 */
export function MeHelpPage() {
  const [search] = useSearchParams();
  const { pathname, search: query } = useLocation();
  const navigate = useNavigate();
  const signedIn = Boolean(getToken());
  return (
    <div data-testid="page-me-help">
      <RouteTopBar />
      <div className="kk-content">
        <HelpView />
        {signedIn ? (
          <>
            <ComplaintForm
              initialCategory={search.get(HELP_CATEGORY_PARAM)}
              initialOrderId={search.get(HELP_ORDER_PARAM)}
              initialContactId={search.get(HELP_CONTACT_PARAM)}
              onFiled={(complaint) => void navigate(paths.meComplaint.href(complaint.complaint_id))}
            />
            <MyComplaints />
          </>
        ) : (
          <SignInToFile pathname={pathname} search={query} />
        )}
        {signedIn ? <FeedbackLink /> : null}
      </div>
    </div>
  );
}

/** One complaint with its history and answers. */
export function MeComplaintPage() {
  const { id = '' } = useParams();
  return (
    <div data-testid="page-me-complaint">
      <RouteTopBar />
      <ComplaintCase id={id} />
    </div>
  );
}

import { FeedbackView } from '../../features/me/components/feedback-view.tsx';
import { RouteTopBar } from '../route-top-bar.tsx';

/** Me > Feedback: what the borrower thinks of the app, and the answers (complaints are Me > Help's). */
export default function MeFeedbackPage() {
  return (
    <div data-testid="page-me-feedback">
      <RouteTopBar />
      <FeedbackView />
    </div>
  );
}

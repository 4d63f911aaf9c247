import { FeedbackView } from '../../features/me/components/feedback-view.tsx';

export default function MeHelpPage() {
  return (
    <div data-testid="page-me-help">
      <FeedbackView />
    </div>
  );
}

import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useT } from '../../../lib/i18n.ts';
import { helpTexts } from '../help-texts.ts';

/** Feedback is not a complaint: it has its own page from Me, offered here too. */
export function FeedbackLink() {
  const t = useT(helpTexts);
  return (
    <p className="kk-small">
      <Link className="kk-help__case-link" to={paths.meFeedback.path} data-testid="help-feedback">
        {t('help.feedback')}
      </Link>
    </p>
  );
}

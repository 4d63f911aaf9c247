import { Link } from 'react-router';
import {
  COMPLAINT_CATEGORY_LABELS,
  COMPLAINT_STATUS_LABELS,
} from '@kaskita/domain/complaints/complaint-rules';
import { paths } from '../../../config/paths.ts';
import { useLocale, useT } from '../../../lib/i18n.ts';
import { useMyComplaints } from '../api/list-my-complaints.ts';
import { helpTexts } from '../help-texts.ts';
import { ComplaintDeadline } from './complaint-deadline.tsx';

/** The borrower's cases, newest first: number, topic, status and deadline, each opening its page. */
export function MyComplaints() {
  const t = useT(helpTexts);
  const locale = useLocale();
  const { data, isPending } = useMyComplaints();
  return (
    <section className="kk-card" aria-labelledby="kk-help-cases" aria-busy={isPending}>
      <h2 id="kk-help-cases" className="kk-help__title">
        {t('help.casesTitle')}
      </h2>
      {data && data.list.length === 0 ? <p className="kk-small kk-muted">{t('help.casesNone')}</p> : null}
      <ul className="kk-help__cases">
        {data?.list.map((c) => (
          <li key={c.complaint_id}>
            <Link
              className="kk-help__case"
              to={paths.meComplaint.href(c.complaint_id)}
              data-testid="my-complaint"
            >
              <strong className="kk-help__case-link" data-testid="my-complaint-number">
                {c.case_number}
              </strong>{' '}
              <span className="kk-help__badge" data-testid="my-complaint-status">
                {COMPLAINT_STATUS_LABELS[c.status][locale]}
              </span>
              <br />
              <span className="kk-small">{COMPLAINT_CATEGORY_LABELS[c.category][locale]}</span>
              <br />
              <span className="kk-small kk-muted">
                <ComplaintDeadline complaint={c} />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

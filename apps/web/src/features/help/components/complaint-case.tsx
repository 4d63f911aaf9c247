import { Link } from 'react-router';
import type { ComplaintEvent } from '@kaskita/domain/contract/complaints';
import {
  COMPLAINT_CATEGORY_LABELS,
  COMPLAINT_STATUS_LABELS,
} from '@kaskita/domain/complaints/complaint-rules';
import { formatSpokenDate } from '@kaskita/domain/i18n/spoken-date';
import { paths } from '../../../config/paths.ts';
import { formatDate } from '../../../lib/format.ts';
import { useLocale, useT } from '../../../lib/i18n.ts';
import { useMyComplaint } from '../api/get-my-complaint.ts';
import { helpTexts } from '../help-texts.ts';
import { ComplaintDeadline } from './complaint-deadline.tsx';
import '../help.css';

/** One case as its borrower follows it: its number, status and deadline, their words, and every step with answers. */
export function ComplaintCase({ id }: { id: string }) {
  const t = useT(helpTexts);
  const locale = useLocale();
  const { data: c, isError } = useMyComplaint(id);
  if (isError)
    return (
      <div className="kk-content" data-testid="complaint-not-found">
        <p>{t('help.notFound')}</p>
        <Link to={paths.meHelp.path}>{t('help.back')}</Link>
      </div>
    );
  if (!c) return <div className="kk-content" aria-busy="true" />;
  return (
    <div className="kk-content" data-testid="complaint-case">
      <section className="kk-card">
        <h2 className="kk-help__title" data-testid="complaint-number">
          {t('help.caseTitle', { number: c.case_number })}
        </h2>
        <p>
          <span className="kk-help__badge" data-testid="complaint-status">
            {COMPLAINT_STATUS_LABELS[c.status][locale]}
          </span>{' '}
          <span className="kk-small">{COMPLAINT_CATEGORY_LABELS[c.category][locale]}</span>
        </p>
        <p className="kk-small">
          <ComplaintDeadline complaint={c} />
        </p>
        {c.extension_reason ? (
          <p className="kk-small kk-muted" data-testid="complaint-extension">
            {t('help.extended', { reason: c.extension_reason })}
          </p>
        ) : null}
      </section>
      <section className="kk-card" aria-labelledby="kk-case-words">
        <h3 id="kk-case-words" className="kk-help__title">
          {t('help.yourWords')}
        </h3>
        <p className="kk-help__answer">{c.text}</p>
        {c.has_photo ? <p className="kk-small kk-muted">{t('help.photoAttached')}</p> : null}
      </section>
      <section className="kk-card" aria-labelledby="kk-case-history">
        <h3 id="kk-case-history" className="kk-help__title">
          {t('help.history')}
        </h3>
        <ol className="kk-help__events">
          {c.events.map((e, i) => (
            <Step key={i} event={e} />
          ))}
        </ol>
      </section>
      <Link to={paths.meHelp.path}>{t('help.back')}</Link>
    </div>
  );
}

function Step({ event }: { event: ComplaintEvent }) {
  const t = useT(helpTexts);
  const locale = useLocale();
  return (
    <li data-testid={`complaint-event-${event.kind}`}>
      <strong>{t(`help.event_${event.kind}`)}</strong>{' '}
      <span className="kk-small kk-muted">{formatDate(event.at)}</span>
      {event.text ? (
        <p className="kk-help__answer" data-testid={`complaint-event-${event.kind}-text`}>
          {event.text}
        </p>
      ) : null}
      {event.kind === 'extended' && event.answer_by ? (
        <p className="kk-small">
          {t('help.newDeadline', { date: formatSpokenDate(event.answer_by, locale) })}
        </p>
      ) : null}
    </li>
  );
}

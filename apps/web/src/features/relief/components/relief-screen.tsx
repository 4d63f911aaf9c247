import { useState } from 'react';
import { Link } from 'react-router';
import type { ReliefView } from '@kaskita/domain/contract/relief';
import { formatDisplayDate } from '@kaskita/domain/pricing/business-date';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { paths } from '../../../config/paths.ts';
import { useT } from '../../../lib/i18n.ts';
import { useRelief } from '../api/get-relief.ts';
import type { ReliefRefusal } from '../relief-refusal.ts';
import { reliefTexts } from '../relief-texts.ts';
import { ReliefForm } from './relief-form.tsx';
import { ReliefRequestCard } from './relief-request-card.tsx';
import { ReliefUnavailable } from './relief-unavailable.tsx';
import '../relief.css';

/**
 * /home/relief (GET /v1/relief): the form when the borrower may ask, else why not; then their requests, newest first.
 * A refusal of a request's action (an offer expired meanwhile) is said above the list, which is read again: the card
 * it came from may have changed status and gone.
 */
export function ReliefScreen() {
  const t = useT(reliefTexts);
  const relief = useRelief();
  const [refusal, setRefusal] = useState<ReliefRefusal | null>(null);
  const [accepted, setAccepted] = useState<ReliefView | null>(null);
  if (relief.isError && !relief.data)
    return (
      <div className="kk-status-page" data-testid="relief-load-failed">
        <p className="kk-muted">{t('relief.loadFailed')}</p>
        <button type="button" className="kk-btn kk-btn--primary" onClick={() => void relief.refetch()}>
          {t('relief.retry')}
        </button>
      </div>
    );
  if (!relief.data)
    return (
      <p className="kk-muted kk-center kk-content" aria-busy="true">
        {t('relief.loading')}
      </p>
    );
  const o = relief.data;
  return (
    <div className="kk-content kk-relief">
      {/* Once accepted, the loan has had its relief: the success says so better than "you cannot ask". */}
      {accepted ? (
        <AcceptedNotice relief={accepted} />
      ) : o.can_ask && o.order_id ? (
        <ReliefForm
          orderId={o.order_id}
          dayOptions={o.day_options}
          extraOptions={o.extra_options}
          nextDueDate={o.next_due_date}
        />
      ) : o.cannot_ask_because ? (
        <ReliefUnavailable reason={o.cannot_ask_because} orderId={o.order_id} />
      ) : null}
      <ErrorBanner
        message={refusal?.message ?? null}
        code={refusal?.code}
        onDismiss={() => setRefusal(null)}
        testId="relief-refused"
      />
      {o.requests.length > 0 ? (
        <section className="kk-card" aria-labelledby="kk-relief-requests">
          <h2 id="kk-relief-requests" className="kk-relief__title">
            {t('relief.requestsTitle')}
          </h2>
          <ul className="kk-relief__requests">
            {o.requests.map((r) => (
              <ReliefRequestCard
                key={r.relief_id}
                relief={r}
                onAccepted={(view) => {
                  setRefusal(null);
                  setAccepted(view);
                }}
                onRefused={setRefusal}
              />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

/** Said once the offer is accepted: the bills have changed, the next one falls due then, and where to see them. */
function AcceptedNotice({ relief }: { relief: ReliefView }) {
  const t = useT(reliefTexts);
  const next = relief.bills.map((b) => b.due_date_after).sort()[0];
  return (
    <section className="kk-card kk-relief__done" role="status" data-testid="relief-accepted">
      <h2 className="kk-relief__title">
        {t(relief.kind === 'spread' ? 'relief.acceptedTitleSpread' : 'relief.acceptedTitle')}
      </h2>
      {next ? (
        <p data-testid="relief-next-due">{t('relief.acceptedNext', { date: formatDisplayDate(next) })}</p>
      ) : null}
      <Link to={paths.bill.path} className="kk-btn kk-btn--ghost kk-btn--block" data-testid="relief-to-bills">
        {t('relief.toBills')}
      </Link>
    </section>
  );
}

import type { ReliefView } from '@kaskita/domain/contract/relief';
import { formatDate } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import type { ReliefRefusal } from '../relief-refusal.ts';
import { reliefTexts } from '../relief-texts.ts';
import { ReliefAddendum, useAddendum } from './relief-addendum.tsx';
import { ReliefBillsTable } from './relief-bills-table.tsx';
import { ReliefOffer } from './relief-offer.tsx';
import { ReliefWithdrawButton } from './relief-withdraw-button.tsx';

type Props = {
  relief: ReliefView;
  onAccepted: (accepted: ReliefView) => void;
  onRefused: (refusal: ReliefRefusal) => void;
};

/**
 * One request as its borrower follows it: when they asked, its status in words, the days or instalments asked and
 * offered, their reason, and what they can do now (withdraw a waiting request; accept or turn down an offer). A
 * declined request shows staff's answer; an accepted one how the bills changed and the signed addendum.
 */
export function ReliefRequestCard({ relief: r, onAccepted, onRefused }: Props) {
  const t = useT(reliefTexts);
  const more = (days: number | null, extra: number | null) =>
    r.kind === 'spread'
      ? t('relief.moreInstalments', { count: extra ?? 0 })
      : t('relief.moreDays', { days: days ?? 0 });
  const offered = r.kind === 'spread' ? r.extra_offered : r.days_offered;
  return (
    <li className="kk-relief__request" data-testid="relief-request">
      <h3 className="kk-relief__request-title">
        {t('relief.askedOn', { date: formatDate(r.asked_at) })}{' '}
        <span className={`kk-relief__badge kk-relief__badge--${r.status}`} data-testid="relief-status">
          {t(`relief.status_${r.status}`)}
        </span>
      </h3>
      <dl className="kk-relief__facts">
        <dt>{t('relief.daysAsked')}</dt>
        <dd data-testid="relief-days-asked">{more(r.days_asked, r.extra_asked)}</dd>
        {offered !== null ? (
          <>
            <dt>{t('relief.daysOffered')}</dt>
            <dd data-testid="relief-days-offered">{more(r.days_offered, r.extra_offered)}</dd>
          </>
        ) : null}
        {r.decided_at ? (
          <>
            <dt>{t('relief.decidedOn')}</dt>
            <dd>{formatDate(r.decided_at)}</dd>
          </>
        ) : null}
        {r.accepted_at ? (
          <>
            <dt>{t('relief.acceptedOn')}</dt>
            <dd>{formatDate(r.accepted_at)}</dd>
          </>
        ) : null}
        <dt>{t('relief.yourReason')}</dt>
        <dd className="kk-relief__words">{r.reason}</dd>
      </dl>
      {r.status === 'declined' && r.answer ? (
        <div className="kk-relief__answer">
          <h4 className="kk-relief__subtitle">{t('relief.answer')}</h4>
          <p className="kk-relief__words" data-testid="relief-answer">
            {r.answer}
          </p>
        </div>
      ) : null}
      {r.status === 'requested' ? (
        <ReliefWithdrawButton reliefId={r.relief_id} offer={false} onRefused={onRefused} />
      ) : null}
      {r.status === 'offered' ? (
        <ReliefOffer relief={r} onAccepted={onAccepted} onRefused={onRefused} />
      ) : null}
      {r.status === 'accepted' ? <AcceptedRelief relief={r} /> : null}
    </li>
  );
}

/** An accepted relief, theirs to come back to: how the bills moved, and the addendum they signed. */
function AcceptedRelief({ relief }: { relief: ReliefView }) {
  const t = useT(reliefTexts);
  const addendum = useAddendum(relief.relief_id);
  return (
    <>
      {relief.bills.length > 0 ? (
        <>
          <h4 className="kk-relief__subtitle">
            {t(relief.kind === 'spread' ? 'relief.changedTitle' : 'relief.movedTitle')}
          </h4>
          <ReliefBillsTable bills={relief.bills} kind={relief.kind} />
        </>
      ) : null}
      <ReliefAddendum addendum={addendum} orderId={relief.order_id} />
    </>
  );
}

import { useId, useState } from 'react';
import type { ReliefView } from '@kaskita/domain/contract/relief';
import { formatRupiah } from '@kaskita/domain/money/rupiah';
import { useConfirmWithPin } from '../../../components/pin-confirmation.ts';
import { useT } from '../../../lib/i18n.ts';
import { formatWib } from '../../../lib/wib-time.ts';
import { useAcceptRelief } from '../api/accept-relief.ts';
import { refusalOf, type ReliefRefusal } from '../relief-refusal.ts';
import { reliefTexts } from '../relief-texts.ts';
import { ReliefAddendum, useAddendum } from './relief-addendum.tsx';
import { ReliefBillsTable } from './relief-bills-table.tsx';
import { ReliefWithdrawButton } from './relief-withdraw-button.tsx';

type Props = {
  relief: ReliefView;
  onAccepted: (accepted: ReliefView) => void;
  onRefused: (refusal: ReliefRefusal) => void;
};

/**
 * An offer: the bills as they would move, the late fees that stay, until when it can be accepted, the addendum, and
 * Accept (enabled once the addendum was opened, as the loan agreement is read before borrowing) or No thanks. Accepting
 * asks for the payment PIN when the borrower has set one: the server says so (4427) and the route's PIN sheet opens.
 */
export function ReliefOffer({ relief, onAccepted, onRefused }: Props) {
  const t = useT(reliefTexts);
  const hintId = useId();
  const addendum = useAddendum(relief.relief_id);
  const read = addendum.query.data !== undefined;
  const accept = useAcceptRelief();
  const confirmWithPin = useConfirmWithPin();
  /** From the tap until the answer, the PIN sheet's time included: one acceptance per tap. */
  const [sending, setSending] = useState(false);

  const submit = async () => {
    if (!read || sending) return;
    setSending(true);
    try {
      // What the borrower read is what they sign: the addendum's terms go with the acceptance.
      const terms = addendum.query.data!.terms;
      onAccepted(
        await confirmWithPin((pin) => accept.mutateAsync({ id: relief.relief_id, pay_pin: pin, terms })),
      );
    } catch (e) {
      const refusal = refusalOf(e);
      if (refusal) onRefused(refusal);
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="kk-relief__offer" data-testid="relief-offer">
      <h4 className="kk-relief__subtitle">{t('relief.offerTitle')}</h4>
      <p>
        {relief.kind === 'spread'
          ? t('relief.offerIntroSpread', { count: relief.extra_offered ?? relief.extra_asked ?? 0 })
          : t('relief.offerIntro', { days: relief.days_offered ?? relief.days_asked ?? 0 })}
      </p>
      <ReliefBillsTable bills={relief.bills} kind={relief.kind} />
      <dl className="kk-relief__facts">
        {relief.late_fees_kept !== null ? (
          <>
            <dt>{t('relief.lateFeesKept')}</dt>
            <dd data-testid="relief-late-fees">{formatRupiah(relief.late_fees_kept)}</dd>
          </>
        ) : null}
        {relief.offer_expires_at ? (
          <>
            <dt>{t('relief.expires')}</dt>
            <dd data-testid="relief-expires">{formatWib(relief.offer_expires_at)}</dd>
          </>
        ) : null}
      </dl>
      <ReliefAddendum addendum={addendum} orderId={relief.order_id} />
      <button
        type="button"
        className="kk-btn kk-btn--primary kk-btn--block"
        data-testid="relief-accept"
        disabled={!read || sending}
        aria-describedby={read ? undefined : hintId}
        onClick={() => void submit()}
      >
        {t('relief.accept')}
      </button>
      {read ? null : (
        <p className="kk-small kk-muted" id={hintId} data-testid="relief-read-first">
          {t('relief.readFirst')}
        </p>
      )}
      <ReliefWithdrawButton reliefId={relief.relief_id} offer onRefused={onRefused} />
    </div>
  );
}

import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { FiledPaymentClaim } from '@kaskita/domain/contract/payment-claims';
import { formatAmount, rupiah } from '@kaskita/domain/money/rupiah';
import { PAYMENT_CHANNEL_IDS } from '@kaskita/domain/payments/channels';
import { PAYMENT_CLAIM_ANSWER_WORKING_DAYS } from '@kaskita/domain/payments/payment-claims';
import { useT } from '../../../lib/i18n.ts';
import { useBills } from '../api/get-bills.ts';
import { rp } from '../repayment-format.ts';
import { repaymentsTexts } from '../repayments-texts.ts';
import { PaymentClaimForm, type PaymentClaimValues } from './payment-claim-form.tsx';
import { ClaimExplanation, ClaimStatus, PaymentClaimsList } from './payment-claims-list.tsx';
import { Facts, Loading } from './repayment-parts.tsx';

/**
 * /bill?claim=1 ("paid but not credited?"): what happens to a report, the form, and the borrower's reports with their
 * status. `channel` and `amount` in the address prefill the form (the payment code page passes its own); else the
 * amount is what the nearest bill asks.
 */
export function PaymentClaimView({ now }: { now?: () => Date }) {
  const t = useT(repaymentsTexts);
  const [search] = useSearchParams();
  const bills = useBills();
  const [filed, setFiled] = useState<FiledPaymentClaim | null>(null);
  const asked = Number(search.get('amount'));
  const channel = search.get('channel') ?? '';
  const amount =
    Number.isSafeInteger(asked) && asked > 0 ? rupiah(asked) : (bills.data?.nearest?.outstanding ?? null);
  const defaults: PaymentClaimValues = {
    channel_id: (PAYMENT_CHANNEL_IDS as readonly string[]).includes(channel) ? channel : '',
    paid_at: '',
    amount: amount === null ? '' : formatAmount(amount),
    reference: '',
  };
  // The form starts from the bill's amount, so it waits for the bills (a failed load leaves the amount to type).
  const waiting = !asked && bills.isPending;
  return (
    <div className="kk-content kk-repay" data-testid="page-payment-claim">
      {filed ? (
        <ClaimFiled claim={filed} onAnother={() => setFiled(null)} />
      ) : (
        <section className="kk-card">
          <p className="kk-small">{t('repayment.claimLead', { days: PAYMENT_CLAIM_ANSWER_WORKING_DAYS })}</p>
          {waiting ? <Loading /> : <PaymentClaimForm defaults={defaults} onFiled={setFiled} now={now} />}
        </section>
      )}
      <PaymentClaimsList />
    </div>
  );
}

/** The answer to a report: its case number to quote, its status and what comes next. */
function ClaimFiled({ claim, onAnother }: { claim: FiledPaymentClaim; onAnother: () => void }) {
  const t = useT(repaymentsTexts);
  const title =
    claim.status === 'credited'
      ? t('repayment.claimCreditedTitle')
      : claim.duplicate
        ? t('repayment.claimDuplicateTitle')
        : t('repayment.claimFiledTitle');
  return (
    <section className="kk-card" data-testid="claim-filed" data-status={claim.status} aria-live="polite">
      <h2 className="kk-repay__title">{title}</h2>
      <Facts
        rows={[
          {
            label: t('repayment.claimCase'),
            value: claim.case_number,
            strong: true,
            testId: 'claim-filed-case',
          },
          { label: t('repayment.status'), value: <ClaimStatus claim={claim} /> },
          { label: t('repayment.amount'), value: rp(claim.amount) },
          { label: t('repayment.claimChannel'), value: claim.channel_name },
        ]}
      />
      <ClaimExplanation claim={claim} />
      <p className="kk-small kk-muted">{t('repayment.claimCaseNote')}</p>
      <button type="button" className="kk-btn kk-btn--ghost kk-btn--block" onClick={onAnother}>
        {t('repayment.claimAnother')}
      </button>
    </section>
  );
}

import { useMemo, useState } from 'react';
import type { z } from 'zod';
import {
  paymentClaimFormSchema,
  PAYMENT_CLAIM_PROOF_FIELD,
  type FiledPaymentClaim,
} from '@kaskita/domain/contract/payment-claims';
import { PAYMENT_CHANNELS, type PaymentChannelId } from '@kaskita/domain/payments/channels';
import {
  paidAtProblem,
  PAYMENT_CLAIM_MAX_AGE_DAYS,
  PAYMENT_CLAIM_REFERENCE_MAX,
} from '@kaskita/domain/payments/payment-claims';
import { AmountField } from '../../../components/amount-field.tsx';
import { DatePickerField } from '../../../components/date-picker-field.tsx';
import { FieldError } from '../../../components/field-error.tsx';
import { ImageUploadInput } from '../../../components/image-upload-input.tsx';
import { OptionPickerField } from '../../../components/option-picker-field.tsx';
import { SubmitForm } from '../../../components/submit-form.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { toast } from '../../../components/toast.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { shrinkPhoto } from '../../../lib/shrink-photo.ts';
import {
  showServerFieldErrors,
  useFormField,
  useSchemaForm,
  type FieldBinding,
} from '../../../lib/use-schema-form.ts';
import { useT } from '../../../lib/i18n.ts';
import { useCreatePaymentClaim } from '../api/create-payment-claim.ts';
import { PROOF_REFUSAL_CODES } from '../repayment-codes.ts';
import { repaymentsTexts } from '../repayments-texts.ts';

/** What the form's fields hold: text as typed; `paid_at` an ISO instant once both the date and the time are chosen. */
export type PaymentClaimValues = { channel_id: string; paid_at: string; amount: string; reference: string };
type Parsed = z.output<typeof paymentClaimFormSchema>;

/**
 * The contract's form with the time window checked at `now` on the field itself, as the server checks it
 * (paidAtProblem), so "in the future" shows under the time at once rather than after every other field is right.
 */
function schemaAt(now: () => Date) {
  const { shape } = paymentClaimFormSchema;
  return paymentClaimFormSchema.extend({
    paid_at: shape.paid_at.superRefine((paidAt, ctx) => {
      const problem = paidAtProblem(paidAt, now());
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  }) as unknown as z.ZodType<Parsed, PaymentClaimValues>;
}

const phoneClock = () => new Date();

const CHANNEL_OPTIONS = PAYMENT_CHANNELS.map((c) => ({ value: c.id, label: c.name }));

type Props = {
  defaults: PaymentClaimValues;
  onFiled: (claim: FiledPaymentClaim) => void;
  /** Injected for tests; the phone's clock otherwise. */
  now?: () => Date;
};

/**
 * "Paid but not credited?" (POST /v1/order/payment_claim): how, when and how much the borrower paid, the receipt's
 * reference and a photo of it if they have them. The photo is shrunk on the phone first, like the KTP photo.
 */
export function PaymentClaimForm({ defaults, onFiled, now = phoneClock }: Props) {
  const t = useT(repaymentsTexts);
  const schema = useMemo(() => schemaAt(now), [now]);
  const form = useSchemaForm(schema, defaults);
  const channel = useFormField(form, 'channel_id');
  const paidAt = useFormField(form, 'paid_at');
  const amount = useFormField(form, 'amount');
  const reference = useFormField(form, 'reference');
  const create = useCreatePaymentClaim();
  const [proof, setProof] = useState<File | null>(null);
  const [proofError, setProofError] = useState<string | null>(null);
  const [shrinking, setShrinking] = useState(false);

  const submit = form.handleSubmit(async (values) => {
    setProofError(null);
    try {
      setShrinking(true);
      const photo = proof ? await shrinkPhoto(proof) : null;
      setShrinking(false);
      onFiled(await create.mutateAsync({ ...values, proof: photo }));
    } catch (e) {
      setShrinking(false);
      // No connection or a time-out: the api client has said so, and the form keeps what was typed.
      if (!(e instanceof ApiError) || e.kind !== 'server') return;
      if (PROOF_REFUSAL_CODES.includes(e.code)) setProofError(e.message);
      else if (!showServerFieldErrors(form, e)) toast.error(e.message);
    }
  });

  return (
    <SubmitForm
      onSubmit={submit}
      pending={shrinking || create.isPending}
      submitLabel={t('repayment.claimSend')}
      submitTestId="claim-send"
    >
      <OptionPickerField<PaymentChannelId>
        label={t('repayment.claimChannel')}
        options={CHANNEL_OPTIONS}
        value={channel.value as PaymentChannelId | ''}
        onChange={channel.onChange}
        placeholder={t('repayment.claimChannelPick')}
        error={channel.error}
        testId="claim-channel"
      />
      <PaidAtField binding={paidAt} now={now} />
      <AmountField
        label={t('repayment.claimAmount')}
        value={amount.value}
        onChange={amount.onChange}
        error={amount.error}
        testId="claim-amount"
      />
      <TextField
        label={t('repayment.claimReference')}
        value={reference.value}
        onChange={reference.onChange}
        error={reference.error}
        maxLength={PAYMENT_CLAIM_REFERENCE_MAX}
        autoComplete="off"
        placeholder={t('repayment.claimReferenceHint')}
        testId="claim-reference"
      />
      <div className="kk-field">
        {proof ? (
          <p className="kk-small kk-repay__claim-proof" data-testid="claim-proof-chosen">
            {t('repayment.claimProofChosen', { name: proof.name })}{' '}
            <button
              type="button"
              className="kk-btn kk-btn--link"
              onClick={() => {
                setProof(null);
                setProofError(null);
              }}
              data-testid="claim-proof-remove"
            >
              {t('repayment.claimProofRemove')}
            </button>
          </p>
        ) : (
          <ImageUploadInput
            label={t('repayment.claimProof')}
            onSelect={(file) => {
              setProof(file);
              setProofError(null);
            }}
            onReject={() => setProofError(t('repayment.claimProofNotImage'))}
            testId={`claim-${PAYMENT_CLAIM_PROOF_FIELD}`}
          />
        )}
        <FieldError error={proofError} />
      </div>
    </SubmitForm>
  );
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The instant a date and an `HH:MM` time make on the phone's clock, as ISO; '' until both are there. */
export function paidAtValue(date: Date | null, time: string): string {
  const hm = /^(\d{2}):(\d{2})$/.exec(time);
  if (!date || !hm) return '';
  return new Date(
    date.getFullYear(),
    date.getMonth(),
    date.getDate(),
    Number(hm[1]),
    Number(hm[2]),
  ).toISOString();
}

/**
 * When the borrower paid: the day (from the last PAYMENT_CLAIM_MAX_AGE_DAYS, today first) and the time as their
 * receipt shows it, on the phone's own clock. One field of the form, `paid_at`, whose error shows under the time.
 */
function PaidAtField({ binding, now }: { binding: FieldBinding<string>; now: () => Date }) {
  const t = useT(repaymentsTexts);
  const today = now();
  const initial = binding.value ? new Date(binding.value) : null;
  const [date, setDate] = useState<Date | null>(initial ?? today);
  const [time, setTime] = useState(initial ? `${pad(initial.getHours())}:${pad(initial.getMinutes())}` : '');
  const change = (nextDate: Date | null, nextTime: string) => {
    setDate(nextDate);
    setTime(nextTime);
    binding.onChange(paidAtValue(nextDate, nextTime));
  };
  const earliest = new Date(
    today.getFullYear(),
    today.getMonth(),
    today.getDate() - PAYMENT_CLAIM_MAX_AGE_DAYS,
  );
  return (
    <>
      <DatePickerField
        label={t('repayment.claimDate')}
        value={date}
        onChange={(d) => change(d, time)}
        placeholder={t('repayment.claimDatePick')}
        title={t('repayment.claimDatePick')}
        confirmText={t('repayment.pickerConfirm')}
        cancelText={t('repayment.pickerCancel')}
        today={today}
        min={earliest}
        max={today}
        testId="claim-date"
      />
      <TextField
        label={t('repayment.claimTime')}
        type="time"
        value={time}
        onChange={(v) => change(date, v)}
        error={binding.error}
        testId="claim-time"
      />
    </>
  );
}

import { useId } from 'react';
import type { z } from 'zod';
import { askReliefFieldsSchema, checkReliefTerms } from '@kaskita/domain/contract/relief';
import { addDays, formatDisplayDate } from '@kaskita/domain/pricing/business-date';
import { RELIEF_REASON_MAX, type ReliefKind } from '@kaskita/domain/relief/relief-rules';
import { ChoiceButtons } from '../../../components/choice-buttons.tsx';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { FieldError } from '../../../components/field-error.tsx';
import { SubmitForm } from '../../../components/submit-form.tsx';
import { toast } from '../../../components/toast.ts';
import { useT } from '../../../lib/i18n.ts';
import { useFormField, useFormRefusal, useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useAskRelief } from '../api/ask-relief.ts';
import { reliefTexts } from '../relief-texts.ts';

/**
 * The loan is not a field: it is the open loan the overview names. Leaving it out of the form also sends a refusal
 * about it (relief.order_required) to the banner, where the borrower sees it, not under a field that is not there.
 */
const formSchema = askReliefFieldsSchema
  .pick({ kind: true, days: true, extra: true, reason: true })
  .superRefine(checkReliefTerms);
/**
 * What the fields hold: no kind and no number until chosen (nothing is picked for the borrower); the number of the
 * kind not chosen stays unset (the contract refuses both).
 */
type ReliefValues = {
  kind: ReliefKind | null;
  days: number | undefined;
  extra: number | undefined;
  reason: string;
};
const schema = formSchema as unknown as z.ZodType<z.output<typeof formSchema>, ReliefValues>;

const KINDS: readonly ReliefKind[] = ['defer', 'spread'];

type Props = {
  orderId: string;
  /** The days the borrower may pick (GET /v1/relief `day_options`). */
  dayOptions: readonly number[];
  /** The instalments they may ask to add (`extra_options`). */
  extraOptions: readonly number[];
  /** The first unpaid bill's due date, to show what it would become. */
  nextDueDate: string | null;
};

/**
 * POST /v1/relief: more time or smaller instalments, how many, and why, under a plain account of what relief does and
 * does not do. Field errors are said under their fields in the borrower's language; other refusals (a request already
 * open, relief already given) in a banner, with the way to customer service when the message sends them there.
 */
export function ReliefForm({ orderId, dayOptions, extraOptions, nextDueDate }: Props) {
  const t = useT(reliefTexts);
  const reasonId = useId();
  const form = useSchemaForm(schema, { kind: null, days: undefined, extra: undefined, reason: '' });
  const kind = useFormField(form, 'kind');
  const days = useFormField(form, 'days');
  const extra = useFormField(form, 'extra');
  const reason = useFormField(form, 'reason');
  const refusal = useFormRefusal(form);
  const ask = useAskRelief();

  const submit = form.handleSubmit(async (values) => {
    refusal.dismiss();
    try {
      await ask.mutateAsync({ order_id: orderId, ...values });
      toast.success(t('relief.asked'));
    } catch (e) {
      // A lost connection was toasted by the api client; the form keeps what was typed.
      refusal.show(e);
    }
  });

  return (
    <section className="kk-card" aria-labelledby="kk-relief-ask" data-testid="relief-form">
      <h2 id="kk-relief-ask" className="kk-relief__title">
        {t('relief.askTitle')}
      </h2>
      <HowReliefWorks />
      <SubmitForm
        onSubmit={submit}
        pending={ask.isPending}
        submitLabel={t('relief.send')}
        submitTestId="relief-send"
      >
        <ChoiceButtons<ReliefKind>
          label={t('relief.kind')}
          options={KINDS.map((k) => ({ value: k, label: t(`relief.kind_${k}`) }))}
          value={kind.value}
          onChange={(k) => {
            kind.onChange(k);
            // Only the chosen kind's number is sent.
            form.setValue(k === 'defer' ? 'extra' : 'days', undefined);
          }}
          error={kind.error}
          testId="relief-kind"
        />
        {kind.value === 'spread' ? (
          <>
            <ChoiceButtons<number>
              label={t('relief.extra')}
              options={extraOptions.map((n) => ({ value: n, label: t('relief.extraOption', { extra: n }) }))}
              value={extra.value ?? null}
              onChange={extra.onChange}
              error={extra.error}
              testId="relief-extra"
            />
            <p className="kk-small" aria-live="polite" data-testid="relief-spread-hint">
              {t('relief.spreadHint')}
            </p>
          </>
        ) : null}
        {kind.value === 'defer' ? (
          <ChoiceButtons<number>
            label={t('relief.days')}
            options={dayOptions.map((d) => ({ value: d, label: t('relief.dayOption', { days: d }) }))}
            value={days.value ?? null}
            onChange={days.onChange}
            error={days.error}
            testId="relief-days"
          />
        ) : null}
        {kind.value === 'defer' && nextDueDate ? (
          <p className="kk-small" aria-live="polite" data-testid="relief-dates">
            {t('relief.nextDue', { date: formatDisplayDate(nextDueDate) })}
            {days.value ? (
              <>
                {' '}
                <strong data-testid="relief-new-date">
                  {t('relief.wouldBe', {
                    days: days.value,
                    date: formatDisplayDate(addDays(nextDueDate, days.value)),
                  })}
                </strong>
              </>
            ) : null}
          </p>
        ) : null}
        <div className="kk-field">
          <label className="kk-field__label" htmlFor={reasonId}>
            {t('relief.reason')}
          </label>
          <textarea
            id={reasonId}
            className="kk-field__input kk-relief__textarea"
            data-testid="relief-reason"
            maxLength={RELIEF_REASON_MAX}
            value={reason.value}
            aria-invalid={reason.error ? true : undefined}
            aria-describedby={`${reasonId}-hint`}
            onChange={(e) => reason.onChange(e.target.value)}
          />
          <p id={`${reasonId}-hint`} className="kk-small kk-muted">
            {t('relief.reasonHint')}{' '}
            {t('relief.reasonCount', { count: reason.value.trim().length, max: RELIEF_REASON_MAX })}
          </p>
          <FieldError error={reason.error} />
        </div>
        <ErrorBanner
          message={refusal.banner}
          code={refusal.code}
          onDismiss={refusal.dismiss}
          testId="relief-error"
        />
      </SubmitForm>
    </section>
  );
}

/** What relief does and costs, before the borrower asks: plain words, one point a line. */
function HowReliefWorks() {
  const t = useT(reliefTexts);
  return (
    <div data-testid="relief-how">
      <h3 className="kk-relief__subtitle">{t('relief.howTitle')}</h3>
      <ul className="kk-relief__how">
        <li>{t('relief.howMoves')}</li>
        <li>{t('relief.howSpreads')}</li>
        <li>{t('relief.howFree')}</li>
        <li>{t('relief.howLateFees')}</li>
        <li>{t('relief.howAnswer')}</li>
      </ul>
    </div>
  );
}

import { useState } from 'react';
import { correctionBodySchema, type CorrectionView } from '@kaskita/domain/contract/my-data';
import { CORRECTABLE_FIELDS, type CorrectableField } from '@kaskita/domain/legal/personal-data-rights';
import { GENDER, MARRIAGE, RELIGION, optionList } from '@kaskita/domain/i18n/profile-options';
import { validationMessage } from '@kaskita/domain/i18n/validation-messages';
import { FieldError } from '../../../components/field-error.tsx';
import '../../../components/form-field.css';
import { toast } from '../../../components/toast.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { useLocale, useT } from '../../../lib/i18n.ts';
import { useCorrections, useRequestCorrection } from '../api/my-data.ts';
import { myDataTexts } from '../my-data-texts.ts';

/** Fields answered with an option rather than typed. */
const OPTIONS = { gender: GENDER, religion: RELIGION, marriage: MARRIAGE } as const;
const isOption = (f: CorrectableField): f is keyof typeof OPTIONS => f in OPTIONS;

/**
 * A correction of the KTP identity once it is locked (its step saved): the field, the right value and why, decided by
 * staff; each request with its status and the staff's answer.
 */
export function CorrectionRequests() {
  const t = useT(myDataTexts);
  const locale = useLocale();
  const corrections = useCorrections();
  const send = useRequestCorrection();
  const [field, setField] = useState<CorrectableField>('name');
  const [value, setValue] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ value?: string; reason?: string; form?: string }>({});
  const optionLabel = (f: CorrectableField, v: string) =>
    isOption(f) ? (optionList(OPTIONS[f], locale).find((o) => String(o.value) === v)?.label ?? v) : v;

  const submit = async () => {
    const parsed = correctionBodySchema.safeParse({ field, value, reason });
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const at = issue.path[0] === 'reason' ? 'reason' : 'value';
        found[at] ??= validationMessage(issue.message, locale);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      await send.mutateAsync(parsed.data);
      setValue('');
      setReason('');
      toast.success(t('myData.sent'));
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      const key = (error.data as { fields?: { value?: string } } | null)?.fields?.value;
      setErrors(key ? { value: validationMessage(key, locale) } : { form: error.message });
    }
  };

  const data = corrections.data;
  return (
    <section
      className="kk-card"
      aria-labelledby="my-data-corrections-title"
      data-testid="my-data-corrections"
    >
      <h2 className="kk-me__section-title" id="my-data-corrections-title">
        {t('myData.correctionsTitle')}
      </h2>
      <p className="kk-small kk-muted">{t('myData.correctionsIntro')}</p>
      {data && !data.locked ? (
        <p className="kk-small" data-testid="corrections-unlocked">
          {t('myData.correctionsUnlocked')}
        </p>
      ) : null}
      {data?.locked ? (
        <form
          className="kk-field"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <label className="kk-field__label" htmlFor="kk-correction-field">
            {t('myData.field')}
          </label>
          <select
            id="kk-correction-field"
            className="kk-field__input"
            data-testid="correction-field"
            value={field}
            onChange={(e) => {
              setField(e.target.value as CorrectableField);
              setValue('');
            }}
          >
            {CORRECTABLE_FIELDS.map((f) => (
              <option key={f} value={f}>
                {t(`myData.field_${f}`)}
              </option>
            ))}
          </select>
          <label className="kk-field__label" htmlFor="kk-correction-value">
            {t('myData.value')}
          </label>
          {isOption(field) ? (
            <select
              id="kk-correction-value"
              className="kk-field__input"
              data-testid="correction-value"
              value={value}
              aria-invalid={errors.value ? true : undefined}
              onChange={(e) => setValue(e.target.value)}
            >
              <option value="" />
              {optionList(OPTIONS[field], locale).map((o) => (
                <option key={o.value} value={String(o.value)}>
                  {o.label}
                </option>
              ))}
            </select>
          ) : (
            <input
              id="kk-correction-value"
              className="kk-field__input"
              data-testid="correction-value"
              inputMode={field === 'nik' ? 'numeric' : 'text'}
              placeholder={field === 'birth_date' ? t('myData.valueHint_birth_date') : undefined}
              maxLength={100}
              value={value}
              aria-invalid={errors.value ? true : undefined}
              onChange={(e) => setValue(e.target.value)}
            />
          )}
          <FieldError error={errors.value} />
          <label className="kk-field__label" htmlFor="kk-correction-reason">
            {t('myData.reason')}
          </label>
          <textarea
            id="kk-correction-reason"
            className="kk-field__input kk-my-data__textarea"
            data-testid="correction-reason"
            rows={3}
            maxLength={500}
            value={reason}
            aria-invalid={errors.reason ? true : undefined}
            onChange={(e) => setReason(e.target.value)}
          />
          <FieldError error={errors.reason} />
          <FieldError error={errors.form} />
          <button
            type="submit"
            className="kk-btn kk-btn--primary kk-btn--block"
            data-testid="correction-send"
            disabled={send.isPending}
          >
            {t('myData.send')}
          </button>
        </form>
      ) : null}
      {data && data.list.length === 0 ? <p className="kk-small kk-muted">{t('myData.none')}</p> : null}
      <ul className="kk-my-data__list">
        {data?.list.map((c) => (
          <CorrectionItem key={c.id} request={c} shown={optionLabel(c.field, c.proposed_value)} />
        ))}
      </ul>
    </section>
  );
}

function CorrectionItem({ request, shown }: { request: CorrectionView; shown: string }) {
  const t = useT(myDataTexts);
  return (
    <li data-testid="correction-item" data-status={request.status}>
      <p>{t('myData.requestItem', { field: t(`myData.field_${request.field}`), value: shown })}</p>
      <p className="kk-small kk-muted">
        {formatDate(request.created_at)} · {t(`myData.status_${request.status}`)}
      </p>
      {request.answer ? (
        <p className="kk-small" data-testid="correction-answer">
          <strong>{t('myData.answer')}:</strong> {request.answer}
        </p>
      ) : null}
    </li>
  );
}

import { useId, useState } from 'react';
import type { z } from 'zod';
import { formatRupiah } from '@kaskita/domain/money/rupiah';
import {
  COMPLAINT_CATEGORIES,
  COMPLAINT_CATEGORY_LABELS,
  COMPLAINT_TEXT_MAX,
  isComplaintCategory,
  isDisputeCategory,
  type ComplaintCategory,
} from '@kaskita/domain/complaints/complaint-rules';
import { COMPLAINT_ANSWER_WORKING_DAYS } from '@kaskita/domain/complaints/complaint-deadline';
import { complaintFormSchema, type ComplaintDetail } from '@kaskita/domain/contract/complaints';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { FieldError } from '../../../components/field-error.tsx';
import { ImageUploadInput } from '../../../components/image-upload-input.tsx';
import { OptionPickerField } from '../../../components/option-picker-field.tsx';
import { SubmitForm } from '../../../components/submit-form.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { useLocale, useT } from '../../../lib/i18n.ts';
import { shrinkPhoto } from '../../../lib/shrink-photo.ts';
import { useFormField, useFormRefusal, useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useComplaintSubjects } from '../api/get-complaint-subjects.ts';
import { useFileComplaint } from '../api/file-complaint.ts';
import { helpTexts } from '../help-texts.ts';

/** What the form's fields hold: text as typed, '' for nothing chosen. */
type ComplaintValues = {
  category: string;
  text: string;
  order_id: string;
  payment_id: string;
  contact_id: string;
};
type Parsed = z.output<typeof complaintFormSchema>;
const schema = complaintFormSchema as unknown as z.ZodType<Parsed, ComplaintValues>;

/** The photo refusals (too large, not an image, wrong type, absurd size): said under the photo. */
const PHOTO_REFUSAL_CODES: readonly number[] = [4131, 4151, 4152, 4153];

type Props = {
  /** From the link that sent the borrower here (`?category=`, `&order_id=`): a message's "contact customer service". */
  initialCategory?: string | null;
  initialOrderId?: string | null;
  /** `&contact_id=`: the collection contact it is about (the loan's collection log), kept with the case. */
  initialContactId?: string | null;
  onFiled: (complaint: ComplaintDetail) => void;
};

/**
 * POST /v1/complaints: the topic, what happened, the loan or payment it is about (the borrower's own, offered from
 * GET /v1/complaint_subjects) and a photo if they have one, shrunk on the phone first. Each refusal is said under its
 * field; the daily limit in a banner.
 */
export function ComplaintForm({ initialCategory, initialOrderId, initialContactId, onFiled }: Props) {
  const t = useT(helpTexts);
  const locale = useLocale();
  const textId = useId();
  const form = useSchemaForm(schema, {
    category: isComplaintCategory(initialCategory) ? initialCategory : '',
    text: '',
    order_id: initialOrderId ?? '',
    payment_id: '',
    contact_id: initialContactId ?? '',
  });
  const aboutContact = Boolean(initialContactId);
  const category = useFormField(form, 'category');
  const text = useFormField(form, 'text');
  const order = useFormField(form, 'order_id');
  const payment = useFormField(form, 'payment_id');
  const refusal = useFormRefusal(form);
  const subjects = useComplaintSubjects();
  const file = useFileComplaint();
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [shrinking, setShrinking] = useState(false);

  const none = { value: '', label: t('help.none') };
  const orderOptions = [
    none,
    ...(subjects.data?.orders ?? []).map((o) => ({
      value: o.order_id,
      label: t('help.orderLabel', {
        amount: formatRupiah(o.amount),
        date: formatDate(o.created_at),
      }),
    })),
  ];
  const paymentOptions = [
    none,
    ...(subjects.data?.payments ?? []).map((p) => ({
      value: p.payment_id,
      label: t('help.orderLabel', {
        amount: formatRupiah(p.amount),
        date: formatDate(p.paid_at),
      }),
    })),
  ];

  const submit = form.handleSubmit(async (values) => {
    setPhotoError(null);
    refusal.dismiss();
    try {
      setShrinking(true);
      const shrunk = photo ? await shrinkPhoto(photo) : null;
      setShrinking(false);
      onFiled(await file.mutateAsync({ ...values, photo: shrunk }));
    } catch (e) {
      setShrinking(false);
      // No connection or a time-out: the api client has said so, and the form keeps what was typed.
      if (!(e instanceof ApiError) || e.kind !== 'server') return;
      if (PHOTO_REFUSAL_CODES.includes(e.code)) setPhotoError(e.message);
      else refusal.show(e);
    }
  });

  return (
    <section className="kk-card" aria-labelledby="kk-help-file">
      <h2 id="kk-help-file" className="kk-help__title">
        {t('help.fileTitle')}
      </h2>
      <p className="kk-small kk-muted">{t('help.fileIntro', { days: COMPLAINT_ANSWER_WORKING_DAYS })}</p>
      <SubmitForm
        onSubmit={submit}
        pending={shrinking || file.isPending}
        submitLabel={t('help.send')}
        submitTestId="complaint-send"
      >
        <OptionPickerField<ComplaintCategory>
          label={t('help.category')}
          options={COMPLAINT_CATEGORIES.map((c) => ({
            value: c,
            label: COMPLAINT_CATEGORY_LABELS[c][locale],
          }))}
          value={category.value as ComplaintCategory | ''}
          onChange={category.onChange}
          placeholder={t('help.categoryPick')}
          error={category.error}
          testId="complaint-category"
        />
        {isDisputeCategory(category.value) ? (
          <p className="kk-small" role="note" data-testid="complaint-dispute-note">
            {t('help.disputeNote')}
          </p>
        ) : null}
        <div className="kk-field">
          <label className="kk-field__label" htmlFor={textId}>
            {t('help.text')}
          </label>
          <textarea
            id={textId}
            className="kk-field__input kk-help__textarea"
            data-testid="complaint-text"
            maxLength={COMPLAINT_TEXT_MAX}
            value={text.value}
            aria-invalid={text.error ? true : undefined}
            aria-describedby={`${textId}-hint`}
            onChange={(e) => text.onChange(e.target.value)}
          />
          <p id={`${textId}-hint`} className="kk-small kk-muted">
            {t('help.textHint')}
          </p>
          <FieldError error={text.error} />
        </div>
        {aboutContact ? (
          <p className="kk-small" data-testid="complaint-about-contact">
            {t('help.aboutContact')}
          </p>
        ) : null}
        {orderOptions.length > 1 || order.value || isDisputeCategory(category.value) ? (
          <OptionPickerField<string>
            label={t('help.order')}
            options={orderOptions}
            value={order.value}
            onChange={order.onChange}
            placeholder={t('help.orderPick')}
            error={order.error}
            testId="complaint-order"
          />
        ) : null}
        {paymentOptions.length > 1 || payment.value ? (
          <OptionPickerField<string>
            label={t('help.payment')}
            options={paymentOptions}
            value={payment.value}
            onChange={payment.onChange}
            placeholder={t('help.paymentPick')}
            error={payment.error}
            testId="complaint-payment"
          />
        ) : null}
        <div className="kk-field">
          {photo ? (
            <p className="kk-small" data-testid="complaint-photo-chosen">
              {t('help.photoChosen', { name: photo.name })}{' '}
              <button
                type="button"
                className="kk-btn kk-btn--link"
                onClick={() => {
                  setPhoto(null);
                  setPhotoError(null);
                }}
              >
                {t('help.photoRemove')}
              </button>
            </p>
          ) : (
            <ImageUploadInput
              label={t('help.photo')}
              onSelect={(chosen) => {
                setPhoto(chosen);
                setPhotoError(null);
              }}
              onReject={() => setPhotoError(t('help.photoNotImage'))}
              testId="complaint-photo"
            />
          )}
          <FieldError error={photoError} />
        </div>
        <ErrorBanner
          message={refusal.banner}
          code={refusal.code}
          onDismiss={refusal.dismiss}
          testId="complaint-error"
        />
      </SubmitForm>
    </section>
  );
}

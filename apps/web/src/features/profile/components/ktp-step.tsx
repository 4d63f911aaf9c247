import { useEffect, useRef, useState } from 'react';
import type { BaseProfileView, OcrResult, ProfileProgress } from '@kaskita/domain/contract/profile';
import { GENDER, MARRIAGE, RELIGION } from '@kaskita/domain/i18n/profile-options';
import { nikIssueField, nikIssues } from '@kaskita/domain/validation/nik';
import { ktpIdentitySchema } from '@kaskita/domain/validation/profile';
import { DatePickerField } from '../../../components/date-picker-field.tsx';
import { toApiDate } from '../../../components/date-rules.ts';
import { FieldError } from '../../../components/field-error.tsx';
import { Icon } from '../../../components/icon.tsx';
import { ImageUploadInput } from '../../../components/image-upload-input.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n.ts';
import { useFormField, useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useBaseProfile } from '../api/get-base-profile.ts';
import { useKtpPhoto } from '../api/get-ktp-photo.ts';
import { useOcrCheck } from '../api/ocr-check.ts';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { SupportLink } from '../../../components/support-link.tsx';
import { useSaveKtp } from '../api/save-ktp.ts';
import { useProfileDraft } from '../api/profile-draft.ts';
import { useDraftAutosave } from '../hooks/use-draft-autosave.ts';
import { useStepSubmit } from '../hooks/use-step-submit.ts';
import { withDraft } from '../step-draft.ts';
import { shrinkPhoto } from '../../../lib/shrink-photo.ts';
import { dateFromApi } from '../ktp-photo-file.ts';
import { formSchema, option, text, type OptionValue } from '../profile-form.ts';
import { ProfileOptionField } from './profile-option-field.tsx';
import { StepForm } from './step-form.tsx';
import { StepFrame } from './step-frame.tsx';
import { profileTexts } from '../profile-texts.ts';
import './profile.css';

type KtpFormValues = {
  cardid: string;
  name: string;
  birth_date: string;
  gender: OptionValue;
  religion: OptionValue;
  marriage: OptionValue;
};

/** What the NIK is checked against: each must be well formed on its own first. */
const nikAgainst = ktpIdentitySchema.pick({ cardid: true, birth_date: true, gender: true });

/**
 * The identity's schema, plus the NIK rules the domain decides without the regions data, so a mismatch shows under
 * its field before any call: the borrower's local date stands in for today. The server checks again on its business
 * date, and the district code too.
 */
const schema = formSchema<KtpFormValues>()(
  ktpIdentitySchema.superRefine((identity, ctx) => {
    // zod runs this even when some fields failed: their own messages come first.
    if (!nikAgainst.safeParse(identity).success) return;
    const issues = nikIssues(
      { nik: identity.cardid, birthDate: identity.birth_date, gender: identity.gender },
      toApiDate(new Date()),
    );
    // One message per field, the first the borrower would fix.
    for (const field of ['cardid', 'birth_date'] as const) {
      const issue = issues.find((i) => nikIssueField(i) === field);
      if (issue) ctx.addIssue({ code: 'custom', path: [field], message: issue });
    }
  }),
);

/** Below this the reader was guessing: the borrower types rather than corrects (contract: confidence 0..1). */
export const OCR_MIN_CONFIDENCE = 0.5;

type OcrState =
  | { status: 'idle' }
  | { status: 'reading' }
  | { status: 'read' }
  | { status: 'failed'; reason: string | null };

/** True when the answer gives the borrower something worth confirming. */
export function ocrUsable(result: OcrResult): boolean {
  const read = [
    result.ktp_id_number,
    result.name,
    result.date_of_birth,
    result.gender,
    result.religion,
    result.marital,
  ];
  return result.confidence >= OCR_MIN_CONFIDENCE && read.some((v) => v !== null);
}

/** The KTP step: photo (uploaded and read by OCR), then the identity as on the card, confirmed by the borrower. */
export function KtpStep() {
  const base = useBaseProfile();
  const draft = useProfileDraft('ktp');
  return (
    <StepFrame step="ktp" queries={[base, draft]}>
      {(progress) => <KtpForm view={base.data!} draft={draft.data!.values} progress={progress} />}
    </StepFrame>
  );
}

function KtpForm({
  view,
  draft,
  progress,
}: {
  view: BaseProfileView;
  /** What the form held before a reload (GET /v1/user/profile_draft), laid over the saved answers. */
  draft: Record<string, unknown> | null;
  progress: ProfileProgress;
}) {
  const t = useT(profileTexts);
  const readOnly = progress.locked || view.ktp_submitted;
  const form = useSchemaForm(
    schema,
    withDraft(
      {
        // The NIK is never sent back whole: a submitted KTP shows it masked, read-only.
        cardid: view.ktp_submitted ? text(view.cardid_masked) : '',
        name: text(view.name),
        birth_date: text(view.birth_date),
        gender: option(view.gender),
        religion: option(view.religion),
        marriage: option(view.marriage),
      },
      readOnly ? null : draft,
    ),
  );
  const autosave = useDraftAutosave('ktp', form, !readOnly);
  const cardid = useFormField(form, 'cardid');
  const name = useFormField(form, 'name');
  const birthDate = useFormField(form, 'birth_date');
  const gender = useFormField(form, 'gender');
  const religion = useFormField(form, 'religion');
  const marriage = useFormField(form, 'marriage');

  const [preview, setPreview] = useState<string | null>(null);
  const [photoSaved, setPhotoSaved] = useState(view.ktp_photo);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [ocr, setOcr] = useState<OcrState>({ status: 'idle' });
  // The photo stored earlier, shown again after a reload; a new local photo replaces it.
  const stored = useKtpPhoto(view.ktp_photo && preview === null);
  const ocrCheck = useOcrCheck();
  const submit = useStepSubmit(form, useSaveKtp(), {
    beforeSave: () => photoSaved,
    onSaved: autosave.discard,
    onRefused: (e) => {
      // 4260: the server has no photo after all; the borrower takes it again.
      if (e instanceof ApiError && e.code === 4260) setPhotoSaved(false);
      return false;
    },
  });

  // Object URLs hold the photo in memory until revoked.
  const previewRef = useRef<string | null>(null);
  useEffect(() => () => void (previewRef.current && URL.revokeObjectURL(previewRef.current)), []);

  const prefill = (result: OcrResult) => {
    const fill = <N extends keyof KtpFormValues>(field: N, value: KtpFormValues[N] | null) => {
      if (value === null) return;
      form.setValue(field, value as never, { shouldDirty: true });
      form.clearErrors(field);
    };
    fill('cardid', result.ktp_id_number);
    fill('name', result.name);
    fill('birth_date', result.date_of_birth);
    fill('gender', result.gender !== null && Object.hasOwn(GENDER, result.gender) ? result.gender : null);
    fill(
      'religion',
      result.religion !== null && Object.hasOwn(RELIGION, result.religion) ? result.religion : null,
    );
    fill(
      'marriage',
      result.marital !== null && Object.hasOwn(MARRIAGE, result.marital) ? result.marital : null,
    );
  };

  const choose = async (file: File) => {
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    previewRef.current = URL.createObjectURL(file);
    setPreview(previewRef.current);
    setPhotoError(null);
    setOcr({ status: 'reading' });
    try {
      const result = await ocrCheck.mutateAsync({ photo: await shrinkPhoto(file), fileName: file.name });
      setPhotoSaved(true);
      if (ocrUsable(result)) {
        prefill(result);
        setOcr({ status: 'read' });
      } else setOcr({ status: 'failed', reason: null });
    } catch (e) {
      // Never a dead end: the borrower types what is on the card (and may try another photo).
      setOcr({ status: 'failed', reason: e instanceof ApiError && e.kind === 'server' ? e.message : null });
    }
  };

  const photo = preview ?? stored.data ?? null;
  return (
    <StepForm
      step="ktp"
      progress={progress}
      onSubmit={() => {
        // Said on every press, even with fields still to fix: the photo is the first thing the page asks for.
        if (!photoSaved) setPhotoError(t('profile.ktp.photoRequired'));
        return submit.onSubmit();
      }}
      pending={submit.pending}
      readOnly={readOnly}
      beforeSubmit={
        <>
          <ErrorBanner
            message={submit.refusal.banner}
            code={submit.refusal.code}
            onDismiss={submit.refusal.dismiss}
            testId="ktp-error"
          />
          <p className="kk-step__notice kk-step__notice--warning" data-testid="ktp-warning">
            <Icon name="warning" />
            <span>{t('profile.ktp.warning')}</span>
          </p>
        </>
      }
    >
      {view.ktp_submitted ? (
        <p className="kk-step__notice" data-testid="ktp-submitted">
          {t('profile.ktp.submitted')} <SupportLink category="personal_data" />
        </p>
      ) : (
        <>
          <p className="kk-muted">{t('profile.ktp.intro')}</p>
          <ul className="kk-ktp__tips">
            <li>{t('profile.ktp.tipHorizontal')}</li>
            <li>{t('profile.ktp.tipUncovered')}</li>
            <li>{t('profile.ktp.tipLight')}</li>
          </ul>
        </>
      )}
      <ImageUploadInput
        className="kk-ktp__upload"
        capture="environment"
        testId="ktp-photo-input"
        disabled={readOnly || ocr.status === 'reading'}
        onSelect={(file) => void choose(file)}
        onReject={() => setPhotoError(t('profile.ktp.notImage'))}
        label={
          <>
            {photo ? (
              <img
                className="kk-ktp__preview"
                src={photo}
                alt={t('profile.ktp.photoAlt')}
                data-testid="ktp-preview"
              />
            ) : null}
            {readOnly ? null : <span>{photo ? t('profile.ktp.retake') : t('profile.ktp.take')}</span>}
          </>
        }
      />
      <FieldError error={photoError} />
      {ocr.status === 'reading' ? (
        <p className="kk-step__notice" role="status" aria-busy="true" data-testid="ocr-reading">
          {t('profile.ktp.reading')}
        </p>
      ) : ocr.status === 'read' ? (
        <p className="kk-step__notice" role="status" data-testid="ocr-read">
          <Icon name="check" />
          <span>{t('profile.ktp.readOk')}</span>
        </p>
      ) : ocr.status === 'failed' ? (
        <p className="kk-step__notice kk-step__notice--warning" role="status" data-testid="ocr-failed">
          <Icon name="warning" />
          <span>
            {ocr.reason ? `${ocr.reason}. ` : ''}
            {t('profile.ktp.readFailed')}
          </span>
        </p>
      ) : null}
      <TextField
        label={t('profile.ktp.nik')}
        placeholder={t('profile.ktp.nikPlaceholder')}
        inputMode="numeric"
        autoComplete="off"
        maxLength={20}
        {...cardid}
        testId="ktp-nik"
      />
      {/* 4263: the NIK is another account's; only customer service can sort that out. */}
      {form.formState.errors.cardid?.message === 'nik.registered' ? (
        <SupportLink category="personal_data" testId="ktp-nik-support" />
      ) : null}
      <TextField
        label={t('profile.ktp.name')}
        autoComplete="name"
        autoCapitalize="characters"
        maxLength={100}
        {...name}
        testId="ktp-name"
      />
      <DatePickerField
        label={t('profile.ktp.birthDate')}
        placeholder={t('profile.ktp.birthDatePlaceholder')}
        title={t('profile.ktp.birthDate')}
        confirmText={t('common.confirm')}
        cancelText={t('common.cancel')}
        value={dateFromApi(birthDate.value)}
        onChange={(d) => birthDate.onChange(toApiDate(d))}
        error={birthDate.error}
        testId="ktp-birth-date"
      />
      <ProfileOptionField
        label={t('profile.ktp.gender')}
        options={GENDER}
        field={gender}
        testId="ktp-gender"
      />
      <ProfileOptionField
        label={t('profile.ktp.religion')}
        options={RELIGION}
        field={religion}
        testId="ktp-religion"
      />
      <ProfileOptionField
        label={t('profile.ktp.marriage')}
        options={MARRIAGE}
        field={marriage}
        testId="ktp-marriage"
      />
    </StepForm>
  );
}

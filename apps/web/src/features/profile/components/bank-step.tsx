import { useState, type ComponentType, type ReactNode } from 'react';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { BaseProfileView, ProfileProgress } from '@kaskita/domain/contract/profile';
import type { BankCards } from '@kaskita/domain/contract/bank-cards';
import { errorMessage, type ErrorKey } from '@kaskita/domain/i18n/error-codes';
import { bankAccountSchema, type BankAccountInput } from '@kaskita/domain/validation/profile';
import { Icon } from '../../../components/icon.tsx';
import { LoadingOverlay } from '../../../components/loading-overlay.tsx';
import { toast } from '../../../components/toast.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useLocale, useT } from '../../../lib/i18n.ts';
import type { bankKeys } from '../../../lib/query-keys.ts';
import {
  showServerFieldErrors,
  useFormField,
  useSchemaForm,
  type FieldBinding,
} from '../../../lib/use-schema-form.ts';
import { useBaseProfile } from '../api/get-base-profile.ts';
import { useProfileDraft } from '../api/profile-draft.ts';
import { useSaveBank } from '../api/save-bank.ts';
import { useDraftAutosave } from '../hooks/use-draft-autosave.ts';
import { useStepSubmit } from '../hooks/use-step-submit.ts';
import { formSchema, text } from '../profile-form.ts';
import { withDraft } from '../step-draft.ts';
import { nextStepHref } from '../step-flow.ts';
import { StepForm } from './step-form.tsx';
import { StepFrame } from './step-frame.tsx';
import { profileTexts } from '../profile-texts.ts';
import './profile.css';

type BankFormValues = { bank: string; card_num: string; name: string };

const schema = formSchema<BankFormValues>()(bankAccountSchema);

/** The bank's answers the borrower can act on, explained beside the form rather than in a passing toast. */
const BANK_ERRORS: Record<number, ErrorKey> = {
  4270: 'BANK_NAME_MISMATCH',
  4271: 'BANK_ACCOUNT_NOT_FOUND',
  4272: 'BANK_CHECK_UNAVAILABLE',
  4264: 'PROFILE_STEP_MISSING',
  4262: 'PROFILE_LOCKED',
};

/**
 * Where the account goes instead of the onboarding save, given by the route: after a failed disbursement the
 * corrected account is sent with the order (POST /v1/user/bank_patch, the loans feature's call), and the borrower moves
 * on to wait for the money. The form, its checks and the bank's refusals stay the step's.
 */
export type BankCorrection = {
  save: (body: BankAccountInput) => Promise<unknown>;
  /** After a save the bank accepted. */
  onSaved: () => void;
  /** Under the form, e.g. the way to cancel the loan instead. */
  footer?: ReactNode;
};

/** Refusals of a correction explained beside the form, besides the bank's: the failure was resolved meanwhile. */
const CORRECTION_ERRORS: Record<number, ErrorKey> = { ...BANK_ERRORS, 4299: 'NO_FAILED_DISBURSEMENT' };

/** The bank-cards feature's bank, account number and holder fields, given by the route. */
export type BankFieldsComponent = ComponentType<{
  bank: FieldBinding<string>;
  cardNum: FieldBinding<string>;
  name: FieldBinding<string>;
  onEdit: () => void;
}>;

/** The bank-cards feature's query of the borrower's accounts (GET /v1/user/bank), given by the route. */
export type BankCardsQuery = UseQueryOptions<BankCards, Error, BankCards, typeof bankKeys.cards>;

type Props = {
  /** Where the saved account is read from (onboarding; a correction does not show it). */
  bankCards: BankCardsQuery;
  BankFields: BankFieldsComponent;
  correction?: BankCorrection;
};

/** The bank step (/home/add-bank): the onboarding save, or with `correction` a failed disbursement's new account. */
export function BankStep({ bankCards, BankFields, correction }: Props) {
  if (correction) return <BankCorrectionForm correction={correction} BankFields={BankFields} />;
  return <OnboardingBankStep bankCards={bankCards} BankFields={BankFields} />;
}

function OnboardingBankStep({ bankCards, BankFields }: Omit<Props, 'correction'>) {
  const bank = useQuery(bankCards);
  const base = useBaseProfile();
  const draft = useProfileDraft('bank');
  return (
    <StepFrame step="bank" queries={[bank, base, draft]}>
      {(progress) => (
        <BankStepBody
          cards={bank.data!}
          view={base.data!}
          draft={draft.data!.values}
          progress={progress}
          BankFields={BankFields}
        />
      )}
    </StepFrame>
  );
}

function BankStepBody({
  cards,
  view,
  draft,
  progress,
  BankFields,
}: {
  cards: BankCards;
  view: BaseProfileView;
  draft: Record<string, unknown> | null;
  progress: ProfileProgress;
  BankFields: BankFieldsComponent;
}) {
  const t = useT(profileTexts);
  const [changing, setChanging] = useState(false);
  const saved = cards.account;
  if (saved && !changing) {
    return (
      <>
        <section
          className="kk-card kk-bank__saved"
          data-testid="bank-saved"
          aria-labelledby="bank-saved-title"
        >
          <h2 className="kk-step__group-title" id="bank-saved-title">
            {t('profile.bank.saved')}
          </h2>
          <p style={{ margin: '0 0 4px' }}>
            <Icon name="check" /> {saved.bank_name}
          </p>
          <p
            style={{ margin: '0 0 4px', fontVariantNumeric: 'tabular-nums' }}
            data-testid="bank-saved-number"
          >
            {saved.card_num_masked}
          </p>
          <p className="kk-muted" style={{ margin: 0 }}>
            {saved.name}
          </p>
        </section>
        <Link
          className="kk-btn kk-btn--primary kk-btn--block"
          to={nextStepHref(progress)}
          data-testid="step-next"
        >
          {t('profile.next')}
        </Link>
        {progress.locked ? null : (
          <button
            type="button"
            className="kk-btn kk-btn--link kk-btn--block"
            data-testid="bank-change"
            onClick={() => setChanging(true)}
          >
            {t('profile.bank.change')}
          </button>
        )}
      </>
    );
  }
  return <BankForm view={view} draft={draft} progress={progress} BankFields={BankFields} />;
}

function BankForm({
  view,
  draft,
  progress,
  BankFields,
}: {
  view: BaseProfileView;
  /** What the form held before a reload (GET /v1/user/profile_draft), laid over the defaults. */
  draft: Record<string, unknown> | null;
  progress: ProfileProgress;
  BankFields: BankFieldsComponent;
}) {
  const t = useT(profileTexts);
  const locale = useLocale();
  const form = useBankForm(view, progress.locked ? null : draft);
  const autosave = useDraftAutosave('bank', form, !progress.locked);
  const [refusal, setRefusal] = useState<ErrorKey | null>(null);
  const submit = useStepSubmit(form, useSaveBank(), {
    onSaved: autosave.discard,
    beforeSave: () => setRefusal(null),
    onRefused: (e) => {
      if (!(e instanceof ApiError)) return false;
      const known = BANK_ERRORS[e.code];
      if (known) setRefusal(known);
      // The save is not toasted (save-bank.ts): a refusal with no field of its own is said here.
      else if (!showServerFieldErrors(form, e) && e.kind === 'server') toast.error(e.message);
      return true;
    },
  });

  return (
    <StepForm
      step="bank"
      progress={progress}
      {...submit}
      beforeSubmit={
        refusal ? (
          <p className="kk-step__notice kk-step__notice--error" role="alert" data-testid="bank-refusal">
            <Icon name="warning" />
            <span>{errorMessage(refusal, locale)}</span>
          </p>
        ) : null
      }
    >
      <p className="kk-muted">{t('profile.bank.intro')}</p>
      <BankFormFields form={form} onEdit={() => setRefusal(null)} BankFields={BankFields} />
    </StepForm>
  );
}

function useBankForm(view: BaseProfileView, draft: Record<string, unknown> | null = null) {
  return useSchemaForm<BankFormValues, BankAccountInput>(
    schema,
    withDraft(
      {
        bank: '',
        card_num: '',
        // The holder must be the borrower named on the KTP (4270 otherwise).
        name: text(view.name),
      },
      draft,
    ),
  );
}

/** The step's form bound to the bank fields; editing the bank or the number takes a refusal away. */
function BankFormFields({
  form,
  onEdit,
  BankFields,
}: {
  form: ReturnType<typeof useBankForm>;
  onEdit: () => void;
  BankFields: BankFieldsComponent;
}) {
  return (
    <BankFields
      bank={useFormField(form, 'bank')}
      cardNum={useFormField(form, 'card_num')}
      name={useFormField(form, 'name')}
      onEdit={onEdit}
    />
  );
}

/**
 * A failed disbursement's account, corrected: no step header (the profile is complete and locked), the same fields
 * and refusals, saved through the route's `correction`.
 */
function BankCorrectionForm({
  correction,
  BankFields,
}: {
  correction: BankCorrection;
  BankFields: BankFieldsComponent;
}) {
  const t = useT(profileTexts);
  const base = useBaseProfile();
  return (
    <div className="kk-content" data-testid="page-bank-correction">
      {base.data ? (
        <BankCorrectionFields view={base.data} correction={correction} BankFields={BankFields} />
      ) : base.isError ? (
        <div className="kk-status-page">
          <p className="kk-muted">{t('profile.loadFailed')}</p>
          <button type="button" className="kk-btn kk-btn--primary" onClick={() => void base.refetch()}>
            {t('profile.retry')}
          </button>
        </div>
      ) : (
        <p className="kk-muted" aria-busy="true" data-testid="step-loading">
          {t('common.loading')}
        </p>
      )}
      {correction.footer}
    </div>
  );
}

function BankCorrectionFields({
  view,
  correction,
  BankFields,
}: {
  view: BaseProfileView;
  correction: BankCorrection;
  BankFields: BankFieldsComponent;
}) {
  const t = useT(profileTexts);
  const locale = useLocale();
  const form = useBankForm(view);
  const [refusal, setRefusal] = useState<ErrorKey | null>(null);
  const [pending, setPending] = useState(false);
  const onSubmit = form.handleSubmit(async (values) => {
    setRefusal(null);
    setPending(true);
    try {
      await correction.save(values);
      correction.onSaved();
    } catch (e) {
      const known = e instanceof ApiError ? CORRECTION_ERRORS[e.code] : undefined;
      if (known) setRefusal(known);
      else if (!showServerFieldErrors(form, e) && e instanceof ApiError && e.kind === 'server')
        toast.error(e.message);
    } finally {
      setPending(false);
    }
  });
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
    >
      <p className="kk-step__notice kk-step__notice--error" role="status" data-testid="bank-correction-intro">
        <Icon name="warning" />
        <span>{t('profile.bank.correctIntro')}</span>
      </p>
      <fieldset className="kk-step__fields">
        <BankFormFields form={form} onEdit={() => setRefusal(null)} BankFields={BankFields} />
      </fieldset>
      {refusal ? (
        <p className="kk-step__notice kk-step__notice--error" role="alert" data-testid="bank-refusal">
          <Icon name="warning" />
          <span>{errorMessage(refusal, locale)}</span>
        </p>
      ) : null}
      <button
        type="submit"
        className="kk-btn kk-btn--primary kk-btn--block"
        data-testid="bank-correction-submit"
        disabled={pending}
      >
        {t('profile.bank.correctSubmit')}
      </button>
      <LoadingOverlay visible={pending} label={t('profile.bank.checking')} />
    </form>
  );
}

import { useEffect, useState, type ComponentType } from 'react';
import type { z } from 'zod';
import type { SmsCodeResponse } from '@kaskita/domain/contract/auth';
import {
  bankCardAddBodySchema,
  type BankCardCodeBody,
  type BankCardCodeResponse,
} from '@kaskita/domain/contract/bank-cards';
import { ERRORS, errorMessage, type ErrorKey } from '@kaskita/domain/i18n/error-codes';
import { CodeInput } from '../../../components/code-input.tsx';
import { Icon } from '../../../components/icon.tsx';
import { LoadingOverlay } from '../../../components/loading-overlay.tsx';
import { toast } from '../../../components/toast.ts';
import { paths } from '../../../config/paths.ts';
import { useConfirmWithPin } from '../../../components/pin-confirmation.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useLocale, useT } from '../../../lib/i18n.ts';
import { showServerFieldErrors, useFormField, useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useSafeNavigate } from '../../../lib/use-safe-navigate.ts';
import { useAddBankCard } from '../api/add-bank-card.ts';
import { useBankCards } from '../api/get-bank-cards.ts';
import { sendBankCardCode } from '../api/send-bank-card-code.ts';
import { BankFields } from './bank-fields.tsx';
import { bankCardsTexts } from '../bank-cards-texts.ts';
import './bank-cards.css';

/** The sign-in's send-code button (auth feature) for a code to the borrower's own phone, given by the route. */
export type SendCodeButtonComponent = ComponentType<{
  send: (captcha: BankCardCodeBody) => Promise<SmsCodeResponse>;
  purpose: string;
}>;

type Values = { bank: string; card_num: string; name: string; sms_code: string };
// The contract's schemas accept what a form posts and what JSON sends, so zod types their input loosely; the form's
// own shape says what its fields hold.
const schema = bankCardAddBodySchema as unknown as z.ZodType<z.output<typeof bankCardAddBodySchema>, Values>;

/** The refusals the borrower acts on by changing the account, explained beside the form rather than in a toast. */
const ACCOUNT_REFUSALS: readonly ErrorKey[] = [
  'BANK_NAME_MISMATCH',
  'BANK_ACCOUNT_NOT_FOUND',
  'BANK_CHECK_UNAVAILABLE',
  'CARD_ALREADY_SAVED',
  'TOO_MANY_CARDS',
];
/** The code's refusals, under the code field. */
const CODE_REFUSALS: readonly ErrorKey[] = ['SMS_CODE_WRONG', 'SMS_CODE_EXPIRED', 'SMS_CODE_LOCKED'];

function refusalOf(error: unknown, keys: readonly ErrorKey[]): ErrorKey | null {
  if (!(error instanceof ApiError) || error.kind !== 'server') return null;
  return keys.find((key) => ERRORS[key].code === error.code) ?? null;
}

type Props = {
  SendCodeButton: SendCodeButtonComponent;
  /** The name on the borrower's KTP (the base profile), the holder's default; null until known. */
  ktpName: string | null;
  /** `?id=`: the saved card the new one replaces. */
  replaceId: string | null;
};

/**
 * /me/bank-card-add/1: a new account (POST /v1/user/bank_add), checked with the bank in the KTP name and confirmed by
 * a code sent to the borrower's registered phone (POST /v1/user/bank_code). It becomes the default; with `replaceId`
 * it replaces that card. The bank is asked before the code is used, so after a refusal the borrower corrects the
 * account and sends again with the same code.
 */
export function BankCardAddForm({ SendCodeButton, ktpName, replaceId }: Props) {
  const t = useT(bankCardsTexts);
  const locale = useLocale();
  const navigate = useSafeNavigate();
  const cards = useBankCards();
  const add = useAddBankCard();
  const confirmWithPin = useConfirmWithPin();
  const form = useSchemaForm(schema, { bank: '', card_num: '', name: '', sms_code: '' });
  const bank = useFormField(form, 'bank');
  const cardNum = useFormField(form, 'card_num');
  const name = useFormField(form, 'name');
  const code = useFormField(form, 'sms_code');
  const [refusal, setRefusal] = useState<ErrorKey | null>(null);
  const [codeRefusal, setCodeRefusal] = useState<ErrorKey | null>(null);
  const [phoneMasked, setPhoneMasked] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  // The holder must be the borrower named on the KTP (4270 otherwise): it starts as that name once known, unless the
  // borrower has typed one already.
  useEffect(() => {
    if (ktpName && !form.getFieldState('name').isDirty) form.resetField('name', { defaultValue: ktpName });
  }, [ktpName, form]);

  const replaced = replaceId ? cards.data?.cards.find((c) => c.id === replaceId) : undefined;

  const send = async (captcha: BankCardCodeBody): Promise<BankCardCodeResponse> => {
    try {
      const res = await sendBankCardCode(captcha);
      if (res.captcha === 0) setPhoneMasked(res.phone_masked);
      return res;
    } catch (e) {
      // Toasted by the api client; a full list is said beside the form too, where it stays.
      const key = refusalOf(e, ['TOO_MANY_CARDS']);
      if (key) setRefusal(key);
      throw e;
    }
  };

  const submit = form.handleSubmit(async (values) => {
    setRefusal(null);
    setCodeRefusal(null);
    setPending(true);
    try {
      // With the payment PIN once the borrower has set one (a sheet asks for it; closed, nothing is sent).
      await confirmWithPin((pin) => add.mutateAsync({ ...values, id: replaceId ?? undefined, pay_pin: pin }));
      toast.success(t('bankCard.added'));
      navigate(paths.meBankCard.path, { replace: true });
    } catch (e) {
      const account = refusalOf(e, ACCOUNT_REFUSALS);
      const wrongCode = refusalOf(e, CODE_REFUSALS);
      if (account) setRefusal(account);
      else if (wrongCode) setCodeRefusal(wrongCode);
      // The call is not toasted (add-bank-card.ts): a refusal with no place of its own is said here.
      else if (!showServerFieldErrors(form, e) && e instanceof ApiError && e.kind === 'server')
        toast.error(e.message);
    } finally {
      setPending(false);
    }
  });

  return (
    <div className="kk-content kk-bank-cards" data-testid="page-bank-card-add">
      <p className="kk-muted">{t('bankCard.intro')}</p>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <fieldset className="kk-bank-cards__fields">
          <BankFields bank={bank} cardNum={cardNum} name={name} onEdit={() => setRefusal(null)} />
        </fieldset>
        <p
          className="kk-small kk-muted kk-bank-cards__code-to"
          aria-live="polite"
          data-testid="bank-card-code-to"
        >
          {phoneMasked ? t('bankCard.codeSentTo', { phone: phoneMasked }) : t('bankCard.codeHint')}
        </p>
        <CodeInput
          label={t('bankCard.code')}
          placeholder={t('login.codePlaceholder')}
          {...code}
          error={code.error ?? (codeRefusal ? errorMessage(codeRefusal, locale) : null)}
          onChange={(v) => {
            code.onChange(v);
            setCodeRefusal(null);
          }}
          addon={<SendCodeButton send={send} purpose="bank-card" />}
          testId="bank-card-code"
        />
        <div className="kk-bank-cards__info" data-testid="bank-card-add-notice">
          <Icon name="shield" />
          <p>
            {t('bankCard.becomesDefault')}
            {replaced ? (
              <>
                {' '}
                <span data-testid="bank-card-add-replaces">
                  {t('bankCard.replaces', { account: `${replaced.bank_name} ${replaced.card_num_masked}` })}
                </span>
              </>
            ) : null}
          </p>
        </div>
        {refusal ? (
          <p className="kk-bank-cards__refusal" role="alert" data-testid="bank-card-add-refusal">
            <Icon name="warning" />
            <span>{errorMessage(refusal, locale)}</span>
          </p>
        ) : null}
        <button
          type="submit"
          className="kk-btn kk-btn--primary kk-btn--block"
          data-testid="bank-card-add-submit"
          disabled={pending}
        >
          {replaceId ? t('bankCard.submitReplace') : t('bankCard.submit')}
        </button>
        <LoadingOverlay visible={pending} label={t('bankCard.checking')} />
      </form>
    </div>
  );
}

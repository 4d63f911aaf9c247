import { useState, type ComponentType } from 'react';
import type { z } from 'zod';
import type { SmsCodeResponse } from '@kaskita/domain/contract/auth';
import { setPayPinBodySchema } from '@kaskita/domain/contract/pay-pin';
import { ERRORS, type ErrorKey } from '@kaskita/domain/i18n/error-codes';
import { CodeInput } from '../../../components/code-input.tsx';
import { Icon } from '../../../components/icon.tsx';
import { LoadingOverlay } from '../../../components/loading-overlay.tsx';
import { toast } from '../../../components/toast.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n.ts';
import { showServerFieldErrors, useFormField, useSchemaForm } from '../../../lib/use-schema-form.ts';
import { sendPayPinCode, useSetPayPin } from '../api/pay-pin.ts';
import { commerceTexts } from '../commerce-texts.ts';
import { PinField } from '../../../components/pin-field.tsx';

/** The sign-in's send-code button (auth feature) for a code to the borrower's own phone, given by the route. */
export type OwnCodeButton = ComponentType<{
  send: (captcha: { captcha_id?: string; captcha_code?: string }) => Promise<SmsCodeResponse>;
  purpose: string;
}>;

type Values = { pin: string; pin_confirm: string; sms_code: string };
// The contract's schema accepts what a form posts; the form's own shape says what its fields hold.
const schema = setPayPinBodySchema as unknown as z.ZodType<z.output<typeof setPayPinBodySchema>, Values>;

const CODE_REFUSALS: readonly ErrorKey[] = ['SMS_CODE_WRONG', 'SMS_CODE_EXPIRED', 'SMS_CODE_LOCKED'];

/**
 * /third/pay/set-passwd: the payment PIN, typed twice, confirmed by an SMS code to the registered phone (a stolen
 * session alone cannot choose the PIN that confirms purchases). Also the reset of a forgotten or locked PIN.
 */
export function SetPayPinForm({
  SendCodeButton,
  onSaved,
}: {
  SendCodeButton: OwnCodeButton;
  onSaved: () => void;
}) {
  const t = useT(commerceTexts);
  const save = useSetPayPin();
  const form = useSchemaForm(schema, { pin: '', pin_confirm: '', sms_code: '' });
  const pin = useFormField(form, 'pin');
  const pinConfirm = useFormField(form, 'pin_confirm');
  const code = useFormField(form, 'sms_code');
  const [codeRefusal, setCodeRefusal] = useState<string | null>(null);

  const submit = form.handleSubmit(async (values) => {
    setCodeRefusal(null);
    try {
      await save.mutateAsync(values);
      toast.success(t('payPin.saved'));
      onSaved();
    } catch (e) {
      if (!(e instanceof ApiError) || e.kind !== 'server') return;
      if (CODE_REFUSALS.some((key) => ERRORS[key].code === e.code)) setCodeRefusal(e.message);
      // The call is not toasted (pay-pin.ts): a refusal with no field of its own is said here.
      else if (!showServerFieldErrors(form, e)) toast.error(e.message);
    }
  });

  return (
    <form
      className="kk-content kk-checkout"
      noValidate
      data-testid="page-set-pay-pin"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h1 className="kk-checkout__heading">{t('payPin.heading')}</h1>
      <p className="kk-checkout__notice">
        <Icon name="shield" />
        <span>{t('payPin.intro')}</span>
      </p>
      <PinField label={t('payPin.pin')} {...pin} testId="pay-pin" />
      <PinField label={t('payPin.pinConfirm')} {...pinConfirm} testId="pay-pin-confirm" />
      <p className="kk-small kk-muted">{t('payPin.codeHint')}</p>
      <CodeInput
        label={t('payPin.code')}
        {...code}
        error={code.error ?? codeRefusal}
        onChange={(v) => {
          code.onChange(v);
          setCodeRefusal(null);
        }}
        testId="pay-pin-code"
        addon={<SendCodeButton purpose="pay-pin" send={sendPayPinCode} />}
      />
      <button
        type="submit"
        className="kk-btn kk-btn--primary kk-btn--block"
        disabled={save.isPending}
        data-testid="pay-pin-submit"
      >
        {t('payPin.submit')}
      </button>
      <LoadingOverlay visible={save.isPending} label={t('payPin.saving')} />
    </form>
  );
}

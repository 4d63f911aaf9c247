import { useState, type ComponentType } from 'react';
import type { SmsCodeQuery, SmsCodeResponse } from '@kaskita/domain/contract/auth';
import { whatsappConfirmBodySchema } from '@kaskita/domain/contract/verification';
import { CodeInput } from '../../../components/code-input.tsx';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { SubmitForm } from '../../../components/submit-form.tsx';
import { toast } from '../../../components/toast.ts';
import { paths } from '../../../config/paths.ts';
import { useT } from '../../../lib/i18n.ts';
import { initialLoginPhone } from '../../../lib/login-phone.ts';
import { useFormField, useFormRefusal, useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useSafeNavigate } from '../../../lib/use-safe-navigate.ts';
import { sendWhatsappCode, useConfirmWhatsapp } from '../api/verification-api.ts';
import { applicationTexts } from '../application-texts.ts';
import './application.css';

/** The sign-in's phone field with its send-code button and captcha flow (auth feature), given by the route. */
export type PhoneCodeFieldComponent = ComponentType<{
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  testId: string;
  send: (query: SmsCodeQuery) => Promise<SmsCodeResponse>;
  onPhoneError: (messageKey: string | null) => void;
  channel?: 'whatsapp';
  sentNotice?: string;
}>;

/**
 * /home/whatsapp: the borrower's WhatsApp number, prefilled with the sign-in phone (most use the same; it may differ),
 * and the code sent to it over WhatsApp, with its own resend countdown.
 */
export function WhatsappForm({ PhoneCodeField }: { PhoneCodeField: PhoneCodeFieldComponent }) {
  const t = useT(applicationTexts);
  const navigate = useSafeNavigate();
  const confirm = useConfirmWhatsapp();
  const form = useSchemaForm(whatsappConfirmBodySchema, { phone: initialLoginPhone(null), sms_code: '' });
  const phone = useFormField(form, 'phone');
  const code = useFormField(form, 'sms_code');
  const refusal = useFormRefusal(form);
  const [pending, setPending] = useState(false);

  const submit = form.handleSubmit(async (values) => {
    setPending(true);
    refusal.dismiss();
    try {
      await confirm.mutateAsync(values);
      toast.success(t('whatsapp.done'));
      navigate(paths.userInto.path, { replace: true });
    } catch (e) {
      // A wrong or expired code beside the code field (with the tries left); the typed values stay.
      refusal.show(e);
    } finally {
      setPending(false);
    }
  });

  return (
    <div className="kk-content kk-apply" data-testid="page-whatsapp">
      <p className="kk-muted">{t('whatsapp.intro')}</p>
      <SubmitForm
        onSubmit={submit}
        pending={pending}
        submitLabel={t('whatsapp.confirm')}
        submitTestId="whatsapp-submit"
      >
        <PhoneCodeField
          {...phone}
          testId="whatsapp-phone"
          send={sendWhatsappCode}
          channel="whatsapp"
          sentNotice={t('whatsapp.codeSent')}
          onPhoneError={(key) =>
            key ? form.setError('phone', { type: 'validate', message: key }) : form.clearErrors('phone')
          }
        />
        <CodeInput
          label={t('whatsapp.code')}
          placeholder={t('login.codePlaceholder')}
          {...code}
          testId="whatsapp-code"
        />
        <ErrorBanner message={refusal.banner} onDismiss={refusal.dismiss} testId="whatsapp-error" />
      </SubmitForm>
    </div>
  );
}

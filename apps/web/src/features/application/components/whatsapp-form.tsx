import { useState, type ComponentType } from 'react';
import type { SmsCodeQuery, SmsCodeResponse } from '@kaskita/domain/contract/auth';
import { whatsappConfirmBodySchema } from '@kaskita/domain/contract/verification';
import { CodeInput } from '../../../components/code-input.tsx';
import { SubmitForm } from '../../../components/submit-form.tsx';
import { toast } from '../../../components/toast.ts';
import { paths } from '../../../config/paths.ts';
import { useT } from '../../../lib/i18n.ts';
import { useFormField, useSchemaForm } from '../../../lib/use-schema-form.ts';
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
}>;

/** /home/whatsapp: the borrower's WhatsApp number (it may differ from the login phone) and the code sent to it. */
export function WhatsappForm({ PhoneCodeField }: { PhoneCodeField: PhoneCodeFieldComponent }) {
  const t = useT(applicationTexts);
  const navigate = useSafeNavigate();
  const confirm = useConfirmWhatsapp();
  const form = useSchemaForm(whatsappConfirmBodySchema, { phone: '', sms_code: '' });
  const phone = useFormField(form, 'phone');
  const code = useFormField(form, 'sms_code');
  const [pending, setPending] = useState(false);

  const submit = form.handleSubmit(async (values) => {
    setPending(true);
    try {
      await confirm.mutateAsync(values);
      toast.success(t('whatsapp.done'));
      navigate(paths.userInto.path, { replace: true });
    } catch {
      // the api client has shown why (wrong or expired code); the typed values stay
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
      </SubmitForm>
    </div>
  );
}

import { useT } from '../../../lib/i18n.ts';
import { CONSENT_VERSIONS } from '@kaskita/domain/legal/versions';
import { newPasswordSchema } from '@kaskita/domain/validation/password';
import { phoneSchema } from '@kaskita/domain/validation/phone';
import { smsCodeSchema } from '@kaskita/domain/validation/sms-code';
import { CodeInput } from '../../../components/code-input.tsx';
import { NewPasswordFields } from '../../../components/password-field.tsx';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { SubmitForm } from '../../../components/submit-form.tsx';
import { toast } from '../../../components/toast.ts';
import { useFormField, useFormRefusal, useSchemaForm } from '../../../lib/use-schema-form.ts';
import { sendResetSms } from '../api/reset-sms.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { PhoneCodeField } from './phone-code-field.tsx';
import { ConsentCheckbox } from './consent-checkbox.tsx';
import { consentShape } from '../hooks/use-consent-login.ts';
import { useCaptchaGate, withRefusal } from '../hooks/use-captcha-gate.ts';
import { LazyCaptchaDialog } from './lazy-captcha-dialog.tsx';

// The reset body's rules plus the consent: a reset signs the borrower in, so it asks for the same agreement as login.
const schema = newPasswordSchema({ phone: phoneSchema, sms_code: smsCodeSchema, ...consentShape });

/** Forgotten password: phone, a reset_sms code and a new password; the answer is a new session. */
export function ResetPasswordForm({ initialPhone, onDone }: { initialPhone: string; onDone: () => void }) {
  const t = useT();
  const form = useSchemaForm(schema, {
    phone: initialPhone,
    sms_code: '',
    password: '',
    confirm_password: '',
    consent: false,
  });
  const phone = useFormField(form, 'phone');
  const code = useFormField(form, 'sms_code');
  const password = useFormField(form, 'password');
  const confirm = useFormField(form, 'confirm_password');
  const consent = useFormField(form, 'consent');
  const { mutateAsync, isPending } = useResetPassword();
  const gate = useCaptchaGate();
  const refusal = useFormRefusal(form);

  const submit = form.handleSubmit(async ({ consent: _consent, ...body }) => {
    refusal.dismiss();
    await gate.run(
      withRefusal(refusal.show, async (captcha) => {
        // The versions of the documents the ticked box accepted, recorded with the consent.
        await mutateAsync({ ...body, ...CONSENT_VERSIONS, ...captcha });
        toast.success(t('password.resetDone'));
        onDone();
      }),
    );
  });

  return (
    <SubmitForm
      onSubmit={submit}
      pending={isPending}
      submitLabel={t('common.submit')}
      submitTestId="reset-submit"
    >
      <PhoneCodeField
        {...phone}
        testId="reset-phone"
        send={sendResetSms}
        onPhoneError={(key) =>
          key ? form.setError('phone', { type: 'validate', message: key }) : form.clearErrors('phone')
        }
      />
      <CodeInput
        label={t('login.code')}
        placeholder={t('login.codePlaceholder')}
        {...code}
        testId="reset-code"
      />
      <NewPasswordFields
        password={password}
        confirm={confirm}
        testIds={{ password: 'reset-password', confirm: 'reset-confirm' }}
      />
      <ConsentCheckbox checked={consent.value} onChange={consent.onChange} error={consent.error} />
      <ErrorBanner
        message={refusal.banner}
        code={refusal.code}
        onDismiss={refusal.dismiss}
        testId="reset-error"
      />
      <LazyCaptchaDialog {...gate.dialog} />
    </SubmitForm>
  );
}

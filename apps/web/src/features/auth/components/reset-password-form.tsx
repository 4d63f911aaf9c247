import { useT } from '../../../lib/i18n.ts';
import { resetPasswordBodySchema } from '@kaskita/domain/contract/auth';
import { CodeInput } from '../../../components/code-input.tsx';
import { NewPasswordFields } from '../../../components/password-field.tsx';
import { SubmitForm } from '../../../components/submit-form.tsx';
import { toast } from '../../../components/toast.ts';
import { showServerFieldErrors, useFormField, useSchemaForm } from '../../../lib/use-schema-form.ts';
import { sendResetSms } from '../api/reset-sms.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { PhoneCodeField } from './phone-code-field.tsx';

/** Forgotten password: phone, a reset_sms code and a new password; the answer is a new session. */
export function ResetPasswordForm({ initialPhone, onDone }: { initialPhone: string; onDone: () => void }) {
  const t = useT();
  const form = useSchemaForm(resetPasswordBodySchema, {
    phone: initialPhone,
    sms_code: '',
    password: '',
    confirm_password: '',
  });
  const phone = useFormField(form, 'phone');
  const code = useFormField(form, 'sms_code');
  const password = useFormField(form, 'password');
  const confirm = useFormField(form, 'confirm_password');
  const { mutateAsync, isPending } = useResetPassword();

  const submit = form.handleSubmit(async (body) => {
    try {
      await mutateAsync(body);
      toast.success(t('password.resetDone'));
      onDone();
    } catch (e) {
      // toasted by the api client; field errors go under their fields and the typed values stay
      showServerFieldErrors(form, e);
    }
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
    </SubmitForm>
  );
}

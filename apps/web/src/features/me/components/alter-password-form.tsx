import { useT } from '../../../lib/i18n.ts';
import { alterPasswordBodySchema } from '@kaskita/domain/contract/auth';
import { NewPasswordFields, PasswordField } from '../../../components/password-field.tsx';
import { SubmitForm } from '../../../components/submit-form.tsx';
import { toast } from '../../../components/toast.ts';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { useFormField, useFormRefusal, useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useAlterPassword } from '../api/alter-password.ts';

type Mode = 'modify' | 'set';

/**
 * The contract leaves old_password optional (a first password has none); changing one needs it, which only the
 * form knows. A blank optional text parses to undefined, so the check is on the parsed value.
 */
const schemas: Record<Mode, typeof alterPasswordBodySchema> = {
  set: alterPasswordBodySchema,
  modify: alterPasswordBodySchema.superRefine((body, ctx) => {
    if (!body.old_password)
      ctx.addIssue({ code: 'custom', message: 'password.required', path: ['old_password'] });
  }),
};

/** Change (with the current password) or set the first password, signed in. */
export function AlterPasswordForm({ mode, onDone }: { mode: Mode; onDone: () => void }) {
  const t = useT();
  const form = useSchemaForm(schemas[mode], { old_password: '', password: '', confirm_password: '' });
  const oldPassword = useFormField(form, 'old_password');
  const password = useFormField(form, 'password');
  const confirm = useFormField(form, 'confirm_password');
  const { mutateAsync, isPending } = useAlterPassword();
  const refusal = useFormRefusal(form);

  const submit = form.handleSubmit(async (body) => {
    refusal.dismiss();
    try {
      await mutateAsync(body);
      toast.success(mode === 'modify' ? t('password.changed') : t('password.set'));
      onDone();
    } catch (e) {
      // A wrong current password beside its field, anything else in the banner; the typed values stay.
      refusal.show(e);
    }
  });

  return (
    <SubmitForm
      onSubmit={submit}
      pending={isPending}
      submitLabel={t('common.save')}
      submitTestId="password-submit"
    >
      {mode === 'modify' ? (
        <PasswordField
          label={t('password.old')}
          autoComplete="current-password"
          {...oldPassword}
          value={oldPassword.value ?? ''}
          testId="old-password"
        />
      ) : null}
      <NewPasswordFields
        password={password}
        confirm={confirm}
        testIds={{ password: 'new-password', confirm: 'confirm-password' }}
      />
      <ErrorBanner message={refusal.banner} onDismiss={refusal.dismiss} testId="password-error" />
    </SubmitForm>
  );
}

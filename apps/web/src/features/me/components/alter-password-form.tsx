import { useT, useLocale } from '../../../lib/i18n.ts';
import { useState } from 'react';
import { alterPasswordBodySchema } from '@kaskita/domain/contract/auth';
import { validationMessage } from '@kaskita/domain/i18n/validation-messages';
import { NewPasswordFields, PasswordField } from '../../../components/password-field.tsx';
import { SubmitForm } from '../../../components/submit-form.tsx';
import { toast } from '../../../components/toast.ts';
import { fieldErrors } from '../../../lib/form-errors.ts';
import { useFieldErrors } from '../../../lib/use-field-errors.ts';
import { invalidateQueries } from '../../../lib/query.ts';
import { useAlterPassword } from '../api/alter-password.ts';

/** Change (with the current password) or set the first password, signed in. */
export function AlterPasswordForm({ mode, onDone }: { mode: 'modify' | 'set'; onDone: () => void }) {
  const t = useT();
  const locale = useLocale();
  const [oldPassword, setOldPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { errors, setErrors, edit } = useFieldErrors();
  const { mutate, isPending } = useAlterPassword();

  const submit = async () => {
    const parsed = alterPasswordBodySchema.safeParse({
      old_password: mode === 'modify' ? oldPassword : undefined,
      password,
      confirm_password: confirm,
    });
    const next = fieldErrors(parsed, locale);
    if (mode === 'modify' && !oldPassword) next.old_password = validationMessage('password.required', locale);
    setErrors(next);
    // A failed parse always has field errors; the current password is the one check the schema cannot make.
    if (!parsed.success || next.old_password) return;
    try {
      await mutate(parsed.data);
      invalidateQueries(['user', 'account']);
      toast.success(mode === 'modify' ? t('password.changed') : t('password.set'));
      onDone();
    } catch {
      // shown by the api client; the typed values stay
    }
  };

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
          value={oldPassword}
          onChange={edit('old_password', setOldPassword)}
          error={errors.old_password}
          testId="old-password"
        />
      ) : null}
      <NewPasswordFields
        password={password}
        confirm={confirm}
        onPasswordChange={edit('password', setPassword)}
        onConfirmChange={edit('confirm_password', setConfirm)}
        errors={errors}
        testIds={{ password: 'new-password', confirm: 'confirm-password' }}
      />
    </SubmitForm>
  );
}

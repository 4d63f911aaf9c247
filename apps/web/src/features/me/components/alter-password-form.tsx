import { useT, useLocale } from '../../../lib/i18n.ts';
import { useState } from 'react';
import { alterPasswordBodySchema } from '@kaskita/domain/contract/auth';
import { validationMessage } from '@kaskita/domain/i18n/validation-messages';
import { TextField } from '../../../components/text-field.tsx';
import { LoadingOverlay } from '../../../components/loading-overlay.tsx';
import { toast } from '../../../components/toast.ts';
import { fieldErrors } from '../../../lib/form-errors.ts';
import { invalidateQueries } from '../../../lib/query.ts';
import { useAlterPassword } from '../api/alter-password.ts';

/** Change (with the current password) or set the first password, signed in. */
export function AlterPasswordForm({ mode, onDone }: { mode: 'modify' | 'set'; onDone: () => void }) {
  const t = useT();
  const locale = useLocale();
  const [oldPassword, setOldPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
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
    if (!parsed.success || Object.keys(next).length > 0) return;
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
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {mode === 'modify' ? (
        <TextField
          label={t('password.old')}
          type="password"
          autoComplete="current-password"
          value={oldPassword}
          onChange={setOldPassword}
          error={errors.old_password}
          testId="old-password"
        />
      ) : null}
      <TextField
        label={t('password.new')}
        type="password"
        autoComplete="new-password"
        placeholder={t('password.newPlaceholder')}
        value={password}
        onChange={setPassword}
        error={errors.password}
        testId="new-password"
      />
      <TextField
        label={t('password.confirm')}
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={setConfirm}
        error={errors.confirm_password}
        testId="confirm-password"
      />
      <button type="submit" className="kk-btn kk-btn--primary kk-btn--block" data-testid="password-submit" disabled={isPending}>
        {t('common.save')}
      </button>
      <LoadingOverlay visible={isPending} label={t('common.loading')} />
    </form>
  );
}

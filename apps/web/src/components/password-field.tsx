import { useT } from '../lib/i18n.ts';
import { TextField } from './text-field.tsx';

type PasswordFieldProps = {
  label: string;
  /** 'current-password' to let the browser fill a saved one, 'new-password' to offer a generated one. */
  autoComplete: 'current-password' | 'new-password';
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  testId: string;
};

/** A masked password input. */
export function PasswordField(props: PasswordFieldProps) {
  return <TextField type="password" {...props} />;
}

type NewPasswordFieldsProps = {
  password: string;
  confirm: string;
  onPasswordChange: (value: string) => void;
  onConfirmChange: (value: string) => void;
  /** Keyed like the password bodies of the API: `password` and `confirm_password`. */
  errors: { password?: string; confirm_password?: string };
  testIds: { password: string; confirm: string };
};

/** Choosing a password: the new one and its repetition (the schema reports a mismatch on the second). */
export function NewPasswordFields({
  password,
  confirm,
  onPasswordChange,
  onConfirmChange,
  errors,
  testIds,
}: NewPasswordFieldsProps) {
  const t = useT();
  return (
    <>
      <PasswordField
        label={t('password.new')}
        autoComplete="new-password"
        placeholder={t('password.newPlaceholder')}
        value={password}
        onChange={onPasswordChange}
        error={errors.password}
        testId={testIds.password}
      />
      <PasswordField
        label={t('password.confirm')}
        autoComplete="new-password"
        value={confirm}
        onChange={onConfirmChange}
        error={errors.confirm_password}
        testId={testIds.confirm}
      />
    </>
  );
}

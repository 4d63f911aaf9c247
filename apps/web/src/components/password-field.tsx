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

/** A controlled text value with its message ('' or null when fine). */
type Binding = { value: string; onChange: (value: string) => void; error?: string | null };

type NewPasswordFieldsProps = {
  /** Named like the password bodies of the API: `password` and `confirm_password`. */
  password: Binding;
  confirm: Binding;
  testIds: { password: string; confirm: string };
};

/** Choosing a password: the new one and its repetition (the schema reports a mismatch on the second). */
export function NewPasswordFields({ password, confirm, testIds }: NewPasswordFieldsProps) {
  const t = useT();
  return (
    <>
      <PasswordField
        label={t('password.new')}
        autoComplete="new-password"
        placeholder={t('password.newPlaceholder')}
        {...password}
        testId={testIds.password}
      />
      <PasswordField
        label={t('password.confirm')}
        autoComplete="new-password"
        {...confirm}
        testId={testIds.confirm}
      />
    </>
  );
}

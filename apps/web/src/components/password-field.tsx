import { useState } from 'react';
import { useT } from '../lib/i18n.ts';
import { Icon } from './icon.tsx';
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

/** A password input, masked until the borrower asks to see what they typed (a typo on a phone keyboard is common). */
export function PasswordField(props: PasswordFieldProps) {
  const t = useT();
  const [shown, setShown] = useState(false);
  return (
    <TextField
      type={shown ? 'text' : 'password'}
      autoCapitalize="off"
      autoCorrect="off"
      spellCheck={false}
      {...props}
      addon={
        <button
          type="button"
          className="kk-field__toggle"
          data-testid={`${props.testId}-toggle`}
          aria-pressed={shown}
          aria-label={shown ? t('login.hidePassword') : t('login.showPassword')}
          onClick={() => setShown((s) => !s)}
        >
          <Icon name={shown ? 'eye-off' : 'eye'} size={20} />
        </button>
      }
    />
  );
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

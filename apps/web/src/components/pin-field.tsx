import { PAY_PIN_LENGTH } from '@kaskita/domain/contract/pay-pin-length';
import { sanitizeCode } from './code-input.tsx';
import { TextField } from './text-field.tsx';

type Props = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Called once the sixth digit is typed. */
  onComplete?: (pin: string) => void;
  error?: string | null;
  testId: string;
  autoFocus?: boolean;
};

/**
 * The 6-digit payment PIN: masked like a password (someone may be looking at the screen in a shop), with the numeric
 * keyboard, never offered to a password manager's autofill (it is not the sign-in password).
 */
export function PinField({ label, value, onChange, onComplete, error, testId, autoFocus }: Props) {
  return (
    <TextField
      label={label}
      type="password"
      inputMode="numeric"
      pattern="[0-9]*"
      autoComplete="off"
      maxLength={PAY_PIN_LENGTH}
      className="kk-field__input kk-pin-input"
      value={value}
      error={error}
      testId={testId}
      autoFocus={autoFocus}
      onChange={(raw) => {
        const next = sanitizeCode(raw, PAY_PIN_LENGTH);
        onChange(next);
        if (next.length === PAY_PIN_LENGTH && value.length !== PAY_PIN_LENGTH) onComplete?.(next);
      }}
    />
  );
}

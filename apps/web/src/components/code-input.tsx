import type { ReactNode } from 'react';
import { SMS_CODE_LENGTH } from '@kaskita/domain/validation/sms-code-length';
import { TextField } from './text-field.tsx';

/** Keeps digits only and cuts to the code length: what a paste of "123 456" or an SMS autofill gives. */
export function sanitizeCode(raw: string, length = SMS_CODE_LENGTH): string {
  return raw.replace(/\D/g, '').slice(0, length);
}

type Props = {
  value: string;
  onChange: (value: string) => void;
  /** Called once the code is full (spec section 5: "signals completion when full"). */
  onComplete?: (code: string) => void;
  length?: number;
  label: string;
  placeholder?: string;
  error?: string | null;
  testId?: string;
  autoFocus?: boolean;
  /** Something at the end of the input row, e.g. the send-code button when the phone is not typed. */
  addon?: ReactNode;
};

/**
 * The 6-digit code input. One <input> rather than six boxes: the phone's SMS autofill
 * (autocomplete="one-time-code") and pasting both work, and tests can simply type into it.
 */
export function CodeInput({
  value,
  onChange,
  onComplete,
  length = SMS_CODE_LENGTH,
  label,
  placeholder,
  error,
  testId,
  autoFocus,
  addon,
}: Props) {
  return (
    <TextField
      label={label}
      className="kk-field__input kk-code-input"
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={length}
      value={value}
      placeholder={placeholder}
      testId={testId}
      autoFocus={autoFocus}
      error={error}
      addon={addon}
      onChange={(raw) => {
        const next = sanitizeCode(raw, length);
        onChange(next);
        if (next.length === length && value.length !== length) onComplete?.(next);
      }}
    />
  );
}

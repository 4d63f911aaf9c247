import { formatAmount, rupiah } from '@kaskita/domain/money/rupiah';
import { TextField } from './text-field.tsx';

/** Digits grouped the Indonesian way as they are typed: '1500000' -> '1.500.000'; anything but digits is dropped. */
export function groupDigits(typed: string): string {
  const digits = typed
    .replace(/\D/g, '')
    .replace(/^0+(?=\d)/, '')
    .slice(0, 15);
  return digits ? formatAmount(rupiah(Number(digits))) : '';
}

type Props = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  placeholder?: string;
  disabled?: boolean;
  testId?: string;
};

/**
 * A rupiah amount: the digit keyboard and thousands separators as typed, so 1000000 and 10000000 are told apart at a
 * glance. The schemas read '1.500.000' as 1500000.
 */
export function AmountField({ label, value, onChange, error, placeholder, disabled, testId }: Props) {
  return (
    <TextField
      label={label}
      inputMode="numeric"
      autoComplete="off"
      value={value}
      onChange={(typed) => onChange(groupDigits(typed))}
      error={error}
      placeholder={placeholder}
      disabled={disabled}
      testId={testId}
    />
  );
}

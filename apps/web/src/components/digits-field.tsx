import type { ComponentProps } from 'react';
import { TextField } from './text-field.tsx';

type Props = Omit<ComponentProps<typeof TextField>, 'inputMode'>;

/**
 * A number that is only digits (a postcode, a day of the month, an account number): the digit keyboard, and anything
 * else is dropped as it arrives, since inputMode is only a hint (a paste or a hardware keyboard sends what it likes).
 */
export function DigitsField({ onChange, autoComplete = 'off', ...rest }: Props) {
  return (
    <TextField
      inputMode="numeric"
      autoComplete={autoComplete}
      {...rest}
      onChange={(typed) => onChange(typed.replace(/\D/g, ''))}
    />
  );
}

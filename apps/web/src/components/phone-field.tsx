import type { ReactNode } from 'react';
import { useT } from '../lib/i18n.ts';
import { TextField } from './text-field.tsx';

type Props = {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  testId: string;
  /** Something at the end of the input row, e.g. the send-code button. */
  addon?: ReactNode;
};

/** The phone number field: tel keyboard and autofill, with the app's phone label and placeholder. */
export function PhoneField({ value, onChange, error, testId, addon }: Props) {
  const t = useT();
  return (
    <TextField
      label={t('login.phone')}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder={t('login.phonePlaceholder')}
      value={value}
      onChange={onChange}
      error={error}
      testId={testId}
      addon={addon}
    />
  );
}

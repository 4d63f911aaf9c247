import { useState } from 'react';
import DatePicker from 'antd-mobile/es/components/date-picker';
import { clampPickerDate, datePickerLimits, formatPickerDate } from './date-rules.ts';
import './form-field.css';
import { FieldError } from './field-error.tsx';

type Props = {
  label: string;
  value: Date | null;
  onChange: (value: Date) => void;
  placeholder: string;
  title: string;
  confirmText: string;
  cancelText: string;
  error?: string | null;
  /** Injected for tests; the real clock otherwise. */
  today?: Date;
};

/** A date field opening antd-mobile's picker limited to 1950-01-01 .. today, shown as MM/DD/YYYY. */
export function DatePickerField({
  label,
  value,
  onChange,
  placeholder,
  title,
  confirmText,
  cancelText,
  error,
  today = new Date(),
}: Props) {
  const [open, setOpen] = useState(false);
  const { min, max } = datePickerLimits(today);
  return (
    <div className="kk-field">
      <span className="kk-field__label">{label}</span>
      <button
        type="button"
        className="kk-field__input kk-field__picker"
        onClick={() => setOpen(true)}
        aria-invalid={error ? true : undefined}
      >
        {value ? formatPickerDate(value) : <span className="kk-muted">{placeholder}</span>}
      </button>
      <DatePicker
        visible={open}
        title={title}
        min={min}
        max={max}
        value={value ? clampPickerDate(value, today) : null}
        confirmText={confirmText}
        cancelText={cancelText}
        onClose={() => setOpen(false)}
        onConfirm={(d) => onChange(clampPickerDate(d, today))}
      />
      <FieldError error={error} />
    </div>
  );
}

import { useId, useState } from 'react';
import DatePicker from 'antd-mobile/es/components/date-picker';
import { datePickerLimits } from './date-rules.ts';
import { formatDate } from '../lib/format.ts';
import './form-field.css';
import { PickerFieldTrigger } from './picker-field-trigger.tsx';
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
  disabled?: boolean;
  testId?: string;
  /** Injected for tests; the real clock otherwise. */
  today?: Date;
  /** Other limits than 1950-01-01 .. today (a settlement day runs from today to the loan's last due date). */
  min?: Date;
  max?: Date;
};

/**
 * A date field opening antd-mobile's picker limited to 1950-01-01 .. today (spec sections 2 and 9) unless given other
 * limits. The date being chosen shows under the picker's title as DD/MM/YYYY, as the field shows the chosen one: the
 * spec's MM/DD/YYYY there read as another day to an Indonesian (11/26/2026).
 */
export function DatePickerField({
  label,
  value,
  onChange,
  placeholder,
  title,
  confirmText,
  cancelText,
  error,
  disabled,
  testId,
  today = new Date(),
  min: minDate,
  max: maxDate,
}: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [selecting, setSelecting] = useState<Date | null>(null);
  const limits = datePickerLimits(today);
  const min = minDate ?? limits.min;
  const max = maxDate ?? limits.max;
  const clamp = (d: Date) => (d < min ? min : d > max ? max : d);
  const initial = value ? clamp(value) : null;
  const shown = selecting ?? initial;
  return (
    <div className="kk-field">
      <PickerFieldTrigger
        id={id}
        label={label}
        error={error}
        disabled={disabled}
        testId={testId}
        onOpen={() => {
          setSelecting(null);
          setOpen(true);
        }}
      >
        {value ? formatDate(value) : <span className="kk-muted">{placeholder}</span>}
      </PickerFieldTrigger>
      <DatePicker
        visible={open}
        title={
          <span>
            {title}
            {shown ? <span className="kk-date-picker__value">{formatDate(shown)}</span> : null}
          </span>
        }
        min={min}
        max={max}
        value={initial}
        confirmText={confirmText}
        cancelText={cancelText}
        onSelect={(d) => setSelecting(d)}
        onClose={() => setOpen(false)}
        onConfirm={(d) => onChange(clamp(d))}
      />
      <FieldError error={error} />
    </div>
  );
}

import { useId } from 'react';
import { FieldError } from './field-error.tsx';
import './form-field.css';
import './choice-buttons.css';

type Props<V extends string | number | boolean> = {
  label: string;
  options: readonly { value: V; label: string }[];
  value: V | null | undefined;
  onChange: (value: V) => void;
  error?: string | null;
  disabled?: boolean;
  testId?: string;
};

/** Two or three big options side by side (has a job or not, own home or not): one tap, no sheet to open. */
export function ChoiceButtons<V extends string | number | boolean>({
  label,
  options,
  value,
  onChange,
  error,
  disabled,
  testId,
}: Props<V>) {
  const id = useId();
  return (
    <div className="kk-field" role="radiogroup" aria-labelledby={id}>
      <span className="kk-field__label" id={id}>
        {label}
      </span>
      <div className="kk-choice">
        {options.map((o) => (
          <button
            key={String(o.value)}
            type="button"
            role="radio"
            aria-checked={o.value === value}
            className="kk-choice__option"
            data-testid={testId ? `${testId}-${String(o.value)}` : undefined}
            disabled={disabled}
            onClick={() => onChange(o.value)}
          >
            {o.label}
          </button>
        ))}
      </div>
      <FieldError error={error} />
    </div>
  );
}

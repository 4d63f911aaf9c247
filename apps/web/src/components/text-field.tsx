import { useId, useRef, type InputHTMLAttributes, type ReactNode } from 'react';
import './form-field.css';
import { FieldError } from './field-error.tsx';
import { useValueShownBeforeHydration } from './use-value-shown-before-hydration.ts';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  testId?: string;
  /** Something at the end of the input row, e.g. the send-code button. */
  addon?: ReactNode;
  /** The label names the input for screen readers only (the captcha, whose placeholder says it all). */
  hideLabel?: boolean;
};

/**
 * A labelled text input with its error below; the typed value is never cleared on error, nor lost when typed before the
 * prerendered page hydrated.
 */
export function TextField({ label, value, onChange, error, testId, addon, hideLabel, ...rest }: Props) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  useValueShownBeforeHydration(input, (el) => el.value, value, onChange);
  return (
    <div className="kk-field">
      <label className={hideLabel ? 'kk-visually-hidden' : 'kk-field__label'} htmlFor={id}>
        {label}
      </label>
      <div className="kk-field__row">
        <input
          ref={input}
          id={id}
          className="kk-field__input"
          value={value}
          data-testid={testId}
          aria-invalid={error ? true : undefined}
          onChange={(e) => onChange(e.target.value)}
          {...rest}
        />
        {addon}
      </div>
      <FieldError error={error} />
    </div>
  );
}

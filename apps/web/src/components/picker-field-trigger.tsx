import type { ReactNode } from 'react';
import './form-field.css';
import './option-picker-field.css';

type Props = {
  /** From useId(): the label is `${id}-label`. */
  id: string;
  label: ReactNode;
  error?: string | null;
  disabled?: boolean;
  testId?: string | undefined;
  onOpen: () => void;
  /** The chosen value, or the placeholder. */
  children: ReactNode;
};

/**
 * The label and the field-shaped button that opens a picker's bottom sheet. Screen readers hear the label and the
 * current value together, and that it opens a dialog.
 */
export function PickerFieldTrigger({ id, label, error, disabled, testId, onOpen, children }: Props) {
  return (
    <>
      <span className="kk-field__label" id={`${id}-label`}>
        {label}
      </span>
      <button
        type="button"
        id={id}
        className="kk-field__input kk-field__picker"
        aria-labelledby={`${id}-label ${id}`}
        aria-haspopup="dialog"
        aria-invalid={error ? true : undefined}
        data-testid={testId}
        disabled={disabled}
        onClick={onOpen}
      >
        {children}
      </button>
    </>
  );
}

import { useId, useState } from 'react';
import { BottomSheet } from './bottom-sheet.tsx';
import { FieldError } from './field-error.tsx';
import './form-field.css';
import './option-picker-field.css';
import { PickerFieldTrigger } from './picker-field-trigger.tsx';

export type PickerOption<V extends string | number> = { value: V; label: string };

type Props<V extends string | number> = {
  label: string;
  options: readonly PickerOption<V>[];
  /** '' or null: nothing chosen yet. */
  value: V | '' | null | undefined;
  onChange: (value: V) => void;
  placeholder: string;
  error?: string | null;
  disabled?: boolean;
  testId?: string;
  /** A search box above the list (long lists such as the banks); its placeholder. */
  searchPlaceholder?: string;
  /** What the list says when the search matches nothing. */
  emptyText?: string;
};

/**
 * A field whose value is one of a few options, chosen in the 18rem bottom sheet (spec section 2): thumbs reach
 * the bottom of a phone, and a native <select> looks different on every Android WebView.
 */
export function OptionPickerField<V extends string | number>({
  label,
  options,
  value,
  onChange,
  placeholder,
  error,
  disabled,
  testId,
  searchPlaceholder,
  emptyText,
}: Props<V>) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const chosen = options.find((o) => o.value === value);
  const needle = search.trim().toLowerCase();
  const shown = needle ? options.filter((o) => o.label.toLowerCase().includes(needle)) : options;
  return (
    <div className="kk-field">
      <PickerFieldTrigger
        id={id}
        label={label}
        error={error}
        disabled={disabled}
        testId={testId}
        onOpen={() => setOpen(true)}
      >
        {chosen ? (
          chosen.label
        ) : value !== '' && value != null && options.length === 0 ? (
          // A value kept from before a reload while its options still load: not "choose", which would invite a re-pick.
          <span className="kk-muted" aria-busy="true">
            …
          </span>
        ) : (
          <span className="kk-muted">{placeholder}</span>
        )}
      </PickerFieldTrigger>
      <FieldError error={error} />
      <BottomSheet
        visible={open}
        onClose={() => {
          setOpen(false);
          setSearch('');
        }}
        title={label}
      >
        {searchPlaceholder ? (
          <input
            type="search"
            className="kk-field__input kk-picker__search"
            placeholder={searchPlaceholder}
            aria-label={searchPlaceholder}
            value={search}
            data-testid={testId ? `${testId}-search` : undefined}
            onChange={(e) => setSearch(e.target.value)}
          />
        ) : null}
        <ul className="kk-picker__list" role="listbox" aria-label={label}>
          {shown.map((o) => (
            <li key={o.value} role="presentation">
              <button
                type="button"
                role="option"
                aria-selected={o.value === value}
                className="kk-picker__option"
                data-testid={testId ? `${testId}-option-${o.value}` : undefined}
                onClick={() => {
                  onChange(o.value);
                  setOpen(false);
                  setSearch('');
                }}
              >
                {o.label}
              </button>
            </li>
          ))}
          {shown.length === 0 && emptyText ? (
            <li className="kk-muted kk-picker__empty">{emptyText}</li>
          ) : null}
        </ul>
      </BottomSheet>
    </div>
  );
}

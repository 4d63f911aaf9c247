import type { Ref } from 'react';
import { FieldError } from '../../../components/field-error.tsx';

// Stands in for region-picker.tsx (branch `regions`) until that branch is merged; same props, nothing to pick.
type Level = 'province' | 'city' | 'district' | 'village';
export type RegionValue = Record<Level, string> & { names: Record<Level, string> };

export function RegionPicker({
  label,
  value,
  error,
  id,
  ref,
}: {
  label: string;
  value: RegionValue | null;
  onChange: (value: RegionValue) => void;
  onBlur?: () => void;
  error?: string | null;
  id?: string;
  name?: string;
  ref?: Ref<HTMLButtonElement>;
}) {
  return (
    <div className="kk-field">
      <span className="kk-field__label">{label}</span>
      <button type="button" id={id} ref={ref} className="kk-field__input" disabled>
        {value ? Object.values(value.names).join(' / ') : '…'}
      </button>
      <FieldError error={error} />
    </div>
  );
}

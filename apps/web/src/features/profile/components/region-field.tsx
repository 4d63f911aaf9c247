import type { FieldPath, FieldValues } from 'react-hook-form';
import { useFormField, type SchemaForm } from '../../../lib/use-schema-form.ts';
import { RegionPicker, type RegionValue } from './region-picker.tsx';

/** The region fields of the personal and work forms, as the contract names them, and the label to show them again. */
export type RegionFormValues = {
  province: string;
  city: string;
  districts: string;
  sub_districts: string;
  region_label: string;
};

/** A saved view's region as the form's default values (a view's null is not chosen yet). */
export function regionValues(view: { [K in keyof RegionFormValues]: string | null }): RegionFormValues {
  return {
    province: view.province ?? '',
    city: view.city ?? '',
    districts: view.districts ?? '',
    sub_districts: view.sub_districts ?? '',
    region_label: view.region_label ?? '',
  };
}

/** The saved view's region_label joins the four names with ' / ' (contract/profile.ts). */
const LABEL_SEPARATOR = ' / ';

export function toPickerValue(v: RegionFormValues): RegionValue | null {
  if (!v.province || !v.city || !v.districts || !v.sub_districts) return null;
  const [province = '', city = '', district = '', village = ''] = v.region_label.split(LABEL_SEPARATOR);
  return {
    province: v.province,
    city: v.city,
    district: v.districts,
    village: v.sub_districts,
    names: { province, city, district, village },
  };
}

export function fromPickerValue(v: RegionValue): RegionFormValues {
  return {
    province: v.province,
    city: v.city,
    districts: v.district,
    sub_districts: v.village,
    region_label: [v.names.province, v.names.city, v.names.district, v.names.village].join(LABEL_SEPARATOR),
  };
}

/**
 * The region picker bound to a form's four region fields: one choice sets them all, and the first of their errors
 * (province before village) shows under the picker.
 */
export function RegionField<In extends FieldValues & RegionFormValues, Out extends FieldValues>({
  form,
  label,
  testId,
}: {
  form: SchemaForm<In, Out>;
  label: string;
  testId: string;
}) {
  const name = (n: keyof RegionFormValues) => n as FieldPath<In>;
  const fields = {
    province: useFormField(form, name('province')),
    city: useFormField(form, name('city')),
    districts: useFormField(form, name('districts')),
    sub_districts: useFormField(form, name('sub_districts')),
    region_label: useFormField(form, name('region_label')),
  };
  const value = Object.fromEntries(
    Object.entries(fields).map(([k, f]) => [k, String(f.value ?? '')]),
  ) as RegionFormValues;
  const error =
    fields.province.error ?? fields.city.error ?? fields.districts.error ?? fields.sub_districts.error;
  return (
    <div data-testid={testId}>
      <RegionPicker
        label={label}
        id={`${testId}-picker`}
        name={testId}
        value={toPickerValue(value)}
        error={error}
        onChange={(picked) => {
          const next = fromPickerValue(picked);
          for (const k of Object.keys(next) as (keyof RegionFormValues)[])
            fields[k].onChange(next[k] as never);
        }}
      />
    </div>
  );
}

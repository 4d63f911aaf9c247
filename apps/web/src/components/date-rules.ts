/** Date picker limits (spec sections 2 and 9): from 1950-01-01 to today. */
export const DATE_PICKER_MIN = new Date(1950, 0, 1);

export function datePickerLimits(today: Date): { min: Date; max: Date } {
  return { min: DATE_PICKER_MIN, max: new Date(today.getFullYear(), today.getMonth(), today.getDate()) };
}

/** Brings a date into [min, max] (a stored birth date from an old record, a clock in the future). */
export function clampPickerDate(value: Date, today: Date): Date {
  const { min, max } = datePickerLimits(today);
  if (value < min) return min;
  if (value > max) return max;
  return value;
}

export function isWithinPickerLimits(value: Date, today: Date): boolean {
  const { min, max } = datePickerLimits(today);
  const day = new Date(value.getFullYear(), value.getMonth(), value.getDate());
  return day >= min && day <= max;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The API form YYYY-MM-DD, in local time (toISOString would shift the day in Asia/Jakarta). */
export function toApiDate(value: Date): string {
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

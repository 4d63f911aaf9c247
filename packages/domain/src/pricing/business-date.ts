/**
 * Business dates: plain calendar dates as `'YYYY-MM-DD'` strings, with pure arithmetic.
 *
 * No `Date` object is involved, so nothing depends on the machine's time zone. The caller turns its
 * clock into today's business date in Asia/Jakarta (or the borrower's zone) and passes it in.
 * Strings in this form also sort chronologically, so `<` compares two dates.
 *
 * This module imports nothing (no zod), so the web app can use {@link formatDisplayDate} in its first
 * paint; the zod schema of a business date lives in `product.ts`.
 */

/** A calendar date `'YYYY-MM-DD'` (proleptic Gregorian, years 1900-2999). */
export type BusinessDate = string;

const PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for Gregorian leap years. */
export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Days in `month` (1-12) of `year`. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Splits a valid business date into numbers. @throws RangeError when invalid. */
export function dateParts(date: BusinessDate): { y: number; m: number; d: number } {
  const match = PATTERN.exec(date);
  if (!match) throw new RangeError(`not a business date (YYYY-MM-DD): "${date}"`);
  const y = Number(match[1]);
  const m = Number(match[2]);
  const d = Number(match[3]);
  if (y < 1900 || y > 2999 || m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) {
    throw new RangeError(`not a calendar date: "${date}"`);
  }
  return { y, m, d };
}

/** True when `text` is a valid `'YYYY-MM-DD'` calendar date. */
export function isBusinessDate(text: string): boolean {
  try {
    dateParts(text);
    return true;
  } catch {
    return false;
  }
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

/** Builds a business date from numbers. @throws RangeError when not a calendar date. */
export function makeDate(y: number, m: number, d: number): BusinessDate {
  const date = `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`;
  dateParts(date);
  return date;
}

// Days since 1970-01-01 (Howard Hinnant's days_from_civil), pure integer arithmetic.
function toDayNumber(date: BusinessDate): number {
  const { y: year, m, d } = dateParts(date);
  const y = m <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

function fromDayNumber(days: number): BusinessDate {
  const z0 = days + 719468;
  const era = Math.floor(z0 / 146097);
  const doe = z0 - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return makeDate(yoe + era * 400 + (m <= 2 ? 1 : 0), m, d);
}

/** The date `days` days after `date` (negative goes back). */
export function addDays(date: BusinessDate, days: number): BusinessDate {
  if (!Number.isSafeInteger(days)) throw new RangeError('days must be an integer');
  return fromDayNumber(toDayNumber(date) + days);
}

/** Number of days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: BusinessDate, to: BusinessDate): number {
  return toDayNumber(to) - toDayNumber(from);
}

/**
 * The date `months` calendar months after `date`, keeping the day of month of `anchor` (default: `date`
 * itself) and clamping to the last day of shorter months.
 *
 * Due dates are computed from the loan's start date with `addMonths(start, k)` for the k-th month, so
 * they are anchored on the start day: a loan taken on 31 January falls due on 28 (or 29) February, then
 * 31 March and 30 April, never drifting to the 28th (Fineract behaves the same way).
 */
export function addMonths(date: BusinessDate, months: number, anchor: BusinessDate = date): BusinessDate {
  if (!Number.isSafeInteger(months)) throw new RangeError('months must be an integer');
  const { y, m } = dateParts(date);
  const day = dateParts(anchor).d;
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return makeDate(year, month, Math.min(day, daysInMonth(year, month)));
}

/** Compares two business dates: negative, zero or positive. */
export function compareDates(a: BusinessDate, b: BusinessDate): number {
  dateParts(a);
  dateParts(b);
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A dated validity: in force from `from` through `to` inclusive; no `to` means open-ended. */
export interface DateRange {
  readonly from: BusinessDate;
  readonly to?: BusinessDate | undefined;
}

/** True when `range` is in force on `date` (`from <= date <= to`, `to` absent: open-ended). */
export function isInForce(range: DateRange, date: BusinessDate): boolean {
  return range.from <= date && (range.to === undefined || date <= range.to);
}

/** Formats for display as the spec asks: `'2026-01-31'` → `'31/01/2026'`. */
export function formatDisplayDate(date: BusinessDate): string {
  const { y, m, d } = dateParts(date);
  return `${pad(d, 2)}/${pad(m, 2)}/${pad(y, 4)}`;
}

/** Western Indonesia Time (WIB, Asia/Jakarta) is UTC+7 all year: no daylight saving. */
export const JAKARTA_UTC_OFFSET_MINUTES = 7 * 60;

/**
 * The business date of an instant in a fixed-offset zone (default Asia/Jakarta).
 * The instant comes from the caller's clock; this function only does calendar arithmetic.
 */
export function businessDateAt(
  instant: Date,
  utcOffsetMinutes: number = JAKARTA_UTC_OFFSET_MINUTES,
): BusinessDate {
  const shifted = new Date(instant.getTime() + utcOffsetMinutes * 60_000);
  return shifted.toISOString().slice(0, 10);
}

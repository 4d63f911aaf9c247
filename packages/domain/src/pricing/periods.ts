/**
 * Repayment periods: due dates and the days each period charges.
 */
import { addDays, addMonths, daysBetween, type BusinessDate } from './business-date.ts';
import type { DayCount, Tenor } from './product.ts';

/** One repayment period, from `start` (exclusive of charges on that day's end) to `due`. */
export interface Period {
  /** 1-based instalment number. */
  readonly number: number;
  /** The previous due date, or the loan's start date for the first period. */
  readonly start: BusinessDate;
  readonly due: BusinessDate;
  /** Calendar days from `start` to `due`: the days of use, for caps and pro-rata settlement. */
  readonly actualDays: number;
  /** Days charged by the day-count basis (equal to `actualDays` except on a 30-day-month basis). */
  readonly chargedDays: number;
}

/**
 * The days charged for a span of `length` days or months lasting `actualDays` calendar days: on the
 * `30-day-month` basis every month charges 30 days whatever its length; otherwise the actual days.
 */
export function chargedDays(
  dayCount: DayCount,
  span: Pick<Tenor, 'unit' | 'length'>,
  actualDays: number,
): number {
  return span.unit === 'month' && dayCount === '30-day-month' ? 30 * span.length : actualDays;
}

/**
 * The periods of a tenor starting on `startDate`.
 *
 * Day tenors fall due every `length / instalments` days. Month tenors fall due every
 * `length / instalments` calendar months anchored on the start day (31 Jan → 28/29 Feb → 31 Mar);
 * on the `30-day-month` basis each month charges 30 days whatever its length.
 */
export function schedulePeriods(tenor: Tenor, startDate: BusinessDate, dayCount: DayCount): Period[] {
  const every = tenor.length / tenor.instalments;
  const periods: Period[] = [];
  let start = startDate;
  for (let i = 1; i <= tenor.instalments; i += 1) {
    const due = tenor.unit === 'day' ? addDays(startDate, every * i) : addMonths(startDate, every * i);
    const actualDays = daysBetween(start, due);
    const charged = chargedDays(dayCount, { unit: tenor.unit, length: every }, actualDays);
    periods.push({ number: i, start, due, actualDays, chargedDays: charged });
    start = due;
  }
  return periods;
}

/**
 * Interest and fee rates as a product states them — per day, or per year on a stated day-count basis — and
 * the exact share of the balance they charge over a period.
 *
 * Nothing here rounds: a period's charge is `balance × factor` with an exact fraction `factor`, rounded once,
 * as money, by the schedule.
 */
import { z } from 'zod';
import {
  PERCENT_PATTERN,
  parsePercent,
  ratio,
  scaleRatio,
  addRatio,
  ZERO_RATIO,
  type Ratio,
} from '../money/rate.ts';
import { daysBetween, isLeapYear, makeDate, dateParts, type BusinessDate } from './business-date.ts';

/** Zod schema of a percent string such as `"0.1"`. */
export const percentSchema = z
  .string()
  .regex(PERCENT_PATTERN, { message: 'must be a percent string such as "0.1" (at most 10 decimals)' });

/**
 * Days in the year an annual rate is divided by: a fixed 360, 364 or 365 (Fineract's `DaysInYearType`), or
 * `actual`: 365 or 366 by the calendar year of each day of use (actual/actual).
 */
export const DAYS_IN_YEAR = [360, 364, 365, 'actual'] as const;
export type DaysInYear = (typeof DAYS_IN_YEAR)[number];

/**
 * A rate as a product states it: a bare percent string is per day (as the regulator's caps are); an object
 * states an annual rate and its day-count basis, e.g. `{ percent: "24", per: "year", daysInYear: 365 }`.
 */
export const rateSpecSchema = z.union([
  percentSchema,
  z.object({
    percent: percentSchema,
    per: z.literal('year'),
    daysInYear: z.union([z.literal(360), z.literal(364), z.literal(365), z.literal('actual')]),
  }),
]);
export type RateSpec = z.infer<typeof rateSpecSchema>;

/** A parsed rate: `value` is an exact fraction of 1 per day, or per year over `daysInYear`. */
export type Rate =
  | { readonly per: 'day'; readonly value: Ratio }
  | { readonly per: 'year'; readonly value: Ratio; readonly daysInYear: DaysInYear };

/** The zero rate (free interest). */
export const NO_RATE: Rate = { per: 'day', value: ZERO_RATIO };

/** Parses a rate spec into exact fractions. */
export function parseRate(spec: RateSpec): Rate {
  return typeof spec === 'string'
    ? { per: 'day', value: parsePercent(spec) }
    : { per: 'year', value: parsePercent(spec.percent), daysInYear: spec.daysInYear };
}

/**
 * The share of the balance a rate charges over a period that charges `chargedDays` days from `start`:
 * daily rate × days, or annual rate × days / days-in-year. On the `actual` basis each calendar year's days
 * are divided by that year's length (`chargedDays` are then the calendar days from `start`).
 */
export function periodFactor(rate: Rate, start: BusinessDate, chargedDays: number): Ratio {
  const days = BigInt(chargedDays);
  if (rate.per === 'day') return scaleRatio(rate.value, days);
  if (rate.daysInYear !== 'actual')
    return ratio(rate.value.num * days, rate.value.den * BigInt(rate.daysInYear));
  let yearShare = ZERO_RATIO;
  let from = start;
  let left = chargedDays;
  while (left > 0) {
    const { y } = dateParts(from);
    const inThisYear = Math.min(left, daysBetween(from, makeDate(y + 1, 1, 1)));
    yearShare = addRatio(yearShare, ratio(BigInt(inThisYear), isLeapYear(y) ? 366n : 365n));
    left -= inThisYear;
    from = makeDate(y + 1, 1, 1);
  }
  return ratio(rate.value.num * yearShare.num, rate.value.den * yearShare.den);
}

/**
 * The most a rate can charge for one day, per rupiah of balance: what caps are compared with. An annual
 * rate on the `actual` basis charges most in a 365-day year.
 */
export function maxDailyRate(rate: Rate): Ratio {
  if (rate.per === 'day') return rate.value;
  const days = rate.daysInYear === 'actual' ? 365n : BigInt(rate.daysInYear);
  return ratio(rate.value.num, rate.value.den * days);
}

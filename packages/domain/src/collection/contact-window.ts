/**
 * When collection may contact a borrower (lending-rules.md): Monday to Saturday, 08:00 to 20:00 in the
 * borrower's local time zone, never on a national holiday of that local date. Pure: the instant comes
 * from the caller's clock and the holidays from configuration; the zone arithmetic is `Intl` only.
 */
import { addDays, makeDate, type BusinessDate } from '../pricing/business-date.ts';
import { weekday, type HolidayCalendar } from './holidays.ts';

/** The zone used when the borrower's is unknown or invalid (WIB, UTC+7). */
export const DEFAULT_CONTACT_TIME_ZONE = 'Asia/Jakarta';

/** Local hours when contact is allowed: from `start` inclusive to `end` exclusive. */
export const CONTACT_HOURS = { start: 8, end: 20 } as const;

// Formatters are costly to build; one per zone, created lazily. Caching has no visible effect on results.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * The borrower's IANA time zone from the `tz` request header, canonicalised by `Intl` (`'asia/jakarta'` →
 * `'Asia/Jakarta'`). Missing, blank or unknown → {@link DEFAULT_CONTACT_TIME_ZONE}: a bad header never
 * blocks anything, it only means Jakarta time.
 */
export function contactTimeZone(header: string | undefined): string {
  return namedTimeZone(header) ?? DEFAULT_CONTACT_TIME_ZONE;
}

/**
 * The IANA zone a `tz` header names, canonicalised (`'asia/makassar'` → `'Asia/Makassar'`), or null when it is
 * missing, blank or names no zone: what the server keeps as the borrower's own time.
 */
export function namedTimeZone(header: string | null | undefined): string | null {
  const name = header?.trim();
  if (!name) return null;
  try {
    const zone = formatterFor(name).resolvedOptions().timeZone;
    // Node 22+ (ECMA-402 2024) also accepts a UTC offset ("+07:00", "GMT+7") as a zone: it names no IANA zone, knows
    // no holidays or summer time and is not what a phone sends, so only named zones are kept.
    return /^[+-]/.test(zone) ? null : zone;
  } catch {
    return null;
  }
}

interface LocalTime {
  readonly date: BusinessDate;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

function localTime(instant: Date, timeZone: string): LocalTime {
  if (Number.isNaN(instant.getTime())) throw new RangeError('instant is an invalid Date');
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    date: makeDate(parts.year ?? NaN, parts.month ?? NaN, parts.day ?? NaN),
    hour: parts.hour ?? NaN,
    minute: parts.minute ?? NaN,
    second: parts.second ?? NaN,
  };
}

/** The local calendar date of `instant` in `timeZone` (invalid zone: Asia/Jakarta). */
export function businessDateIn(instant: Date, timeZone: string): BusinessDate {
  return localTime(instant, contactTimeZone(timeZone)).date;
}

/**
 * True between 08:00 and 20:00 local time, any day: the hours for service messages (a reminder before the due date),
 * which unlike collection may also go on Sundays and holidays.
 */
export function withinContactHours(instant: Date, timeZone: string): boolean {
  const { hour } = localTime(instant, contactTimeZone(timeZone));
  return hour >= CONTACT_HOURS.start && hour < CONTACT_HOURS.end;
}

function isContactDay(date: BusinessDate, holidays: HolidayCalendar): boolean {
  return weekday(date) !== 0 && !holidays.has(date);
}

/**
 * True when collection may contact the borrower at `instant`: Monday-Saturday, 08:00 ≤ local time < 20:00 in
 * `timeZone` (passed through {@link contactTimeZone}, so an invalid zone means Asia/Jakarta), and the local date
 * is not in `holidays`.
 */
export function mayContact(instant: Date, timeZone: string, holidays: HolidayCalendar): boolean {
  const local = localTime(instant, contactTimeZone(timeZone));
  return (
    local.hour >= CONTACT_HOURS.start && local.hour < CONTACT_HOURS.end && isContactDay(local.date, holidays)
  );
}

// The instant when the clock in `timeZone` shows `hour`:00 on `date`. The zone's offset is read at a first guess
// and again at the result, which settles zones whose offset changes near that day (none in Indonesia).
function instantAt(date: BusinessDate, hour: number, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, hour);
  let result = wall;
  for (let pass = 0; pass < 2; pass += 1) {
    const local = localTime(new Date(result), timeZone);
    const [ly, lm, ld] = local.date.split('-').map(Number) as [number, number, number];
    const shownAsUtc = Date.UTC(ly, lm - 1, ld, local.hour, local.minute, local.second);
    result = wall - (shownAsUtc - result);
  }
  return new Date(result);
}

/** A year of Sundays and holidays in a row means a broken calendar, not a schedule. */
const MAX_DAYS_AHEAD = 366;

/**
 * The first instant at or after `instant` when {@link mayContact} is true: `instant` itself when allowed, else
 * 08:00 local time on the first Monday-Saturday that is not a holiday (today when it is still before 08:00).
 * A job reschedules a message to this instant instead of dropping it.
 * @throws RangeError when no contact day exists within a year (every day a holiday).
 */
export function nextContactTime(instant: Date, timeZone: string, holidays: HolidayCalendar): Date {
  const zone = contactTimeZone(timeZone);
  if (mayContact(instant, zone, holidays)) return new Date(instant.getTime());
  const local = localTime(instant, zone);
  let date = local.hour < CONTACT_HOURS.start ? local.date : addDays(local.date, 1);
  for (let day = 0; day <= MAX_DAYS_AHEAD; day += 1) {
    if (isContactDay(date, holidays)) return instantAt(date, CONTACT_HOURS.start, zone);
    date = addDays(date, 1);
  }
  throw new RangeError(
    `no contact day within ${MAX_DAYS_AHEAD} days after ${local.date}: check the holidays`,
  );
}

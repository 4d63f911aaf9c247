/**
 * Indonesia's national public holidays (hari libur nasional), on which collection contact is not allowed
 * (lending-rules.md). The table is data, not law: the government may move a date (an Islamic holiday after
 * the sidang isbat), so every function takes a {@link HolidayCalendar} and the server builds it from
 * configuration with {@link parseHolidays}, falling back to {@link DEFAULT_HOLIDAY_CALENDAR}.
 */
import { addDays, daysBetween, isBusinessDate, type BusinessDate } from '../pricing/business-date.ts';

/** One holiday with its names for display and logs. */
export interface Holiday {
  readonly date: BusinessDate;
  readonly nameId: string;
  readonly nameEn: string;
}

/** The days on which no collection contact is allowed. Build it with {@link holidayCalendar} or {@link parseHolidays}. */
export type HolidayCalendar = ReadonlySet<BusinessDate>;

/**
 * The 17 libur nasional of 2026 set by SKB 3 Menteri (Menteri Agama 1497/2025, Menaker 2/2025, MenPANRB 5/2025,
 * announced 19 September 2025). The Islamic dates (Isra Mikraj, Idulfitri, Iduladha, Tahun Baru Islam, Maulid)
 * follow the decree's estimate and may be revised after the government's sidang isbat: keep them in configuration.
 * Cuti bersama (collective leave) is not a national holiday and is listed apart in {@link COLLECTIVE_LEAVE_2026}.
 */
export const HOLIDAYS_2026: readonly Holiday[] = [
  { date: '2026-01-01', nameId: 'Tahun Baru 2026 Masehi', nameEn: "New Year's Day" },
  { date: '2026-01-16', nameId: 'Isra Mikraj Nabi Muhammad SAW', nameEn: "Isra and Mi'raj" },
  { date: '2026-02-17', nameId: 'Tahun Baru Imlek 2577 Kongzili', nameEn: 'Chinese New Year' },
  { date: '2026-03-19', nameId: 'Hari Suci Nyepi (Tahun Baru Saka 1948)', nameEn: 'Day of Silence (Nyepi)' },
  { date: '2026-03-21', nameId: 'Idulfitri 1447 H (hari pertama)', nameEn: 'Eid al-Fitr (day 1)' },
  { date: '2026-03-22', nameId: 'Idulfitri 1447 H (hari kedua)', nameEn: 'Eid al-Fitr (day 2)' },
  { date: '2026-04-03', nameId: 'Wafat Yesus Kristus', nameEn: 'Good Friday' },
  { date: '2026-04-05', nameId: 'Kebangkitan Yesus Kristus (Paskah)', nameEn: 'Easter Sunday' },
  { date: '2026-05-01', nameId: 'Hari Buruh Internasional', nameEn: 'International Labour Day' },
  { date: '2026-05-14', nameId: 'Kenaikan Yesus Kristus', nameEn: 'Ascension of Jesus Christ' },
  { date: '2026-05-27', nameId: 'Iduladha 1447 H', nameEn: 'Eid al-Adha' },
  { date: '2026-05-31', nameId: 'Hari Raya Waisak 2570 BE', nameEn: 'Vesak Day' },
  { date: '2026-06-01', nameId: 'Hari Lahir Pancasila', nameEn: 'Pancasila Day' },
  { date: '2026-06-16', nameId: 'Tahun Baru Islam 1448 H', nameEn: 'Islamic New Year' },
  { date: '2026-08-17', nameId: 'Hari Proklamasi Kemerdekaan RI', nameEn: 'Independence Day' },
  { date: '2026-08-25', nameId: 'Maulid Nabi Muhammad SAW', nameEn: "Prophet Muhammad's Birthday" },
  { date: '2026-12-25', nameId: 'Kelahiran Yesus Kristus (Natal)', nameEn: 'Christmas Day' },
];

/**
 * Cuti bersama 2026 from the same decree. Not part of the default calendar (the rule names national holidays
 * only); add them through configuration if compliance decides collection should also pause on these days.
 */
export const COLLECTIVE_LEAVE_2026: readonly Holiday[] = [
  {
    date: '2026-02-16',
    nameId: 'Cuti bersama Tahun Baru Imlek',
    nameEn: 'Collective leave: Chinese New Year',
  },
  { date: '2026-03-18', nameId: 'Cuti bersama Hari Suci Nyepi', nameEn: 'Collective leave: Nyepi' },
  { date: '2026-03-20', nameId: 'Cuti bersama Idulfitri', nameEn: 'Collective leave: Eid al-Fitr' },
  { date: '2026-03-23', nameId: 'Cuti bersama Idulfitri', nameEn: 'Collective leave: Eid al-Fitr' },
  { date: '2026-03-24', nameId: 'Cuti bersama Idulfitri', nameEn: 'Collective leave: Eid al-Fitr' },
  {
    date: '2026-05-15',
    nameId: 'Cuti bersama Kenaikan Yesus Kristus',
    nameEn: 'Collective leave: Ascension',
  },
  { date: '2026-05-28', nameId: 'Cuti bersama Iduladha', nameEn: 'Collective leave: Eid al-Adha' },
  {
    date: '2026-12-24',
    nameId: 'Cuti bersama Kelahiran Yesus Kristus',
    nameEn: 'Collective leave: Christmas',
  },
];

/** A calendar from dates or holidays. @throws RangeError when a date is not a valid `'YYYY-MM-DD'`. */
export function holidayCalendar(entries: Iterable<BusinessDate | Holiday>): HolidayCalendar {
  const dates = new Set<BusinessDate>();
  for (const entry of entries) {
    const date = typeof entry === 'string' ? entry : entry.date;
    if (!isBusinessDate(date)) throw new RangeError(`holiday is not a calendar date (YYYY-MM-DD): "${date}"`);
    dates.add(date);
  }
  return dates;
}

/**
 * AN ESTIMATE, not a decree: the 17 libur nasional of 2027 as they are expected to fall, until the SKB 3 Menteri for
 * 2027 is published. Working-day promises made in late 2026 (a complaint answered within 10 working days, filed on 20
 * December, is due in January) need 2027's holidays before the decree exists. The fixed dates are certain; the
 * Christian ones follow Easter Sunday (28 March 2027); Imlek, Nyepi and Waisak follow the lunar and Saka calendars; the
 * Islamic ones are computed (a new moon visible at the following sunset in Indonesia) and may move by a day after the
 * sidang isbat. Replace this table, or set HOLIDAYS (apps/server/src/env.ts), once the decree is out.
 */
export const HOLIDAYS_2027_ESTIMATE: readonly Holiday[] = [
  { date: '2027-01-01', nameId: 'Tahun Baru 2027 Masehi', nameEn: "New Year's Day" },
  {
    date: '2027-01-05',
    nameId: 'Isra Mikraj Nabi Muhammad SAW (perkiraan)',
    nameEn: "Isra and Mi'raj (estimate)",
  },
  { date: '2027-02-06', nameId: 'Tahun Baru Imlek 2578 Kongzili', nameEn: 'Chinese New Year' },
  {
    date: '2027-03-09',
    nameId: 'Hari Suci Nyepi (Tahun Baru Saka 1949) (perkiraan)',
    nameEn: 'Day of Silence (Nyepi) (estimate)',
  },
  {
    date: '2027-03-10',
    nameId: 'Idulfitri 1448 H (hari pertama, perkiraan)',
    nameEn: 'Eid al-Fitr (day 1, estimate)',
  },
  {
    date: '2027-03-11',
    nameId: 'Idulfitri 1448 H (hari kedua, perkiraan)',
    nameEn: 'Eid al-Fitr (day 2, estimate)',
  },
  { date: '2027-03-26', nameId: 'Wafat Yesus Kristus', nameEn: 'Good Friday' },
  { date: '2027-03-28', nameId: 'Kebangkitan Yesus Kristus (Paskah)', nameEn: 'Easter Sunday' },
  { date: '2027-05-01', nameId: 'Hari Buruh Internasional', nameEn: 'International Labour Day' },
  { date: '2027-05-06', nameId: 'Kenaikan Yesus Kristus', nameEn: 'Ascension of Jesus Christ' },
  { date: '2027-05-17', nameId: 'Iduladha 1448 H (perkiraan)', nameEn: 'Eid al-Adha (estimate)' },
  { date: '2027-05-20', nameId: 'Hari Raya Waisak 2571 BE (perkiraan)', nameEn: 'Vesak Day (estimate)' },
  { date: '2027-06-01', nameId: 'Hari Lahir Pancasila', nameEn: 'Pancasila Day' },
  {
    date: '2027-06-06',
    nameId: 'Tahun Baru Islam 1449 H (perkiraan)',
    nameEn: 'Islamic New Year (estimate)',
  },
  {
    date: '2027-08-15',
    nameId: 'Maulid Nabi Muhammad SAW (perkiraan)',
    nameEn: "Prophet Muhammad's Birthday (estimate)",
  },
  { date: '2027-08-17', nameId: 'Hari Proklamasi Kemerdekaan RI', nameEn: 'Independence Day' },
  { date: '2027-12-25', nameId: 'Kelahiran Yesus Kristus (Natal)', nameEn: 'Christmas Day' },
];

/**
 * The default calendar: the national holidays of every year tabled here, 2027's being an estimate
 * ({@link HOLIDAYS_2027_ESTIMATE}). The server's HOLIDAYS setting replaces it.
 */
export const DEFAULT_HOLIDAY_CALENDAR: HolidayCalendar = holidayCalendar([
  ...HOLIDAYS_2026,
  ...HOLIDAYS_2027_ESTIMATE,
]);

/**
 * Parses a configured list such as `"2026-01-01,2026-03-19"` (spaces around entries are allowed).
 * An empty list or entry is refused: a blank setting would silently allow contact on every holiday.
 * @throws RangeError naming the first bad entry and its position.
 */
export function parseHolidays(text: string): HolidayCalendar {
  const entries = text.split(',').map((entry) => entry.trim());
  entries.forEach((entry, index) => {
    if (entry === '') throw new RangeError(`holiday list: entry ${index + 1} is empty in "${text}"`);
    if (!isBusinessDate(entry)) {
      throw new RangeError(
        `holiday list: entry ${index + 1} is not a calendar date (YYYY-MM-DD): "${entry}"`,
      );
    }
  });
  return holidayCalendar(entries);
}

/** True when `date` is a holiday in `holidays`. */
export function isHoliday(date: BusinessDate, holidays: HolidayCalendar): boolean {
  return holidays.has(date);
}

/** The day of the week of a date, 0 Sunday to 6 Saturday (1970-01-04 was a Sunday). */
export function weekday(date: BusinessDate): number {
  return ((daysBetween('1970-01-04', date) % 7) + 7) % 7;
}

/** Monday to Friday and not a holiday: a day the back office works. */
export function isWorkingDay(date: BusinessDate, holidays: HolidayCalendar): boolean {
  const day = weekday(date);
  return day !== 0 && day !== 6 && !holidays.has(date);
}

/**
 * The working days after `from` up to and including `to`: how many working days are left until a deadline (0 on the
 * deadline itself), negative for how many have passed since it. `workingDaysBetween(d, addWorkingDays(d, n)) === n`.
 */
export function workingDaysBetween(from: BusinessDate, to: BusinessDate, holidays: HolidayCalendar): number {
  const [start, end, sign] = from <= to ? [from, to, 1] : [to, from, -1];
  let count = 0;
  for (let day = addDays(start, 1); day <= end; day = addDays(day, 1))
    if (isWorkingDay(day, holidays)) count += 1;
  return sign * count;
}

/**
 * The date `days` working days after `date` (a promise such as "answered within 3 working days": filed on a Friday,
 * answered by Wednesday). A non-working `date` itself counts for nothing.
 */
export function addWorkingDays(date: BusinessDate, days: number, holidays: HolidayCalendar): BusinessDate {
  let result = date;
  for (let left = days; left > 0;) {
    result = addDays(result, 1);
    if (isWorkingDay(result, holidays)) left -= 1;
  }
  return result;
}

/** How many days before the holiday table runs out the back office is told to add the next year's decree. */
export const HOLIDAY_TABLE_WARNING_DAYS = 60;

/**
 * The last day the calendar knows about: 31 December of the latest year it lists a holiday in (a year with no holiday
 * listed is a year nobody entered). Null for an empty calendar. From then on every day would count as a working day
 * and a contact day, so staff are warned {@link HOLIDAY_TABLE_WARNING_DAYS} days before.
 */
export function holidayTableCoverage(
  calendar: HolidayCalendar,
  today: BusinessDate,
): { coveredUntil: BusinessDate | null; daysLeft: number | null; renew: boolean } {
  let last = '';
  for (const date of calendar) if (date > last) last = date;
  if (!last) return { coveredUntil: null, daysLeft: null, renew: true };
  const coveredUntil = `${last.slice(0, 4)}-12-31` as BusinessDate;
  const daysLeft = daysBetween(today, coveredUntil);
  return { coveredUntil, daysLeft, renew: daysLeft <= HOLIDAY_TABLE_WARNING_DAYS };
}

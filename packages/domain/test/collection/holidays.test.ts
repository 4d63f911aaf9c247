import { describe, expect, it } from 'vitest';
import {
  COLLECTIVE_LEAVE_2026,
  DEFAULT_HOLIDAY_CALENDAR,
  HOLIDAYS_2026,
  HOLIDAYS_2027_ESTIMATE,
  holidayCalendar,
  holidayTableCoverage,
  isHoliday,
  parseHolidays,
} from '../../src/collection/holidays.ts';
import { addDays, daysBetween, isBusinessDate } from '../../src/pricing/business-date.ts';

const weekday = (date: string) =>
  ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][daysBetween('1970-01-04', date) % 7];

describe('holidays 2026 (SKB 3 Menteri)', () => {
  it('lists the 17 national holidays, valid, in order, each once', () => {
    const dates = HOLIDAYS_2026.map((h) => h.date);
    expect(dates).toHaveLength(17);
    expect(dates.every((d) => isBusinessDate(d) && d.startsWith('2026-'))).toBe(true);
    expect([...dates].sort()).toEqual(dates);
    expect(new Set(dates).size).toBe(dates.length);
    expect(HOLIDAYS_2026.every((h) => DEFAULT_HOLIDAY_CALENDAR.has(h.date))).toBe(true);
  });
  it('falls on the weekdays the decree names', () => {
    const byDate = Object.fromEntries(HOLIDAYS_2026.map((h) => [h.date, weekday(h.date)]));
    expect(byDate).toMatchObject({
      '2026-01-01': 'Thu',
      '2026-01-16': 'Fri',
      '2026-02-17': 'Tue',
      '2026-03-19': 'Thu',
      '2026-03-21': 'Sat',
      '2026-03-22': 'Sun',
      '2026-04-03': 'Fri',
      '2026-04-05': 'Sun',
      '2026-05-14': 'Thu',
      '2026-05-27': 'Wed',
      '2026-05-31': 'Sun',
      '2026-06-01': 'Mon',
      '2026-06-16': 'Tue',
      '2026-08-17': 'Mon',
      '2026-08-25': 'Tue',
      '2026-12-25': 'Fri',
    });
  });
  it('places the Christian holidays around Easter Sunday 2026 (5 April)', () => {
    expect(isHoliday(addDays('2026-04-05', -2), DEFAULT_HOLIDAY_CALENDAR)).toBe(true); // Good Friday
    expect(isHoliday(addDays('2026-04-05', 39), DEFAULT_HOLIDAY_CALENDAR)).toBe(true); // Ascension
  });
  it('keeps collective leave out of the default calendar', () => {
    expect(COLLECTIVE_LEAVE_2026.some((h) => DEFAULT_HOLIDAY_CALENDAR.has(h.date))).toBe(false);
    expect(isHoliday('2026-03-23', DEFAULT_HOLIDAY_CALENDAR)).toBe(false);
    expect(isHoliday('2026-03-23', holidayCalendar([...HOLIDAYS_2026, ...COLLECTIVE_LEAVE_2026]))).toBe(true);
  });
});

describe('holidays 2027 (an estimate until the decree)', () => {
  it('lists 17 dates of 2027, valid, in order, each once, and the default calendar holds both years', () => {
    const dates = HOLIDAYS_2027_ESTIMATE.map((h) => h.date);
    expect(dates).toHaveLength(17);
    expect(dates.every((d) => isBusinessDate(d) && d.startsWith('2027-'))).toBe(true);
    expect([...dates].sort()).toEqual(dates);
    expect(new Set(dates).size).toBe(dates.length);
    expect(DEFAULT_HOLIDAY_CALENDAR.size).toBe(34);
  });
  it('keeps the fixed dates and places the Christian ones around Easter Sunday 2027 (28 March)', () => {
    for (const fixed of ['2027-01-01', '2027-05-01', '2027-06-01', '2027-08-17', '2027-12-25'])
      expect(isHoliday(fixed, DEFAULT_HOLIDAY_CALENDAR), fixed).toBe(true);
    expect(weekday('2027-03-28')).toBe('Sun');
    expect(isHoliday(addDays('2027-03-28', -2), DEFAULT_HOLIDAY_CALENDAR)).toBe(true); // Good Friday
    expect(isHoliday(addDays('2027-03-28', 39), DEFAULT_HOLIDAY_CALENDAR)).toBe(true); // Ascension
  });
  it('says which dates are estimates in both languages', () => {
    const islamic = HOLIDAYS_2027_ESTIMATE.filter((h) => /Idul|Isra|Islam|Maulid/.test(h.nameId));
    expect(islamic).toHaveLength(6);
    for (const h of islamic) {
      expect(h.nameId).toContain('perkiraan');
      expect(h.nameEn).toContain('estimate');
    }
  });
});

describe('parseHolidays', () => {
  it('parses a configured list, spaces allowed', () => {
    expect([...parseHolidays('2026-01-01,2026-03-19')]).toEqual(['2026-01-01', '2026-03-19']);
    expect([...parseHolidays(' 2026-01-01 , 2026-03-19 ')]).toEqual(['2026-01-01', '2026-03-19']);
  });
  it('refuses bad dates with the entry and its position', () => {
    expect(() => parseHolidays('2026-01-01,2026-02-30')).toThrow(
      /entry 2 is not a calendar date \(YYYY-MM-DD\): "2026-02-30"/,
    );
    expect(() => parseHolidays('2026-1-1')).toThrow(/entry 1 .*"2026-1-1"/);
    expect(() => parseHolidays('01/01/2026')).toThrow(RangeError);
    expect(() => parseHolidays('2026-01-01;2026-03-19')).toThrow(/entry 1/);
  });
  it('refuses an empty list or entry rather than allowing contact on every holiday', () => {
    expect(() => parseHolidays('')).toThrow(/entry 1 is empty/);
    expect(() => parseHolidays('2026-01-01,,2026-03-19')).toThrow(/entry 2 is empty/);
    expect(() => parseHolidays('2026-01-01,')).toThrow(/entry 2 is empty/);
  });
  it('holidayCalendar validates too', () => {
    expect(() => holidayCalendar(['2026-13-01'])).toThrow(RangeError);
  });
});

describe('the holiday table coverage', () => {
  it('runs to the end of the last year it lists, and asks for renewal 60 days before', () => {
    expect(holidayTableCoverage(DEFAULT_HOLIDAY_CALENDAR, '2026-11-26')).toEqual({
      coveredUntil: '2027-12-31',
      daysLeft: 400,
      renew: false,
    });
    const only2026 = holidayCalendar(HOLIDAYS_2026);
    expect(holidayTableCoverage(only2026, '2026-11-01')).toMatchObject({ daysLeft: 60, renew: true });
    expect(holidayTableCoverage(only2026, '2026-10-31')).toMatchObject({ daysLeft: 61, renew: false });
    expect(holidayTableCoverage(only2026, '2027-01-05')).toMatchObject({ daysLeft: -5, renew: true });
    expect(holidayTableCoverage(holidayCalendar([]), '2026-11-26')).toEqual({
      coveredUntil: null,
      daysLeft: null,
      renew: true,
    });
  });
});

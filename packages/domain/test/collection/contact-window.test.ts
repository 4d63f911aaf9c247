import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  businessDateIn,
  contactTimeZone,
  mayContact,
  withinContactHours,
  nextContactTime,
} from '../../src/collection/contact-window.ts';
import {
  COLLECTIVE_LEAVE_2026,
  DEFAULT_HOLIDAY_CALENDAR,
  HOLIDAYS_2026,
  holidayCalendar,
} from '../../src/collection/holidays.ts';

const JKT = 'Asia/Jakarta';
const holidays = DEFAULT_HOLIDAY_CALENDAR;
const none = holidayCalendar([]);
/** An instant from Jakarta wall-clock time (WIB is UTC+7 all year). */
const wib = (local: string) => new Date(`${local}+07:00`);

describe('mayContact', () => {
  it('allows Monday to Saturday from 08:00 to before 20:00 WIB', () => {
    expect(mayContact(wib('2026-08-15T19:59:00'), JKT, holidays)).toBe(true); // Saturday
    expect(mayContact(wib('2026-08-15T19:59:59.999'), JKT, holidays)).toBe(true);
    expect(mayContact(wib('2026-08-15T20:00:00'), JKT, holidays)).toBe(false);
    expect(mayContact(wib('2026-08-14T07:59:00'), JKT, holidays)).toBe(false); // Friday
    expect(mayContact(wib('2026-08-14T08:00:00'), JKT, holidays)).toBe(true);
    expect(mayContact(wib('2026-08-10T12:00:00'), JKT, holidays)).toBe(true); // Monday
  });
  it('refuses Sundays', () => {
    expect(mayContact(wib('2026-08-16T10:00:00'), JKT, holidays)).toBe(false);
    expect(mayContact(wib('2026-08-16T10:00:00'), JKT, none)).toBe(false);
  });
  it('refuses national holidays: 17 August 2026 (a Monday)', () => {
    expect(mayContact(wib('2026-08-17T10:00:00'), JKT, holidays)).toBe(false);
    expect(mayContact(wib('2026-08-17T10:00:00'), JKT, none)).toBe(true);
    expect(mayContact(wib('2026-08-18T10:00:00'), JKT, holidays)).toBe(true);
  });
  it('reads the clock in the borrower zone: 11:30 UTC is 18:30 WIB, 19:30 WITA, 20:30 WIT', () => {
    const instant = new Date('2026-08-14T11:30:00Z');
    expect(mayContact(instant, 'Asia/Jakarta', holidays)).toBe(true);
    expect(mayContact(instant, 'Asia/Makassar', holidays)).toBe(true);
    expect(mayContact(instant, 'Asia/Jayapura', holidays)).toBe(false);
    // 07:30 WIB is already 09:30 WIT.
    const morning = new Date('2026-08-14T00:30:00Z');
    expect(mayContact(morning, 'Asia/Jakarta', holidays)).toBe(false);
    expect(mayContact(morning, 'Asia/Jayapura', holidays)).toBe(true);
  });
  it('takes the holiday on the local date', () => {
    // 23:30 UTC on 16 August is 08:30 WIT on 17 August in Jayapura, a holiday there too.
    expect(mayContact(new Date('2026-08-16T23:30:00Z'), 'Asia/Jayapura', holidays)).toBe(false);
    expect(businessDateIn(new Date('2026-08-16T23:30:00Z'), 'Asia/Jayapura')).toBe('2026-08-17');
    expect(businessDateIn(new Date('2026-08-16T16:59:59Z'), JKT)).toBe('2026-08-16');
    expect(businessDateIn(new Date('2026-08-16T17:00:00Z'), JKT)).toBe('2026-08-17');
  });
  it('refuses an invalid Date', () => {
    expect(() => mayContact(new Date('nope'), JKT, holidays)).toThrow(RangeError);
  });
});

describe('contactTimeZone', () => {
  it('keeps a valid IANA zone, canonicalised', () => {
    expect(contactTimeZone('Asia/Jayapura')).toBe('Asia/Jayapura');
    expect(contactTimeZone(' asia/makassar ')).toBe('Asia/Makassar');
    expect(contactTimeZone('Asia/Pontianak')).toBe('Asia/Pontianak');
  });
  it('falls back to Asia/Jakarta when missing, blank or unknown', () => {
    for (const header of [undefined, '', '  ', 'Mars/Olympus', 'GMT+7', 'WIB', '+07:00']) {
      expect(contactTimeZone(header)).toBe('Asia/Jakarta');
    }
  });
  it('makes the contact functions treat an invalid zone as Jakarta', () => {
    const instant = new Date('2026-08-14T11:30:00Z'); // 18:30 WIB, 20:30 WIT
    expect(mayContact(instant, 'Mars/Olympus', holidays)).toBe(true);
    expect(nextContactTime(new Date('2026-08-14T13:30:00Z'), 'not a zone', holidays)).toEqual(
      wib('2026-08-15T08:00:00'),
    );
  });
});

describe('nextContactTime', () => {
  it('returns the instant itself when contact is allowed', () => {
    const instant = wib('2026-08-14T10:15:30.250');
    expect(nextContactTime(instant, JKT, holidays)).toEqual(instant);
  });
  it('waits for 08:00 the same day before the window opens', () => {
    expect(nextContactTime(wib('2026-08-14T03:00:00'), JKT, holidays)).toEqual(wib('2026-08-14T08:00:00'));
  });
  it('moves Saturday 21:00 WIB to Monday 08:00 WIB', () => {
    expect(nextContactTime(wib('2026-08-08T21:00:00'), JKT, holidays)).toEqual(wib('2026-08-10T08:00:00'));
    expect(nextContactTime(wib('2026-08-08T20:00:00'), JKT, holidays)).toEqual(wib('2026-08-10T08:00:00'));
  });
  it('skips a holiday after a Sunday: Saturday 15 August 21:00 WIB → Tuesday 18 August 08:00', () => {
    expect(nextContactTime(wib('2026-08-15T21:00:00'), JKT, holidays)).toEqual(wib('2026-08-18T08:00:00'));
  });
  it('skips a weekday holiday from its eve: Wednesday 13 May 21:00 → Friday 15 May 08:00', () => {
    expect(nextContactTime(wib('2026-05-13T21:00:00'), JKT, holidays)).toEqual(wib('2026-05-15T08:00:00'));
  });
  it('skips Idulfitri (Saturday and Sunday) and, when configured, the collective leave after it', () => {
    const eve = wib('2026-03-20T21:00:00');
    expect(nextContactTime(eve, JKT, holidays)).toEqual(wib('2026-03-23T08:00:00'));
    const withLeave = holidayCalendar([...HOLIDAYS_2026, ...COLLECTIVE_LEAVE_2026]);
    expect(nextContactTime(eve, JKT, withLeave)).toEqual(wib('2026-03-25T08:00:00'));
  });
  it('answers 08:00 in the borrower zone: Friday 20:30 WIT → Saturday 08:00 WIT (23:00 UTC)', () => {
    expect(nextContactTime(new Date('2026-08-14T11:30:00Z'), 'Asia/Jayapura', holidays)).toEqual(
      new Date('2026-08-14T23:00:00Z'),
    );
    expect(nextContactTime(new Date('2026-08-14T12:30:00Z'), 'Asia/Makassar', holidays)).toEqual(
      new Date('2026-08-15T00:00:00Z'),
    );
  });
  it('refuses a calendar that blocks every day', () => {
    const days = Array.from({ length: 400 }, (_, i) => new Date(Date.UTC(2026, 0, 1 + i))).map((d) =>
      d.toISOString().slice(0, 10),
    );
    expect(() => nextContactTime(wib('2026-01-01T09:00:00'), JKT, holidayCalendar(days))).toThrow(
      /no contact day/,
    );
  });
  it('is the first allowed instant: allowed itself, never earlier, nothing allowed a minute before', () => {
    const zones = ['Asia/Jakarta', 'Asia/Makassar', 'Asia/Jayapura', 'Europe/Berlin', 'America/New_York'];
    const year2026 = fc.date({
      min: new Date('2026-01-01T00:00:00Z'),
      max: new Date('2026-12-31T00:00:00Z'),
      // fast-check 4 also draws the invalid Date unless told not to; an instant is always a valid one here.
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(year2026, fc.constantFrom(...zones), (instant, zone) => {
        const next = nextContactTime(instant, zone, holidays);
        expect(next.getTime()).toBeGreaterThanOrEqual(instant.getTime());
        expect(mayContact(next, zone, holidays)).toBe(true);
        if (next.getTime() !== instant.getTime()) {
          const before = new Date(Math.max(instant.getTime(), next.getTime() - 60_000));
          expect(mayContact(before, zone, holidays)).toBe(false);
        }
      }),
    );
  });
});

describe('withinContactHours', () => {
  it('allows 08:00 to 19:59 local time on any day, Sunday included', () => {
    // 2026-11-29 is a Sunday; 01:00 UTC is 08:00 WIB, 13:00 UTC is 20:00 WIB.
    expect(withinContactHours(new Date('2026-11-29T01:00:00Z'), 'Asia/Jakarta')).toBe(true);
    expect(withinContactHours(new Date('2026-11-29T12:59:00Z'), 'Asia/Jakarta')).toBe(true);
    expect(withinContactHours(new Date('2026-11-29T13:00:00Z'), 'Asia/Jakarta')).toBe(false);
    expect(withinContactHours(new Date('2026-11-29T00:59:00Z'), 'Asia/Jakarta')).toBe(false);
    // 12:30 UTC is 19:30 WIB but 21:30 WIT.
    expect(withinContactHours(new Date('2026-11-29T12:30:00Z'), 'Asia/Jayapura')).toBe(false);
  });
});

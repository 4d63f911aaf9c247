import { describe, expect, it } from 'vitest';
import {
  contactZonesOf,
  INDONESIA_ZONES,
  mayContactIn,
  nextAllowedContact,
  nextContactTimeIn,
  timeZoneOfRegion,
  WIB,
  WIT,
  WITA,
} from '../../src/collection/collection-contact.ts';
import { DEFAULT_HOLIDAY_CALENDAR } from '../../src/collection/holidays.ts';

const holidays = DEFAULT_HOLIDAY_CALENDAR;
const utc = (text: string) => new Date(`${text}Z`);

describe('the borrower zone from the profile region', () => {
  it('names WIB, WITA and WIT provinces, and all three zones when the region is unknown', () => {
    expect(timeZoneOfRegion('31')).toBe(WIB); // DKI Jakarta
    expect(timeZoneOfRegion('31.71.01')).toBe(WIB);
    expect(timeZoneOfRegion('51')).toBe(WITA); // Bali
    expect(timeZoneOfRegion('64.72')).toBe(WITA); // Kalimantan Timur
    expect(timeZoneOfRegion('61')).toBe(WIB); // Kalimantan Barat
    expect(timeZoneOfRegion('94')).toBe(WIT); // Papua Tengah
    expect(timeZoneOfRegion('81')).toBe(WIT); // Maluku
    expect(timeZoneOfRegion(null)).toBeNull();
    expect(timeZoneOfRegion('99')).toBeNull();
    expect(contactZonesOf('51')).toEqual([WITA]);
    expect(contactZonesOf(null)).toEqual(INDONESIA_ZONES);
  });

  it("the zone the borrower's phone reported comes before the address's, and a header naming no zone is ignored", () => {
    expect(contactZonesOf('91', 'Asia/Jakarta')).toEqual([WIB]); // from Papua, living on Jakarta time
    expect(contactZonesOf('31', 'asia/jayapura')).toEqual([WIT]);
    expect(contactZonesOf(null, 'Asia/Makassar')).toEqual([WITA]);
    expect(contactZonesOf('51', 'Mars/Olympus')).toEqual([WITA]);
    expect(contactZonesOf('51', '+09:00')).toEqual([WITA]);
    expect(contactZonesOf(null, '')).toEqual(INDONESIA_ZONES);
  });
});

describe('the window across zones', () => {
  it('an unknown zone allows only 08:00-18:00 WIB (01:00-11:00 UTC), when every zone is inside its hours', () => {
    // Tuesday 2026-08-18.
    expect(mayContactIn(utc('2026-08-18T00:59:59'), INDONESIA_ZONES, holidays)).toBe(false); // 07:59 WIB
    expect(mayContactIn(utc('2026-08-18T01:00:00'), INDONESIA_ZONES, holidays)).toBe(true);
    expect(mayContactIn(utc('2026-08-18T10:59:59'), INDONESIA_ZONES, holidays)).toBe(true);
    expect(mayContactIn(utc('2026-08-18T11:00:00'), INDONESIA_ZONES, holidays)).toBe(false); // 20:00 WIT
    expect(mayContactIn(utc('2026-08-18T11:00:00'), [WIB], holidays)).toBe(true); // 18:00 WIB
  });

  it('moves to the time every zone allows', () => {
    // 19:00 WIB Tuesday: Jakarta still open, Jayapura closed; the next common time is 08:00 WIB Wednesday.
    expect(nextContactTimeIn(utc('2026-08-18T12:00:00'), INDONESIA_ZONES, holidays)).toEqual(
      utc('2026-08-19T01:00:00'),
    );
    expect(nextContactTimeIn(utc('2026-08-18T12:00:00'), [WIB], holidays)).toEqual(
      utc('2026-08-18T12:00:00'),
    );
    expect(nextContactTimeIn(utc('2026-08-18T12:00:00'), [WITA], holidays)).toEqual(
      utc('2026-08-19T00:00:00'),
    );
    expect(nextContactTimeIn(utc('2026-08-18T12:00:00'), [WIT], holidays)).toEqual(
      utc('2026-08-18T23:00:00'),
    );
  });
});

describe('nextAllowedContact', () => {
  const wit = { zones: [WIT], contactTimes: [] };

  it('is now inside the window, and the window edges are 08:00 inclusive and 20:00 exclusive', () => {
    expect(nextAllowedContact(utc('2026-08-18T02:00:00'), wit, holidays)).toEqual(utc('2026-08-18T02:00:00'));
    // 20:00 WIT on Tuesday: the next is 08:00 WIT on Wednesday.
    expect(nextAllowedContact(utc('2026-08-18T11:00:00'), wit, holidays)).toEqual(utc('2026-08-18T23:00:00'));
    // 19:59 WIT: still now.
    expect(nextAllowedContact(utc('2026-08-18T10:59:00'), wit, holidays)).toEqual(utc('2026-08-18T10:59:00'));
    // 07:59 WIT: one minute later.
    expect(nextAllowedContact(utc('2026-08-17T22:59:00'), wit, holidays)).toEqual(utc('2026-08-17T23:00:00'));
  });

  it('skips Sundays and holidays in the borrower zone', () => {
    // Saturday 15 August 20:30 WIB: Sunday 16th, then Monday 17th (Independence Day): Tuesday 08:00 WIB.
    expect(
      nextAllowedContact(utc('2026-08-15T13:30:00'), { zones: [WIB], contactTimes: [] }, holidays),
    ).toEqual(utc('2026-08-18T01:00:00'));
    // Same instant in WIT (22:30 Saturday): Tuesday 08:00 WIT.
    expect(nextAllowedContact(utc('2026-08-15T13:30:00'), wit, holidays)).toEqual(utc('2026-08-17T23:00:00'));
  });

  it('waits for the next contact day once the day has its limit of contacts', () => {
    const now = utc('2026-08-18T03:00:00'); // 10:00 WIB Tuesday
    const today = [utc('2026-08-18T01:10:00'), utc('2026-08-18T02:00:00')];
    const yesterday = [utc('2026-08-14T05:00:00')];
    const history = (times: Date[]) => ({ zones: [WIB], contactTimes: times, maxPerDay: 3 });
    expect(nextAllowedContact(now, history([...today, ...yesterday]), holidays)).toEqual(now);
    const full = [...today, utc('2026-08-18T02:30:00')];
    expect(nextAllowedContact(now, history(full), holidays)).toEqual(utc('2026-08-19T01:00:00'));
  });
});

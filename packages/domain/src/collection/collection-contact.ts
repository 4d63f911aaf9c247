/**
 * When a collector may next contact a borrower (lending-rules.md: Monday-Saturday, not on a national holiday,
 * 08:00-20:00 in the borrower's local time) in the borrower's zone, known from their phone's reported zone or their
 * profile's province. A borrower whose zone is unknown gets the strictest window: a time allowed in all three of Indonesia's zones at once
 * (08:00-18:00 WIB, i.e. 09:00-19:00 WITA, 10:00-20:00 WIT), so a collector never calls someone at 20:30 WIT because
 * the app did not know they live in Papua.
 */
import { mayContact, namedTimeZone, nextContactTime } from './contact-window.ts';
import type { HolidayCalendar } from './holidays.ts';

export const WIB = 'Asia/Jakarta';
export const WITA = 'Asia/Makassar';
export const WIT = 'Asia/Jayapura';
export const INDONESIA_ZONES = [WIB, WITA, WIT] as const;

/**
 * Kemendagri province codes (the first two digits of every region code) east of WIB. Every other known province
 * (Sumatra 11-21, Java 31-36, West and Central Kalimantan 61-62) is WIB.
 */
const WITA_PROVINCES = new Set(['51', '52', '53', '63', '64', '65', '71', '72', '73', '74', '75', '76']);
const WIT_PROVINCES = new Set(['81', '82', '91', '92', '93', '94', '95', '96']);
const WIB_PROVINCES = new Set([
  '11',
  '12',
  '13',
  '14',
  '15',
  '16',
  '17',
  '18',
  '19',
  '21',
  '31',
  '32',
  '33',
  '34',
  '35',
  '36',
  '61',
  '62',
]);

/** The IANA zone of a province (or any region code inside it), or null when the code names no province we know. */
export function timeZoneOfRegion(code: string | null | undefined): string | null {
  const province = code?.trim().slice(0, 2) ?? '';
  if (WIT_PROVINCES.has(province)) return WIT;
  if (WITA_PROVINCES.has(province)) return WITA;
  if (WIB_PROVINCES.has(province)) return WIB;
  return null;
}

/**
 * The zones whose window a contact must respect: the borrower's own time, which is the zone their phone last reported
 * (`reported`, the `tz` header kept at sign-in: a borrower from Papua working in Jakarta lives on Jakarta time), else
 * their address's province's, else all three when neither is known.
 */
export function contactZonesOf(
  regionCode: string | null | undefined,
  reported: string | null = null,
): readonly string[] {
  const zone = namedTimeZone(reported) ?? timeZoneOfRegion(regionCode);
  return zone ? [zone] : INDONESIA_ZONES;
}

/**
 * A house limit on collection contacts per loan and borrower-local day. lending-rules.md names no frequency limit;
 * this is the lender's policy against a daily barrage, kept here so one number governs the queue and the refusal.
 */
export const MAX_CONTACTS_PER_DAY = 3;

/** True when a contact at `instant` respects the window of every zone in `zones`. */
export function mayContactIn(instant: Date, zones: readonly string[], holidays: HolidayCalendar): boolean {
  return zones.every((zone) => mayContact(instant, zone, holidays));
}

/**
 * The first instant at or after `instant` allowed in every zone of `zones`. Each pass moves to the latest of the
 * zones' next allowed instants; it stops when all agree (two or three passes: the zones are one hour apart).
 * @throws RangeError when the zones' calendars never agree (a broken holiday table).
 */
export function nextContactTimeIn(instant: Date, zones: readonly string[], holidays: HolidayCalendar): Date {
  let candidate = new Date(instant.getTime());
  for (let pass = 0; pass < 32; pass += 1) {
    const next = zones.map((zone) => nextContactTime(candidate, zone, holidays).getTime());
    const latest = Math.max(...next);
    if (next.every((time) => time === candidate.getTime())) return candidate;
    candidate = new Date(latest);
  }
  throw new RangeError('the contact windows of the zones never meet: check the holidays');
}

/** What the next allowed contact depends on besides the clock and the calendar. */
export interface ContactHistory {
  /** The borrower's zones ({@link contactZonesOf}). */
  zones: readonly string[];
  /** When this loan's recent contacts were made (any order; older than two days may be left out). */
  contactTimes: readonly Date[];
  /** At most this many contacts per borrower-local day ({@link MAX_CONTACTS_PER_DAY} by default). */
  maxPerDay?: number;
}

// The local date of an instant in the borrower's first zone: with several zones the window (01:00-11:00 UTC) lies
// inside one calendar date in each, so any of them names the same day.
function localDate(instant: Date, zone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

/**
 * The first instant at or after `now` when a collector may contact the borrower: inside the window of their zone(s),
 * on a contact day, and on a day with fewer than `maxPerDay` contacts already recorded.
 */
export function nextAllowedContact(now: Date, history: ContactHistory, holidays: HolidayCalendar): Date {
  const max = history.maxPerDay ?? MAX_CONTACTS_PER_DAY;
  const zone = history.zones[0] ?? WIB;
  let candidate = nextContactTimeIn(now, history.zones, holidays);
  for (let day = 0; day < 8; day += 1) {
    const date = localDate(candidate, zone);
    const that = history.contactTimes.filter((time) => localDate(time, zone) === date).length;
    if (that < max) return candidate;
    // Full today: the next contact day's opening, found from the first instant of the next local date.
    const nextDay = new Date(candidate.getTime());
    while (localDate(nextDay, zone) === date) nextDay.setTime(nextDay.getTime() + 3_600_000);
    candidate = nextContactTimeIn(nextDay, history.zones, holidays);
  }
  return candidate;
}

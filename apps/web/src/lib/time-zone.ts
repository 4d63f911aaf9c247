// The borrower's IANA time zone, for the spec's tz request header (api-client.ts) and the device fingerprint.

/** undefined: not read yet; null: this browser cannot tell. */
let zone: string | null | undefined;

/**
 * Indonesia's three zones by the offset `Date#getTimezoneOffset` gives (minutes behind UTC): none keeps daylight time,
 * so the offset names the zone's clock exactly. The server uses the zone for the borrower's own hours (collection
 * contact windows), which another zone with the same offset (Asia/Singapore for Asia/Makassar) would give the same.
 */
const ZONE_OF_OFFSET: Readonly<Record<number, string>> = {
  [-420]: 'Asia/Jakarta',
  [-480]: 'Asia/Makassar',
  [-540]: 'Asia/Jayapura',
};

/**
 * The browser's time zone (e.g. Asia/Jakarta), read once per page; undefined in an old WebView without Intl time
 * zones (the server then assumes Asia/Jakarta). A phone on one of Indonesia's offsets is answered from the offset: the
 * first Intl object a page makes loads ICU's locale and zone data, measured at 32-48 ms of main thread in Chromium on
 * this machine and about four times that on the phone Lighthouse simulates, while the offset costs nothing. A borrower
 * who crosses a time zone sends the new one after the next page load.
 */
export function browserTimeZone(): string | undefined {
  if (zone === undefined) {
    zone = ZONE_OF_OFFSET[new Date().getTimezoneOffset()] ?? intlTimeZone();
  }
  return zone ?? undefined;
}

function intlTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/**
 * Reads the time zone soon, in a task of its own. main.tsx calls it before hydrating a page: outside Indonesia's
 * offsets the first request would otherwise pay for ICU inside the hydration's commit, whose effects start every
 * query of the page at once.
 */
export function readTimeZoneSoon(): void {
  setTimeout(browserTimeZone, 0);
}

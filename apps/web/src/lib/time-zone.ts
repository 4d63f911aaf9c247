// The borrower's IANA time zone, for the spec's tz request header (api-client.ts).

/** undefined: not read yet; null: this browser cannot tell. */
let zone: string | null | undefined;

/**
 * The browser's time zone (e.g. Asia/Jakarta), read once per page; undefined in an old WebView without Intl time
 * zones (the server then assumes Asia/Jakarta). Once, because the first Intl object a page makes loads ICU's locale
 * and zone data: ~25 ms of main thread on a laptop, about four times that on the phone Lighthouse simulates. A
 * borrower who crosses a time zone sends the new one after the next page load.
 */
export function browserTimeZone(): string | undefined {
  if (zone === undefined) {
    try {
      zone = Intl.DateTimeFormat().resolvedOptions().timeZone || null;
    } catch {
      zone = null;
    }
  }
  return zone ?? undefined;
}

/**
 * Reads the time zone soon, in a task of its own. main.tsx calls it before hydrating a page: otherwise the first
 * request pays for ICU inside the hydration's commit, whose effects start every query of the page at once, and that
 * one task was the landing page's longest (most of its total blocking time).
 */
export function readTimeZoneSoon(): void {
  setTimeout(browserTimeZone, 0);
}

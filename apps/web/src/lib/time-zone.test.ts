import { afterEach, describe, expect, it, vi } from 'vitest';

// time-zone.ts keeps what it read for the page's life: each test reads it from a fresh copy of the module.
const freshModule = async () => {
  vi.resetModules();
  return import('./time-zone.ts');
};

/** The phone's clock `minutesBehindUtc` behind UTC, as Date#getTimezoneOffset says it (-480 is UTC+8). */
const offsetIs = (minutesBehindUtc: number) =>
  vi.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(minutesBehindUtc);

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('browserTimeZone', () => {
  it.each([
    [-420, 'Asia/Jakarta'],
    [-480, 'Asia/Makassar'],
    [-540, 'Asia/Jayapura'],
  ])('on an Indonesian offset (%i) is that zone, without loading Intl', async (offset, expected) => {
    offsetIs(offset);
    const { browserTimeZone } = await freshModule();
    const intl = vi.spyOn(Intl, 'DateTimeFormat');
    expect(browserTimeZone()).toBe(expected);
    expect(intl).not.toHaveBeenCalled();
  });

  it('on another offset is the IANA zone Intl names, read once per page', async () => {
    offsetIs(-60);
    const { browserTimeZone } = await freshModule();
    const intl = vi.spyOn(Intl, 'DateTimeFormat').mockReturnValue({
      resolvedOptions: () => ({ timeZone: 'Europe/Amsterdam' }),
    } as Intl.DateTimeFormat);
    expect(browserTimeZone()).toBe('Europe/Amsterdam');
    browserTimeZone();
    expect(intl).toHaveBeenCalledTimes(1);
  });

  it('is undefined where Intl cannot tell (an old WebView), so the tz header is left out', async () => {
    offsetIs(0);
    const { browserTimeZone } = await freshModule();
    vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(() => {
      throw new RangeError('no time zones');
    });
    expect(browserTimeZone()).toBeUndefined();
  });

  it('readTimeZoneSoon reads it in a later task, not in the caller’s', async () => {
    vi.useFakeTimers();
    const offset = offsetIs(0);
    const { readTimeZoneSoon } = await freshModule();
    const intl = vi.spyOn(Intl, 'DateTimeFormat');
    readTimeZoneSoon();
    expect(offset).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(intl).toHaveBeenCalledTimes(1);
  });
});

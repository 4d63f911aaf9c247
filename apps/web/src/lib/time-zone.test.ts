import { afterEach, describe, expect, it, vi } from 'vitest';

// time-zone.ts keeps what it read for the page's life: each test reads it from a fresh copy of the module.
const freshModule = async () => {
  vi.resetModules();
  return import('./time-zone.ts');
};

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('browserTimeZone', () => {
  it('is the browser’s IANA zone, read from Intl once per page', async () => {
    const expected = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const { browserTimeZone } = await freshModule();
    const read = vi.spyOn(Intl, 'DateTimeFormat');
    expect(browserTimeZone()).toBe(expected);
    browserTimeZone();
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('is undefined where Intl cannot tell (an old WebView), so the tz header is left out', async () => {
    const { browserTimeZone } = await freshModule();
    vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(() => {
      throw new RangeError('no time zones');
    });
    expect(browserTimeZone()).toBeUndefined();
  });

  it('readTimeZoneSoon reads it in a later task, not in the caller’s', async () => {
    vi.useFakeTimers();
    const { readTimeZoneSoon } = await freshModule();
    const read = vi.spyOn(Intl, 'DateTimeFormat');
    readTimeZoneSoon();
    expect(read).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(read).toHaveBeenCalledTimes(1);
  });
});

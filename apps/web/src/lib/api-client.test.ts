import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../test/api-answer.ts';
import { apiGet, ApiError, requestHeaders } from './api-client.ts';
import { configureApi } from './api-effects.ts';
import { saveBareToken } from './auth-session.ts';
import { LOCAL_KEYS } from './storage-keys.ts';

describe('api client', () => {
  const effects = { error: vi.fn(), warning: vi.fn(), navigate: vi.fn(), locale: () => 'id-ID' };
  beforeEach(() => {
    localStorage.clear();
    Object.values(effects).forEach((f) => 'mockClear' in f && f.mockClear());
    configureApi(effects);
    window.history.replaceState(null, '', '/home/auditing?cl=abc&x=1');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('returns data on code 200 and sends the common headers', async () => {
    localStorage.setItem(LOCAL_KEYS.token, 'tok');
    localStorage.setItem(LOCAL_KEYS.channel, 'abc');
    const fetch = vi.fn().mockResolvedValue(json({ code: 200, msg: 'OK', data: { a: 1 } }));
    vi.stubGlobal('fetch', fetch);
    await expect(apiGet('/v1/thing', { q: 'x' })).resolves.toEqual({ a: 1 });
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/v1/thing?q=x');
    expect(init.headers).toMatchObject({
      os: '4',
      lan: 'id-ID',
      cl: 'abc',
      app_version: expect.any(String),
      Authorization: 'Bearer tok',
    });
  });

  it('a cancelled request stops its transfer and rejects as cancelled, with no toast', async () => {
    let sent: AbortSignal | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => {
        sent = init.signal ?? undefined;
        return new Promise((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        );
      }),
    );
    const caller = new AbortController();
    const pending = apiGet('/v2/user/status', undefined, { signal: caller.signal });
    caller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'cancelled' });
    expect(sent?.aborted).toBe(true);
    expect(effects.error).not.toHaveBeenCalled();
    expect(effects.warning).not.toHaveBeenCalled();
  });

  it('on 4047 without a refresh token: clears the token and goes to login keeping the query', async () => {
    localStorage.setItem(LOCAL_KEYS.token, 'tok');
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json({ code: 4047, msg: 'lost', data: null }, 401)));
    await expect(apiGet('/v2/user/status')).rejects.toMatchObject({ code: 4047 });
    expect(localStorage.getItem(LOCAL_KEYS.token)).toBeNull();
    expect(effects.navigate).toHaveBeenCalledWith('/login/main?cl=abc&x=1');
  });

  it('on 4047 on the oppo channel goes to OppoAuthLogin', async () => {
    localStorage.setItem(LOCAL_KEYS.channel, 'oppo');
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json({ code: 4047, msg: 'lost', data: null })));
    await expect(apiGet('/x')).rejects.toBeInstanceOf(ApiError);
    expect(effects.navigate).toHaveBeenCalledWith('/oppo/auth-login?cl=abc&x=1');
  });

  it('on 4047 refreshes once and repeats the call', async () => {
    localStorage.setItem(LOCAL_KEYS.token, 'old');
    localStorage.setItem(LOCAL_KEYS.refreshToken, 'r1');
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(json({ code: 4047, msg: 'lost', data: null }))
      .mockResolvedValueOnce(
        json({ code: 200, msg: 'OK', data: { token: 'new', refresh_token: 'r2', expires_in: 900 } }),
      )
      .mockResolvedValueOnce(json({ code: 200, msg: 'OK', data: 'ok' }));
    vi.stubGlobal('fetch', fetch);
    await expect(apiGet('/x')).resolves.toBe('ok');
    expect(localStorage.getItem(LOCAL_KEYS.token)).toBe('new');
    expect(localStorage.getItem(LOCAL_KEYS.refreshToken)).toBe('r2');
    expect((fetch.mock.calls[1] as [string])[0]).toBe('/api/v1/user/refresh');
    expect(effects.navigate).not.toHaveBeenCalled();
  });

  it("a bare /index token never refreshes with the previous user's refresh token", async () => {
    localStorage.setItem(LOCAL_KEYS.token, 'user-a');
    localStorage.setItem(LOCAL_KEYS.refreshToken, 'refresh-a');
    saveBareToken('user-b');
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(json({ code: 4047, msg: 'lost', data: null }))
      .mockResolvedValue(
        json({ code: 200, msg: 'OK', data: { token: 'a2', refresh_token: 'refresh-a2', expires_in: 900 } }),
      );
    vi.stubGlobal('fetch', fetch);
    await expect(apiGet('/v2/user/status')).rejects.toMatchObject({ code: 4047 });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(LOCAL_KEYS.token)).toBeNull();
    expect(effects.navigate).toHaveBeenCalledWith('/login/main?cl=abc&x=1');
  });

  it('the same bare token again keeps its refresh token', () => {
    localStorage.setItem(LOCAL_KEYS.token, 'user-a');
    localStorage.setItem(LOCAL_KEYS.refreshToken, 'refresh-a');
    saveBareToken('user-a');
    expect(localStorage.getItem(LOCAL_KEYS.refreshToken)).toBe('refresh-a');
  });

  it('gives up after a failed refresh', async () => {
    localStorage.setItem(LOCAL_KEYS.token, 'old');
    localStorage.setItem(LOCAL_KEYS.refreshToken, 'r1');
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json({ code: 4047, msg: 'lost', data: null })));
    await expect(apiGet('/x')).rejects.toMatchObject({ code: 4047 });
    expect(localStorage.getItem(LOCAL_KEYS.token)).toBeNull();
    expect(effects.navigate).toHaveBeenCalledTimes(1);
  });

  it('toasts the server message for other codes, or API ERROR without one', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValueOnce(json({ code: 4263, msg: 'KTP taken', data: null }, 409)),
    );
    await expect(apiGet('/x')).rejects.toMatchObject({ kind: 'server', code: 4263 });
    expect(effects.error).toHaveBeenLastCalledWith('KTP taken');
    vi.stubGlobal('fetch', vi.fn().mockResolvedValueOnce(json({ code: 5000, msg: '', data: null }, 500)));
    await expect(apiGet('/x')).rejects.toMatchObject({ code: 5000 });
    expect(effects.error).toHaveBeenLastCalledWith('API ERROR');
  });

  it('network failure: API ERROR toast', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(apiGet('/x')).rejects.toMatchObject({ kind: 'network' });
    expect(effects.error).toHaveBeenCalledWith('API ERROR');
  });

  it('silent calls toast nothing, even API ERROR / API TIMEOUT, and still reject', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValueOnce(json({ code: 4040, msg: 'none', data: null }, 404)));
    await expect(apiGet('/x', undefined, { silent: true })).rejects.toMatchObject({
      kind: 'server',
      code: 4040,
    });
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(apiGet('/x', undefined, { silent: true })).rejects.toMatchObject({ kind: 'network' });
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('<html>', { status: 200 })));
    await expect(apiGet('/x', undefined, { silent: true })).rejects.toMatchObject({ kind: 'network' });
    expect(effects.error).not.toHaveBeenCalled();
    expect(effects.warning).not.toHaveBeenCalled();
  });

  it('a status outside 200-509 is a network-level error', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('bad gateway', { status: 520 })));
    await expect(apiGet('/x')).rejects.toMatchObject({ kind: 'network' });
  });

  it('time-out after 120 s: API TIMEOUT warning', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_res, rej) =>
            init.signal?.addEventListener('abort', () => rej(new DOMException('aborted', 'AbortError'))),
          ),
      ),
    );
    const p = apiGet('/slow');
    const assertion = expect(p).rejects.toMatchObject({ kind: 'timeout' });
    await vi.advanceTimersByTimeAsync(119_999);
    expect(effects.warning).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await assertion;
    expect(effects.warning).toHaveBeenCalledWith('API TIMEOUT');
  });

  it('headers carry the stored location when known', () => {
    localStorage.setItem(LOCAL_KEYS.location, JSON.stringify({ lat: -6.2, lon: 106.8 }));
    expect(requestHeaders()).toMatchObject({ lat: '-6.2', lon: '106.8' });
  });
});

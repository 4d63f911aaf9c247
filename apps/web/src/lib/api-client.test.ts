import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authCalls } from '@kaskita/domain/contract/auth';
import { devCalls } from '@kaskita/domain/contract/dev';
import { API_PREFIX, ENDPOINT } from '@kaskita/domain/contract/endpoints';
import { json } from '../test/api-answer.ts';
import { afterLoginHref } from '../config/paths.ts';
import type { ApiCall } from './api-call.ts';
import { callApi, ApiError, requestHeaders, startEarly } from './api-client.ts';
import { configureApi } from './api-effects.ts';
import { saveBareToken } from './auth-session.ts';
import { LOCAL_KEYS } from './storage-keys.ts';

/** A valid answer of getCaptcha, the statically-parsed call these tests make. */
const captcha = { id: 'c1', png: 'iVBORw0K' };
const getCaptcha = (opts?: Parameters<typeof callApi>[2]) => callApi(authCalls.getCaptcha, undefined, opts);
const ok = (data: unknown) => json({ code: 200, msg: 'OK', data });
const refreshUrl = `${API_PREFIX}${ENDPOINT.refreshSession.path}`;

/** Login with the page's query and `redirect` back to the page the tests run on (/home/auditing?cl=abc&x=1). */
const LOGIN_BACK_HERE = `/login/main?cl=abc&x=1&redirect=${encodeURIComponent('/home/auditing?cl=abc&x=1')}`;

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

  it('returns data on code 200, sends a GET input as its query and the common headers', async () => {
    localStorage.setItem(LOCAL_KEYS.token, 'tok');
    localStorage.setItem(LOCAL_KEYS.channel, 'abc');
    const fetch = vi.fn().mockResolvedValue(ok({ captcha: 0, resend_in: 60 }));
    vi.stubGlobal('fetch', fetch);
    await expect(
      callApi(authCalls.sendLoginCode, { phone: '081234567890', captcha_id: '', captcha_code: '' }),
    ).resolves.toEqual({ captcha: 0, resend_in: 60 });
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    // Blank fields are not sent: an empty input means absent.
    expect(url).toBe(`${API_PREFIX}${ENDPOINT.sendLoginCode.path}?phone=081234567890`);
    expect(init.method).toBe('GET');
    expect(init.headers).toMatchObject({
      os: '4',
      lan: 'id-ID',
      cl: 'abc',
      app_version: expect.any(String),
      Authorization: 'Bearer tok',
    });
  });

  it('sends a POST input as a form body', async () => {
    const fetch = vi.fn().mockResolvedValue(ok({ captcha: 1, resend_in: 0 }));
    vi.stubGlobal('fetch', fetch);
    await callApi(authCalls.sendResetCode, { phone: '081234567890', captcha_code: '' });
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(`${API_PREFIX}${ENDPOINT.sendResetCode.path}`);
    expect(init.method).toBe('POST');
    expect(init.headers).toMatchObject({
      'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8',
    });
    expect(init.body).toBe('phone=081234567890');
  });

  it('sends an upload as its multipart body, leaving the Content-Type (with its boundary) to the browser', async () => {
    const fetch = vi.fn().mockResolvedValue(ok({ captcha: 1, resend_in: 0 }));
    vi.stubGlobal('fetch', fetch);
    const formData = new FormData();
    formData.append('id_card', new Blob(['jpeg'], { type: 'image/jpeg' }), 'ktp.jpg');
    await callApi(authCalls.sendResetCode, { phone: '081234567890', captcha_code: '' }, { formData });
    const [, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(init.body).toBe(formData);
    expect(init.headers).not.toHaveProperty('Content-Type');
  });

  it("fills the call's path parameters", async () => {
    const fetch = vi.fn().mockResolvedValue(ok({ code: 'AB12' }));
    vi.stubGlobal('fetch', fetch);
    await callApi(devCalls.getDevCaptchaAnswer, undefined, { params: { id: 'a b' } });
    expect((fetch.mock.calls[0] as [string])[0]).toBe(
      API_PREFIX + ENDPOINT.getDevCaptchaAnswer.path.replace(':id', 'a%20b'),
    );
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
    const pending = getCaptcha({ signal: caller.signal });
    caller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'cancelled' });
    expect(sent?.aborted).toBe(true);
    expect(effects.error).not.toHaveBeenCalled();
    expect(effects.warning).not.toHaveBeenCalled();
  });

  it('on 4047 without a refresh token: clears the token and goes to login keeping the query, then back here', async () => {
    localStorage.setItem(LOCAL_KEYS.token, 'tok');
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json({ code: 4047, msg: 'lost', data: null }, 401)));
    await expect(getCaptcha()).rejects.toMatchObject({ code: 4047 });
    expect(localStorage.getItem(LOCAL_KEYS.token)).toBeNull();
    expect(effects.navigate).toHaveBeenCalledWith(LOGIN_BACK_HERE);
    expect(afterLoginHref(new URL(LOGIN_BACK_HERE, 'http://x').searchParams)).toBe(
      '/home/auditing?cl=abc&x=1',
    );
  });

  it('on 4047 on the oppo channel goes to OppoAuthLogin', async () => {
    localStorage.setItem(LOCAL_KEYS.channel, 'oppo');
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json({ code: 4047, msg: 'lost', data: null })));
    await expect(getCaptcha()).rejects.toBeInstanceOf(ApiError);
    expect(effects.navigate).toHaveBeenCalledWith(
      `/oppo/auth-login?cl=abc&x=1&redirect=${encodeURIComponent('/home/auditing?cl=abc&x=1')}`,
    );
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
      .mockResolvedValueOnce(ok(captcha));
    vi.stubGlobal('fetch', fetch);
    await expect(getCaptcha()).resolves.toEqual(captcha);
    expect(localStorage.getItem(LOCAL_KEYS.token)).toBe('new');
    expect(localStorage.getItem(LOCAL_KEYS.refreshToken)).toBe('r2');
    expect((fetch.mock.calls[1] as [string])[0]).toBe(refreshUrl);
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
    await expect(getCaptcha()).rejects.toMatchObject({ code: 4047 });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(LOCAL_KEYS.token)).toBeNull();
    expect(effects.navigate).toHaveBeenCalledWith(LOGIN_BACK_HERE);
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
    await expect(getCaptcha()).rejects.toMatchObject({ code: 4047 });
    expect(localStorage.getItem(LOCAL_KEYS.token)).toBeNull();
    expect(effects.navigate).toHaveBeenCalledTimes(1);
  });

  it('toasts the server message for other codes, or API ERROR without one', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValueOnce(json({ code: 4263, msg: 'KTP taken', data: null }, 409)),
    );
    await expect(getCaptcha()).rejects.toMatchObject({ kind: 'server', code: 4263 });
    expect(effects.error).toHaveBeenLastCalledWith('KTP taken');
    vi.stubGlobal('fetch', vi.fn().mockResolvedValueOnce(json({ code: 5000, msg: '', data: null }, 500)));
    await expect(getCaptcha()).rejects.toMatchObject({ code: 5000 });
    expect(effects.error).toHaveBeenLastCalledWith('API ERROR');
  });

  it('network failure: API ERROR toast', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(getCaptcha()).rejects.toMatchObject({ kind: 'network' });
    expect(effects.error).toHaveBeenCalledWith('API ERROR');
  });

  describe("a GET started early (a route's data, before its page has loaded)", () => {
    it('is adopted by the same call: one request, its answer', async () => {
      const fetch = vi.fn().mockResolvedValue(ok(captcha));
      vi.stubGlobal('fetch', fetch);
      startEarly(ENDPOINT.getCaptcha);
      expect(fetch).toHaveBeenCalledTimes(1);
      await expect(getCaptcha()).resolves.toEqual(captcha);
      expect(fetch).toHaveBeenCalledTimes(1);
    });

    it('is not adopted twice, with other headers, or after 10 s: the call asks for itself', async () => {
      const fetch = vi.fn().mockImplementation(() => Promise.resolve(ok(captcha)));
      vi.stubGlobal('fetch', fetch);
      startEarly(ENDPOINT.getCaptcha);
      await getCaptcha();
      await getCaptcha();
      expect(fetch).toHaveBeenCalledTimes(2);
      startEarly(ENDPOINT.getCaptcha);
      configureApi({ ...effects, locale: () => 'en-US' });
      await getCaptcha();
      const languages = fetch.mock.calls.slice(2).map(([, init]) => (init as RequestInit).headers);
      expect(languages).toMatchObject([{ lan: 'id-ID' }, { lan: 'en-US' }]);
      configureApi(effects);
      vi.useFakeTimers({ toFake: ['Date'] });
      startEarly(ENDPOINT.getCaptcha);
      vi.setSystemTime(Date.now() + 10_001);
      await getCaptcha();
      expect(fetch).toHaveBeenCalledTimes(6);
    });

    it('lost in transit, is asked again by its caller, with no toast when that answer comes', async () => {
      const fetch = vi
        .fn()
        .mockRejectedValueOnce(new TypeError('Failed to fetch'))
        .mockResolvedValueOnce(ok(captcha));
      vi.stubGlobal('fetch', fetch);
      startEarly(ENDPOINT.getCaptcha);
      await expect(getCaptcha()).resolves.toEqual(captcha);
      expect(fetch).toHaveBeenCalledTimes(2);
      expect(effects.error).not.toHaveBeenCalled();
    });

    it('starts nothing that needs a session without one, nor a GET that changes state', () => {
      const fetch = vi.fn().mockResolvedValue(ok(null));
      vi.stubGlobal('fetch', fetch);
      startEarly(ENDPOINT.getBills, { type: '1' });
      startEarly(ENDPOINT.sendLoginCode, { phone: '081234567890' });
      expect(fetch).not.toHaveBeenCalled();
    });
  });

  it('silent calls toast nothing, even API ERROR / API TIMEOUT, and still reject', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValueOnce(json({ code: 4040, msg: 'none', data: null }, 404)));
    await expect(getCaptcha({ silent: true })).rejects.toMatchObject({
      kind: 'server',
      code: 4040,
    });
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(getCaptcha({ silent: true })).rejects.toMatchObject({ kind: 'network' });
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('<html>', { status: 200 })));
    await expect(getCaptcha({ silent: true })).rejects.toMatchObject({ kind: 'network' });
    expect(effects.error).not.toHaveBeenCalled();
    expect(effects.warning).not.toHaveBeenCalled();
  });

  it('a status outside 200-509 is a network-level error', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('bad gateway', { status: 520 })));
    await expect(getCaptcha()).rejects.toMatchObject({ kind: 'network' });
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
    const p = getCaptcha();
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
  it('an answer whose data the schema refuses is an invalid ApiError with API ERROR, never the raw data', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(ok({ id: 7 })));
    const error: unknown = await getCaptcha().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'invalid', code: 0, data: { id: 7 } });
    expect(effects.error).toHaveBeenCalledWith('API ERROR');
  });

  it('a silent call refused by its schema rejects without a toast', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(ok(null)));
    await expect(getCaptcha({ silent: true })).rejects.toMatchObject({ kind: 'invalid' });
    expect(effects.error).not.toHaveBeenCalled();
  });

  describe('a lazily-parsed call', () => {
    /** getCaptcha as first-paint code declares a call: its schema comes from a loader. */
    const lazyCaptcha = (load: () => Promise<typeof authCalls.getCaptcha.response>) =>
      ({ ...ENDPOINT.getCaptcha, response: load }) satisfies ApiCall;

    it('starts loading its schema before the request is answered, and parses with it', async () => {
      const order: string[] = [];
      const load = vi.fn(() => {
        order.push('schema requested');
        return Promise.resolve(authCalls.getCaptcha.response);
      });
      vi.stubGlobal(
        'fetch',
        vi.fn(() => {
          order.push('request sent');
          return Promise.resolve(ok({ ...captcha, extra: 'not in the contract' }));
        }),
      );
      // The schema's output, not the raw data: a field the contract does not name is dropped.
      await expect(callApi(lazyCaptcha(load), undefined)).resolves.toEqual(captcha);
      expect(order).toEqual(['schema requested', 'request sent']);
      expect(load).toHaveBeenCalledTimes(1);
    });

    it('data its schema refuses is an invalid ApiError', async () => {
      vi.stubGlobal('fetch', vi.fn().mockResolvedValue(ok({ png: 'x' })));
      const call = lazyCaptcha(() => Promise.resolve(authCalls.getCaptcha.response));
      await expect(callApi(call, undefined)).rejects.toMatchObject({ kind: 'invalid' });
      expect(effects.error).toHaveBeenCalledWith('API ERROR');
    });

    it('a schema that cannot be loaded (offline chunk) is a network error, never unhandled', async () => {
      vi.stubGlobal('fetch', vi.fn().mockResolvedValue(ok(captcha)));
      const call = lazyCaptcha(() =>
        Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      );
      await expect(callApi(call, undefined)).rejects.toMatchObject({ kind: 'network' });
      expect(effects.error).toHaveBeenCalledWith('API ERROR');
    });

    it('a failed request with a failed schema load reports the request', async () => {
      vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json({ code: 4040, msg: 'none', data: null }, 404)));
      const call = lazyCaptcha(() => Promise.reject(new TypeError('offline')));
      await expect(callApi(call, undefined)).rejects.toMatchObject({ kind: 'server', code: 4040 });
    });
  });

  it('a refresh answer without a token is a failed refresh: no broken session is stored', async () => {
    localStorage.setItem(LOCAL_KEYS.token, 'old');
    localStorage.setItem(LOCAL_KEYS.refreshToken, 'r1');
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(json({ code: 4047, msg: 'lost', data: null }))
      .mockResolvedValueOnce(ok({ refresh_token: 'r2', expires_in: 900 }))
      .mockResolvedValue(ok(captcha));
    vi.stubGlobal('fetch', fetch);
    await expect(getCaptcha()).rejects.toMatchObject({ code: 4047 });
    expect((fetch.mock.calls[1] as [string])[0]).toBe(refreshUrl);
    // Not repeated with a broken token: the session is lost and the borrower signs in again.
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(localStorage.getItem(LOCAL_KEYS.token)).toBeNull();
    expect(localStorage.getItem(LOCAL_KEYS.refreshToken)).toBeNull();
    expect(effects.navigate).toHaveBeenCalledWith(LOGIN_BACK_HERE);
  });
});

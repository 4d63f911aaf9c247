import { HEADER, OS_H5 } from '@kaskita/domain/contract/header-names';
import type { TokenPair } from '@kaskita/domain/contract/auth';
import type { CODE as CONTRACT_CODE } from '@kaskita/domain/i18n/error-codes';
import { env } from '../config/env.ts';
import { loginHref, paths } from '../config/paths.ts';
import {
  clearSession,
  getChannel,
  getRefreshToken,
  getToken,
  renewTokens,
  tokenExpired,
} from './auth-session.ts';
import { LOCAL_KEYS } from './storage-keys.ts';
import { apiEffects as effects } from './api-effects.ts';
import { local } from './storage.ts';

/**
 * The one way the web app talks to the API (spec sections 7 and 8): envelope {code,msg,data}, code 200 is success,
 * any HTTP status 200-509 carries an envelope, 120 s time-out, common headers, token refresh and session loss.
 * UI effects (toasts, navigation) are injected by the app (api-effects.ts) so this file stays free of React and antd-mobile.
 */

/**
 * The two envelope codes the client itself reacts to. Typed against i18n/error-codes.ts but not imported at
 * run time: that module carries every bilingual error message (~1.2 kB gzip) into the landing page's first paint.
 */
const CODE = { OK: 200, SESSION_LOST: 4047 } as const satisfies Pick<
  typeof CONTRACT_CODE,
  'OK' | 'SESSION_LOST'
>;

/** `cancelled`: the caller aborted (a query nobody needs any more); never toasted, never retried. */
export type ApiErrorKind = 'server' | 'network' | 'timeout' | 'cancelled';

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    /** The envelope code for 'server' errors; 0 otherwise. */
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

// Spec section 8 says "API ERROR" / "API TIMEOUT" literally in both languages.
const API_ERROR = 'API ERROR';
const API_TIMEOUT = 'API TIMEOUT';

/** Commerce headers (commerce_app_id, ...) once a pay-later flow knows them. */
type CommerceHeader = (typeof HEADER)['commerceAppId' | 'commerceSignKey' | 'commerceAppUid'];
const commerce: Partial<Record<CommerceHeader, string>> = {};
export function setCommerceHeaders(values: typeof commerce): void {
  Object.assign(commerce, values);
}

export function requestHeaders(): Record<string, string> {
  const h: Record<string, string> = {
    [HEADER.os]: OS_H5,
    [HEADER.lan]: effects.locale(),
    [HEADER.appVersion]: env.appVersion,
  };
  try {
    h[HEADER.tz] = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    // an old WebView without Intl time zones: the server assumes Asia/Jakarta
  }
  const loc = readLocation();
  if (loc) {
    h[HEADER.lat] = String(loc.lat);
    h[HEADER.lon] = String(loc.lon);
  }
  const cl = getChannel();
  if (cl) h[HEADER.channel] = cl;
  for (const [k, v] of Object.entries(commerce)) if (v) h[k] = v;
  const token = getToken();
  if (token) h[HEADER.authorization] = `Bearer ${token}`;
  return h;
}

function readLocation(): { lat: number; lon: number } | null {
  try {
    const v = JSON.parse(local.get(LOCAL_KEYS.location) ?? 'null') as { lat?: unknown; lon?: unknown } | null;
    return v && typeof v.lat === 'number' && typeof v.lon === 'number' ? { lat: v.lat, lon: v.lon } : null;
  } catch {
    return null;
  }
}

export type Params = Record<string, string | number | boolean | undefined | null>;

export type RequestOptions<T> = {
  method?: 'GET' | 'POST';
  /** Query string for GET. */
  params?: Params;
  /** Sent as application/x-www-form-urlencoded (the API's form POSTs). */
  form?: Params;
  /** Parses `data` (a zod schema fits); without it `data` is trusted as T. */
  schema?: { parse: (value: unknown) => T };
  /** Show the error toast for non-200 codes (default true); network and time-out toasts still show. */
  toast?: boolean;
  /**
   * No toast at all, not even API ERROR / API TIMEOUT: for optional content whose caller shows its own
   * fallback (the landing page's loan example). The ApiError is still thrown.
   */
  silent?: boolean;
  /** Commerce calls lose their session to /third/pay/sign-in instead of the login page. */
  commerce?: boolean;
  /** Aborts the request when the caller no longer needs it (TanStack Query passes one to each queryFn). */
  signal?: AbortSignal;
  /** Internal: the request is a retry after a token refresh. */
  retried?: boolean;
};

type Envelope = { code: number; msg: string; data: unknown };

function toSearch(params: Params | undefined): URLSearchParams {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(params ?? {}))
    if (v !== undefined && v !== null && v !== '') s.set(k, String(v));
  return s;
}

/** A failed exchange as an ApiError, toasted (API TIMEOUT when our timer aborted it, else API ERROR) unless silent. */
function transportError(e: unknown, aborted: boolean, opts: RequestOptions<unknown>): ApiError {
  if (opts.signal?.aborted) return new ApiError('cancelled', 0, 'cancelled');
  if (aborted) {
    if (!opts.silent) effects.warning(API_TIMEOUT);
    return new ApiError('timeout', 0, API_TIMEOUT);
  }
  if (!opts.silent) effects.error(API_ERROR);
  return new ApiError('network', 0, e instanceof Error ? e.message : API_ERROR);
}

/** One HTTP exchange returning the envelope; network failure and time-out become ApiErrors (with their toasts). */
async function exchange(path: string, opts: RequestOptions<unknown>): Promise<Envelope> {
  const method = opts.method ?? (opts.form ? 'POST' : 'GET');
  const query = method === 'GET' ? toSearch(opts.params).toString() : '';
  const url = `${env.apiBase}${path.startsWith('/') ? path : `/${path}`}${query ? `?${query}` : ''}`;
  const headers = requestHeaders();
  let body: string | undefined;
  if (method === 'POST') {
    headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
    body = toSearch(opts.form).toString();
  }
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), env.requestTimeoutMs);
  // The caller's cancellation stops the transfer too, not only the wait (slow mobile data is paid by the byte).
  const cancel = () => ctrl.abort();
  opts.signal?.addEventListener('abort', cancel, { once: true });
  if (opts.signal?.aborted) cancel();
  let res: Response;
  try {
    res = await fetch(url, { method, headers, body, signal: ctrl.signal, credentials: 'same-origin' });
  } catch (e) {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', cancel);
    throw transportError(e, ctrl.signal.aborted, opts);
  }
  try {
    // Statuses 200-509 all carry an envelope (spec section 7); anything else is a broken proxy or gateway.
    if (res.status < 200 || res.status > 509) throw new Error(`HTTP ${res.status}`);
    const json = (await res.json()) as Partial<Envelope> | null;
    if (!json || typeof json.code !== 'number') throw new Error('not an envelope');
    return { code: json.code, msg: typeof json.msg === 'string' ? json.msg : '', data: json.data ?? null };
  } catch (e) {
    throw transportError(e, ctrl.signal.aborted, opts);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', cancel);
  }
}

let refreshing: Promise<boolean> | null = null;

/**
 * Exchanges the refresh token for a new pair. Concurrent callers share one refresh, because the server
 * rotates refresh tokens and a second use of the old one would fail.
 */
export function refreshSession(): Promise<boolean> {
  const refreshToken = getRefreshToken();
  if (!refreshToken) return Promise.resolve(false);
  refreshing ??= exchange('/v1/user/refresh', { method: 'POST', form: { refresh_token: refreshToken } })
    .then((env) => {
      if (env.code !== CODE.OK) return false;
      renewTokens(env.data as TokenPair);
      return true;
    })
    .catch(() => false)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** Where a lost session goes (spec section 4): commerce sign-in, or the login page for the channel; query kept. */
function loseSession(opts: RequestOptions<unknown>): void {
  const { search } = window.location;
  clearSession();
  effects.navigate(opts.commerce ? paths.thirdPaySignIn.href(search) : loginHref(getChannel(), search));
}

/** Calls the API and resolves with `data` when code is 200; rejects with an ApiError otherwise. */
export async function apiRequest<T>(path: string, opts: RequestOptions<T> = {}): Promise<T> {
  if (getToken() && tokenExpired()) await refreshSession();
  const res = await exchange(path, opts as RequestOptions<unknown>);
  if (res.code === CODE.OK) return opts.schema ? opts.schema.parse(res.data) : (res.data as T);
  if (res.code === CODE.SESSION_LOST) {
    // One refresh, one retry, then give up: a second 4047 means the session really is gone.
    if (!opts.retried && (await refreshSession())) return apiRequest(path, { ...opts, retried: true });
    loseSession(opts as RequestOptions<unknown>);
    throw new ApiError('server', res.code, res.msg || API_ERROR, res.data);
  }
  if (opts.toast !== false && !opts.silent) effects.error(res.msg || API_ERROR);
  throw new ApiError('server', res.code, res.msg || API_ERROR, res.data);
}

export const apiGet = <T>(
  path: string,
  params?: Params,
  opts: Omit<RequestOptions<T>, 'params' | 'method'> = {},
) => apiRequest<T>(path, { ...opts, method: 'GET', params });

export const apiPostForm = <T>(
  path: string,
  form?: Params,
  opts: Omit<RequestOptions<T>, 'form' | 'method'> = {},
) => apiRequest<T>(path, { ...opts, method: 'POST', form: form ?? {} });

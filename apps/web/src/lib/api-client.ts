import type { CallInput } from '@kaskita/domain/contract/define-call';
import { fillPath, type Endpoint } from '@kaskita/domain/contract/endpoint-shape';
import { HEADER, OS_H5 } from '@kaskita/domain/contract/header-names';
import type { CODE as CONTRACT_CODE } from '@kaskita/domain/i18n/error-codes';
import { env } from '../config/env.ts';
import { loginHref, paths, queryReturningTo } from '../config/paths.ts';
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
import { lazyCall, startParser, type ApiAnswer, type ApiCall, type ResponseParser } from './api-call.ts';
import { local } from './storage.ts';
import { browserTimeZone } from './time-zone.ts';

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

/**
 * `cancelled`: the caller aborted (a query nobody needs any more); never toasted, never retried.
 * `invalid`: a code-200 answer whose data the call's schema refuses.
 */
export type ApiErrorKind = 'server' | 'network' | 'timeout' | 'cancelled' | 'invalid';

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    /** The envelope code for 'server' errors; 0 otherwise. */
    readonly code: number,
    message: string,
    /** The envelope's data: a 'server' error's details, or the data an 'invalid' answer carried. */
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

// Spec section 8 says "API ERROR" / "API TIMEOUT" literally in both languages.
const API_ERROR = 'API ERROR';
const API_TIMEOUT = 'API TIMEOUT';

export function requestHeaders(): Record<string, string> {
  const h: Record<string, string> = {
    [HEADER.os]: OS_H5,
    [HEADER.lan]: effects.locale(),
    [HEADER.appVersion]: env.appVersion,
  };
  const tz = browserTimeZone();
  if (tz) h[HEADER.tz] = tz;
  const loc = readLocation();
  if (loc) {
    h[HEADER.lat] = String(loc.lat);
    h[HEADER.lon] = String(loc.lon);
  }
  const cl = getChannel();
  if (cl) h[HEADER.channel] = cl;
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

/** How a call reports its failures and whom it serves; what it sends is its input. */
export type CallOptions = {
  /** Values of the call's `:name` path parameters. */
  params?: Readonly<Record<string, string>>;
  /** Show the error toast for non-200 codes (default true); network, time-out and broken-answer toasts still show. */
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
  /**
   * A multipart body (a file upload such as the KTP photo), the input's fields added to it. The browser writes its
   * Content-Type with the boundary, so none is set here.
   */
  formData?: FormData;
};

type Envelope = { code: number; msg: string; data: unknown };

/** The query or form fields of a call's input; blanks are dropped (an empty input means absent). */
function toSearch(input: unknown): URLSearchParams {
  const s = new URLSearchParams();
  if (typeof input !== 'object' || input === null) return s;
  for (const [k, v] of Object.entries(input))
    if (v !== undefined && v !== null && v !== '') s.set(k, String(v));
  return s;
}

/** Where a call is sent: its path with its parameters, and a GET's input as the query string. */
function urlOf(call: Endpoint, input: unknown, opts: CallOptions): string {
  const query = call.method === 'GET' ? toSearch(input).toString() : '';
  return `${env.apiBase}${fillPath(call.path, opts.params)}${query ? `?${query}` : ''}`;
}

/**
 * GETs started before their caller's code has arrived (a route's first data, app/route-data.ts), by URL: the call the
 * page then makes adopts the answer instead of asking again, so the request need not wait for the page's query module
 * (issue 23). Only the same URL with the same headers (token, language, location) is adopted, once, within
 * EARLY_ANSWER_MS; an early request that failed in transit is asked again by its caller, with its caller's toasts.
 */
const early = new Map<string, { headers: string; envelope: Promise<Envelope>; at: number }>();
const EARLY_ANSWER_MS = 10_000;

function takeEarly(url: string, headers: Record<string, string>): Promise<Envelope> | null {
  const found = early.get(url);
  if (!found) return null;
  early.delete(url);
  const fresh = Date.now() - found.at <= EARLY_ANSWER_MS;
  return fresh && found.headers === JSON.stringify(headers) ? found.envelope : null;
}

/**
 * Starts the GET `call` now for a caller whose code is still on its way (see `early`). Only a GET that only reads, and
 * nothing without a valid session for a call that needs one: an expired token is refreshed by the caller's own call.
 */
export function startEarly(call: Endpoint, input?: unknown, opts: CallOptions = {}): void {
  const reads = call.method === 'GET' && !call.changesState;
  if (!reads || (call.auth && (!getToken() || tokenExpired()))) return;
  const url = urlOf(call, input, opts);
  const headers = requestHeaders();
  const envelope = transfer(url, { method: 'GET', headers }, { ...opts, silent: true });
  envelope.catch(() => undefined);
  early.set(url, { headers: JSON.stringify(headers), envelope, at: Date.now() });
}

/** A failed exchange as an ApiError, toasted (API TIMEOUT when our timer aborted it, else API ERROR) unless silent. */
function transportError(e: unknown, aborted: boolean, opts: CallOptions): ApiError {
  if (opts.signal?.aborted) return new ApiError('cancelled', 0, 'cancelled');
  if (aborted) {
    if (!opts.silent) effects.warning(API_TIMEOUT);
    return new ApiError('timeout', 0, API_TIMEOUT);
  }
  if (!opts.silent) effects.error(API_ERROR);
  return new ApiError('network', 0, e instanceof Error ? e.message : API_ERROR);
}

/**
 * One HTTP exchange returning the envelope: GET sends the input as the query string (or adopts the same GET started
 * early), POST as a form body (or the multipart `formData` of an upload).
 */
async function exchange(call: Endpoint, input: unknown, opts: CallOptions): Promise<Envelope> {
  const { method } = call;
  const url = urlOf(call, input, opts);
  const headers = requestHeaders();
  if (method === 'GET') {
    const adopted = takeEarly(url, headers);
    if (adopted) return adopted.catch(() => exchange(call, input, opts));
  }
  let body: string | FormData | undefined;
  const form = opts.formData;
  if (method === 'POST' && form) {
    // A multipart call's fields are its input, sent beside the file the caller put in the form data.
    toSearch(input).forEach((v, k) => form.set(k, v));
    body = form;
  } else if (method === 'POST') {
    headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
    body = toSearch(input).toString();
  }
  return transfer(url, { method, headers, body }, opts);
}

/** Sends one request and reads its envelope; network failure and time-out become ApiErrors (with their toasts). */
async function transfer(
  url: string,
  {
    method,
    headers,
    body,
  }: { method: Endpoint['method']; headers: Record<string, string>; body?: string | FormData },
  opts: CallOptions,
): Promise<Envelope> {
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

/**
 * The `data` of a successful answer, read with the call's schema. A schema that could not be loaded is a dropped
 * connection ('network', worth another try); data the schema refuses is 'invalid' (the server and this app
 * disagree on the contract, which another try will not cure). Both toast API ERROR unless silent.
 */
async function readData<T>(parser: Promise<ResponseParser<T>>, data: unknown, opts: CallOptions): Promise<T> {
  let schema: ResponseParser<T>;
  try {
    schema = await parser;
  } catch (e) {
    throw transportError(e, false, opts);
  }
  try {
    return schema.parse(data);
  } catch {
    if (!opts.silent) effects.error(API_ERROR);
    throw new ApiError('invalid', 0, API_ERROR, data);
  }
}

/** The refresh answer is read with the contract's schema, loaded only when a session needs refreshing. */
const refreshCall = lazyCall('refreshSession', () =>
  import('@kaskita/domain/contract/auth').then((m) => m.authCalls),
);

let refreshing: Promise<boolean> | null = null;

/**
 * Exchanges the refresh token for a new pair. Concurrent callers share one refresh, because the server
 * rotates refresh tokens and a second use of the old one would fail. An answer that is not a token pair counts as
 * a failed refresh: storing it would leave a session without a token.
 */
export function refreshSession(): Promise<boolean> {
  const refreshToken = getRefreshToken();
  if (!refreshToken) return Promise.resolve(false);
  refreshing ??= (async () => {
    const parser = startParser(refreshCall.response);
    const res = await exchange(refreshCall, { refresh_token: refreshToken }, {});
    if (res.code !== CODE.OK) return false;
    renewTokens(await readData(parser, res.data, {}));
    return true;
  })()
    .catch(() => false)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/**
 * Where a lost session goes (spec section 4): commerce sign-in, or the login page for the channel, with the query
 * kept and `redirect` back to this page, where the sign-in continues.
 */
function loseSession(opts: CallOptions): void {
  const { pathname, search } = window.location;
  clearSession();
  effects.navigate(
    opts.commerce
      ? paths.thirdPaySignIn.href(search)
      : loginHref(getChannel(), queryReturningTo(pathname, search)),
  );
}

/** The envelope of a call answered with code 200, after one refresh and retry if the session had expired. */
async function send(call: Endpoint, input: unknown, opts: CallOptions, retried = false): Promise<Envelope> {
  const res = await exchange(call, input, opts);
  if (res.code === CODE.OK) return res;
  if (res.code === CODE.SESSION_LOST) {
    // One refresh, one retry, then give up: a second 4047 means the session really is gone.
    if (!retried && (await refreshSession())) return send(call, input, opts, true);
    loseSession(opts);
    throw new ApiError('server', res.code, res.msg || API_ERROR, res.data);
  }
  if (opts.toast !== false && !opts.silent) effects.error(res.msg || API_ERROR);
  throw new ApiError('server', res.code, res.msg || API_ERROR, res.data);
}

/**
 * Makes a call of the contract and resolves with its `data`, parsed by the call's schema, when the code is 200;
 * rejects with an ApiError otherwise.
 */
export async function callApi<C extends ApiCall>(
  call: C,
  input: CallInput<C>,
  opts: CallOptions = {},
): Promise<ApiAnswer<C>> {
  // What C's parser reads is ApiAnswer<C>; TypeScript cannot follow that through a generic C.
  const parser = startParser(call.response) as Promise<ResponseParser<ApiAnswer<C>>>;
  if (getToken() && tokenExpired()) await refreshSession();
  const res = await send(call, input, opts);
  return readData(parser, res.data, opts);
}

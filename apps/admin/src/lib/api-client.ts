import type { z } from 'zod';
import type { CallDefinition, CallInput } from '@kaskita/domain/contract/define-call';
import { API_PREFIX, fillPath } from '@kaskita/domain/contract/endpoints';
import { HEADER } from '@kaskita/domain/contract/header-names';
import { ERRORS, type ErrorKey } from '@kaskita/domain/i18n/error-codes';
import type { Bilingual } from '@kaskita/domain/i18n/locale';
import { currentLocale } from './i18n.tsx';
import { getSession, setSession } from './session.ts';

/** A call's failure: the envelope's code (0 when the server was not reached) and a message in the UI's language. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    /** The envelope's data: `fields` names the inputs the server refused, with a message key each. */
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const BY_CODE = new Map<number, ErrorKey>(
  (Object.keys(ERRORS) as ErrorKey[]).map((key) => [ERRORS[key].code, key]),
);

const NETWORK: Bilingual = {
  'en-US': 'The server could not be reached. Check the connection and try again',
  'id-ID': 'Server tidak dapat dihubungi. Periksa koneksi lalu coba lagi',
};
const INVALID_ANSWER: Bilingual = {
  'en-US': 'The server answered something this page does not understand. Reload the page',
  'id-ID': 'Jawaban server tidak dapat dibaca halaman ini. Muat ulang halaman',
};

/** The catalogue's message for a code, in the UI's language (the server's own `msg` when the code is not ours). */
export function errorText(code: number, fallback: string): string {
  const key = BY_CODE.get(code);
  return key ? ERRORS[key].msg[currentLocale()] : fallback;
}

/** Codes that mean the session can no longer be used: back to sign-in with the reason. */
const SESSION_ENDED = new Set<number>([ERRORS.SESSION_LOST.code, ERRORS.STAFF_SECOND_FACTOR_REQUIRED.code]);

type SessionEndListener = (message: string) => void;
let onSessionEnd: SessionEndListener = () => {};
/** The app decides where a lost session goes (app/router.tsx): the sign-in page, with the message. */
export function handleSessionEnd(listener: SessionEndListener): void {
  onSessionEnd = listener;
}

export interface CallOptions {
  /** The call's `:name` path parameters. */
  params?: Readonly<Record<string, string>>;
  signal?: AbortSignal;
}

function queryString(input: unknown): string {
  const search = new URLSearchParams();
  if (input && typeof input === 'object')
    for (const [k, v] of Object.entries(input))
      if (v !== undefined && v !== null && v !== '') search.set(k, String(v));
  const s = search.toString();
  return s ? `?${s}` : '';
}

/**
 * Calls the API through a contract call (packages/domain/src/contract): GET sends its input as the query string,
 * POST as JSON; the staff token and the `lan` header go with every call; the answer's `data` is parsed with the
 * call's response schema, so a page gets exactly the contract's types. A non-200 code throws an ApiError with the
 * catalogue's message; a lost or unverified session also ends the session here and returns to sign-in.
 */
export async function callApi<C extends CallDefinition>(
  call: C,
  input: CallInput<C> = undefined as CallInput<C>,
  options: CallOptions = {},
): Promise<z.output<C['response']>> {
  const session = getSession();
  const headers: Record<string, string> = { [HEADER.lan]: currentLocale(), accept: 'application/json' };
  if (session) headers[HEADER.authorization] = `Bearer ${session.token}`;
  const path = `${API_PREFIX}${fillPath(call.path, options.params)}`;
  let response: Response;
  try {
    response = await fetch(call.method === 'GET' ? path + queryString(input) : path, {
      method: call.method,
      headers: call.method === 'POST' ? { ...headers, 'content-type': 'application/json' } : headers,
      body: call.method === 'POST' ? JSON.stringify(input ?? {}) : undefined,
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, NETWORK[currentLocale()]);
  }
  let envelope: { code?: unknown; msg?: unknown; data?: unknown };
  try {
    envelope = (await response.json()) as typeof envelope;
  } catch {
    throw new ApiError(0, INVALID_ANSWER[currentLocale()]);
  }
  const code = typeof envelope.code === 'number' ? envelope.code : 0;
  if (code !== ERRORS.OK.code) {
    const message = errorText(code, typeof envelope.msg === 'string' ? envelope.msg : '');
    if (SESSION_ENDED.has(code) && session && call.id !== 'adminSignIn') {
      setSession(null);
      onSessionEnd(message);
    }
    throw new ApiError(code, message, envelope.data ?? null);
  }
  const parsed = call.response.safeParse(envelope.data);
  if (!parsed.success) throw new ApiError(0, INVALID_ANSWER[currentLocale()], envelope.data);
  return parsed.data as z.output<C['response']>;
}

import { API_PREFIX, ENDPOINT, type CallId } from '@kaskita/domain/contract/endpoints';
import type { Rupiah } from '@kaskita/domain/money/rupiah';

/**
 * An answer as its JSON carries it, to type the fixtures a stubbed fetch answers with: amounts are plain numbers on the
 * wire and become Rupiah only when the call's schema reads them (the api client parses every answer).
 */
export type Wire<T> = T extends Rupiah
  ? number
  : T extends readonly (infer U)[]
    ? Wire<U>[]
    : T extends object
      ? { [K in keyof T]: Wire<T[K]> }
      : T;

/** A JSON response as the API sends it. */
export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** An envelope answer (spec section 7): code 200 with data, or an error code with its message and data. */
export const answer = (code: number, data: unknown = null, msg = code === 200 ? 'OK' : 'refused') =>
  json({ code, msg, data }, code === 200 ? 200 : code >= 5000 ? 500 : 400);

/** fetch failing the way a phone without connection does. */
export const offline = () => Promise.reject(new TypeError('Failed to fetch'));

/** Which call of the contract a stubbed fetch made ('login' for a POST to its path), by its method and path (parameters filled in). */
export function callOf(call: unknown[]): CallId {
  const path = new URL(String(call[0]), 'http://x').pathname;
  const method = (call[1] as RequestInit | undefined)?.method ?? 'GET';
  const ids = Object.keys(ENDPOINT) as CallId[];
  // A `:name` segment of the contract's path matches any one segment (GET /v1/order/repay/:id).
  const matches = (pattern: string) =>
    new RegExp(`^${(API_PREFIX + pattern).replace(/:[A-Za-z_]\w*/g, '[^/]+')}$`).test(path);
  const id = ids.find((i) => ENDPOINT[i].method === method && matches(ENDPOINT[i].path));
  if (!id) throw new Error(`not a call of the contract: ${method} ${path}`);
  return id;
}

/** A stubbed fetch answering each contract call it is given (data, or a function of the request); any other throws. */
export function contractServer(
  answers: Partial<Record<CallId, unknown | ((init: RequestInit) => Response)>>,
) {
  return (...call: unknown[]) => {
    const id = callOf(call);
    if (!(id in answers)) throw new Error(`unexpected call ${id}`);
    const a = answers[id];
    return Promise.resolve(
      typeof a === 'function'
        ? (a as (init: RequestInit) => Response)(call[1] as RequestInit)
        : answer(200, a),
    );
  };
}

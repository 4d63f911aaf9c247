import { BORROWER_ENDPOINT, type BorrowerCallId } from '@kaskita/domain/contract/borrower-endpoints';
import type { Endpoint } from '@kaskita/domain/contract/endpoint-shape';

/** Reads a successful answer's `data` (a zod schema is one); throws when it is not what the contract says. */
export interface ResponseParser<T> {
  parse(data: unknown): T;
}

/** A parser whose module is fetched on demand, so first-paint code can name a call without loading zod. */
export type LazyParser<T> = () => Promise<ResponseParser<T>>;

/**
 * What the api client needs of a call: where it lives and how its answer is read. A contract definition
 * (`authCalls.login`) is one; first-paint code builds one with `lazyCall`.
 */
export interface ApiCall<T = unknown> extends Endpoint {
  readonly response: ResponseParser<T> | LazyParser<T>;
}

/** What a parser, or a lazy one, reads `data` as. */
type ParsedBy<R> =
  R extends ResponseParser<infer T> ? T : R extends () => Promise<ResponseParser<infer T>> ? T : never;

/** The value a call resolves with: its parsed `data`. */
export type ApiAnswer<C extends ApiCall> = ParsedBy<C['response']>;

/**
 * The type of what a call sends (its query, body or form schema), so `callApi` checks a lazy call's input as it does a
 * contract definition's. Types only: the schema itself stays in the contract module until the call is made.
 */
type InputShape<D> = D extends { query: infer Q }
  ? { readonly query: Q }
  : D extends { body: infer B }
    ? { readonly body: B }
    : D extends { form: infer F }
      ? { readonly form: F }
      : unknown;

/**
 * A call whose page should not carry zod in its chunks (the first pages, and the signed-in pages' data calls: their
 * contract modules build every schema of their calls when evaluated, issue 23): method and path from the zod-free
 * ENDPOINT, the schema from its contract module, which `load` imports only when the call is made. Taking the id once
 * keeps the two halves the same call.
 */
export function lazyCall<
  I extends BorrowerCallId,
  M extends Record<I, { response: ResponseParser<unknown> }>,
>(
  id: I,
  load: () => Promise<M>,
): Endpoint & { readonly response: () => Promise<M[I]['response']> } & InputShape<M[I]> {
  // The borrower's table only: the back office's paths never ride in the first paint.
  const call = { ...BORROWER_ENDPOINT[id], response: () => load().then((calls) => calls[id].response) };
  // The input's type is claimed, not carried (see InputShape): the api client reads only method, path and response.
  return call as typeof call & InputShape<M[I]>;
}

/**
 * Starts reading the call's parser: a lazy one's import begins now, alongside the request, so parsing the answer
 * costs no round trip of its own. A failed import surfaces when the answer is read, never as an unhandled rejection.
 */
export function startParser<T>(response: ResponseParser<T> | LazyParser<T>): Promise<ResponseParser<T>> {
  const parser = typeof response === 'function' ? response() : Promise.resolve(response);
  parser.catch(() => undefined);
  return parser;
}

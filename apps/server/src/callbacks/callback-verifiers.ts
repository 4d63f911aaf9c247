import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** What a verifier may look at: the headers, the body exactly as received, and the injected clock's time. */
export interface CallbackRequest {
  headers: IncomingHttpHeaders;
  rawBody: Buffer;
  now: Date;
}

/**
 * Why a callback was refused. `malformed` means the signature could not even be located in the body (a body-field
 * signature such as Midtrans'), which answers 400 like any unreadable body; every other reason answers 401.
 */
export type VerifyFailure = 'missing' | 'mismatch' | 'stale' | 'malformed';
export type VerifyResult = { ok: true } | { ok: false; reason: VerifyFailure };

/** Decides whether a callback really comes from the provider. Pure: no I/O, time comes in the request. */
export type CallbackVerifier = (request: CallbackRequest) => VerifyResult;

export type HmacAlgorithm = 'sha256' | 'sha512';
export type SignatureEncoding = 'hex' | 'base64';

const OK: VerifyResult = { ok: true };
const fail = (reason: VerifyFailure): VerifyResult => ({ ok: false, reason });

/**
 * Compares two secrets in time independent of where they differ and of their lengths: both sides are hashed to
 * 32-byte digests first, because `timingSafeEqual` needs equal lengths and returning early on a length difference
 * would tell an attacker the expected length.
 */
export function constantTimeEqual(a: string | Buffer, b: string | Buffer): boolean {
  const da = createHash('sha256').update(a).digest();
  const db = createHash('sha256').update(b).digest();
  return timingSafeEqual(da, db);
}

/** A header's single value; a repeated header (an array) is treated as absent, never as "any of them". */
export function singleHeader(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

export function hmac(
  algorithm: HmacAlgorithm,
  secret: string,
  data: string | Buffer,
  encoding: SignatureEncoding,
): string {
  return createHmac(algorithm, secret).update(data).digest(encoding);
}

/** Hex is case-insensitive on the wire; base64 is compared exactly. */
function sameSignature(presented: string, expected: string, encoding: SignatureEncoding): boolean {
  const normalised = encoding === 'hex' ? presented.trim().toLowerCase() : presented.trim();
  return constantTimeEqual(normalised, expected);
}

/** Xendit style: a fixed token the provider sends in a header (`X-CALLBACK-TOKEN`). */
export function tokenVerifier(options: { header: string; token: string }): CallbackVerifier {
  return ({ headers }) => {
    const presented = singleHeader(headers, options.header);
    if (presented === undefined) return fail('missing');
    return constantTimeEqual(presented, options.token) ? OK : fail('mismatch');
  };
}

/**
 * Flip style: a fixed token sent as a field of the form-encoded body (`data=...&token=...`). A repeated field is
 * treated as absent, like a repeated header.
 */
export function formTokenVerifier(options: { field: string; token: string }): CallbackVerifier {
  return ({ rawBody }) => {
    const presented = new URLSearchParams(rawBody.toString('utf8')).getAll(options.field);
    if (presented.length !== 1 || presented[0] === '') return fail('missing');
    return constantTimeEqual(presented[0]!, options.token) ? OK : fail('mismatch');
  };
}

/** An HMAC of the raw body in a header, optionally after a prefix such as `sha256=`. */
export function hmacBodyVerifier(options: {
  header: string;
  secret: string;
  algorithm: HmacAlgorithm;
  encoding: SignatureEncoding;
  prefix?: string;
}): CallbackVerifier {
  const prefix = options.prefix ?? '';
  return ({ headers, rawBody }) => {
    const presented = singleHeader(headers, options.header);
    if (presented === undefined || !presented.startsWith(prefix)) return fail('missing');
    const expected = hmac(options.algorithm, options.secret, rawBody, options.encoding);
    return sameSignature(presented.slice(prefix.length), expected, options.encoding) ? OK : fail('mismatch');
  };
}

export type TimestampCheck = 'ok' | 'missing' | 'malformed' | 'stale';

/**
 * Whether a provider's timestamp lies within `windowSeconds` of now, either side (clocks drift both ways). Accepts
 * ISO 8601 with an offset (SNAP BI: `2026-03-02T10:00:00+07:00`) or Unix seconds. A timestamp without a zone is
 * refused: read as local time it would shift by the server's offset.
 */
export function checkTimestamp(value: string | undefined, now: Date, windowSeconds: number): TimestampCheck {
  if (value === undefined || value.trim() === '') return 'missing';
  const text = value.trim();
  let ms: number;
  if (/^\d{9,11}$/.test(text)) ms = Number(text) * 1000;
  else if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:?\d{2})$/.test(text))
    ms = Date.parse(text);
  else return 'malformed';
  if (!Number.isFinite(ms)) return 'malformed';
  return Math.abs(now.getTime() - ms) <= windowSeconds * 1000 ? 'ok' : 'stale';
}

/** Five minutes either side: long enough for provider queues and clock drift, short enough to bound a replay. */
export const DEFAULT_TIMESTAMP_WINDOW_SECONDS = 5 * 60;

/**
 * A signature over a text that includes a timestamp header (SNAP BI's `X-SIGNATURE` with `X-TIMESTAMP`; Stripe-like
 * `timestamp.body`). The signature is checked first, then the window: a stale but authentic callback is refused too,
 * because only a signed timestamp bounds how long a captured callback can be replayed.
 */
export function signedTimestampVerifier(options: {
  signatureHeader: string;
  timestampHeader: string;
  secret: string;
  algorithm: HmacAlgorithm;
  encoding: SignatureEncoding;
  /** The exact text the provider signs. */
  signedText: (input: { timestamp: string; rawBody: Buffer }) => string | Buffer;
  windowSeconds?: number;
}): CallbackVerifier {
  const windowSeconds = options.windowSeconds ?? DEFAULT_TIMESTAMP_WINDOW_SECONDS;
  return ({ headers, rawBody, now }) => {
    const presented = singleHeader(headers, options.signatureHeader);
    const timestamp = singleHeader(headers, options.timestampHeader);
    if (presented === undefined || timestamp === undefined) return fail('missing');
    const expected = hmac(
      options.algorithm,
      options.secret,
      options.signedText({ timestamp, rawBody }),
      options.encoding,
    );
    if (!sameSignature(presented, expected, options.encoding)) return fail('mismatch');
    return checkTimestamp(timestamp, now, windowSeconds) === 'ok' ? OK : fail('stale');
  };
}

/** Midtrans: `signature_key = SHA512(order_id + status_code + gross_amount + server_key)`, hex. */
export function midtransSignature(fields: {
  orderId: string;
  statusCode: string;
  grossAmount: string;
  serverKey: string;
}): string {
  return createHash('sha512')
    .update(fields.orderId + fields.statusCode + fields.grossAmount + fields.serverKey)
    .digest('hex');
}

/**
 * Midtrans signs fields of the JSON body, not the raw bytes, so this verifier reads them. The fields are taken as the
 * strings Midtrans sent (`gross_amount` "10000.00" must not become 10000).
 */
export function midtransVerifier(options: { serverKey: string }): CallbackVerifier {
  return ({ rawBody }) => {
    let body: unknown;
    try {
      body = JSON.parse(rawBody.toString('utf8'));
    } catch {
      return fail('malformed');
    }
    if (typeof body !== 'object' || body === null) return fail('malformed');
    const { order_id, status_code, gross_amount, signature_key } = body as Record<string, unknown>;
    if (typeof signature_key !== 'string' || signature_key === '') return fail('missing');
    if (typeof order_id !== 'string' || typeof status_code !== 'string' || typeof gross_amount !== 'string')
      return fail('malformed');
    const expected = midtransSignature({
      orderId: order_id,
      statusCode: status_code,
      grossAmount: gross_amount,
      serverKey: options.serverKey,
    });
    return sameSignature(signature_key, expected, 'hex') ? OK : fail('mismatch');
  };
}

/** SHA-256 of the raw body, hex: what the inbox keeps instead of the body. */
export function bodyHash(rawBody: Buffer): string {
  return createHash('sha256').update(rawBody).digest('hex');
}

import * as crypto from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import {
  bodyHash,
  checkTimestamp,
  constantTimeEqual,
  hmacBodyVerifier,
  midtransSignature,
  midtransVerifier,
  signedTimestampVerifier,
  tokenVerifier,
  type CallbackRequest,
} from '../../src/callbacks/callback-verifiers.ts';

// Watch timingSafeEqual to prove what it is given; it still does the real comparison.
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>();
  return { ...actual, timingSafeEqual: vi.fn(actual.timingSafeEqual) };
});

const NOW = new Date('2026-03-02T03:00:00.000Z');
const request = (headers: CallbackRequest['headers'], body = '{}', now = NOW): CallbackRequest => ({
  headers,
  rawBody: Buffer.from(body),
  now,
});

// RFC 4231, test case 2.
const RFC_KEY = 'Jefe';
const RFC_DATA = 'what do ya want for nothing?';
const RFC_SHA256_HEX = '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843';
const RFC_SHA256_BASE64 = 'W9zBRr9gdU5qBCQmCJV1x1oAPwidJzmDnexYuWTsOEM=';
const RFC_SHA512_HEX =
  '164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea2505549758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737';

describe('constantTimeEqual', () => {
  it('compares equal-length digests, so a different length neither throws nor returns early', () => {
    const spy = vi.mocked(crypto.timingSafeEqual);
    spy.mockClear();
    expect(constantTimeEqual('short', 'a much longer secret value')).toBe(false);
    expect(constantTimeEqual('same-secret', 'same-secret')).toBe(true);
    expect(constantTimeEqual(Buffer.from('same-secret'), 'same-secret')).toBe(true);
    expect(constantTimeEqual('same-secret', 'same-secreT')).toBe(false);
    expect(spy).toHaveBeenCalledTimes(4);
    for (const [a, b] of spy.mock.calls) {
      expect((a as Buffer).length).toBe(32);
      expect((b as Buffer).length).toBe(32);
    }
  });
});

describe('tokenVerifier', () => {
  const verify = tokenVerifier({ header: 'X-CALLBACK-TOKEN', token: 'tok-123' });
  it('accepts the exact token and refuses a wrong, longer, shorter, missing or repeated one', () => {
    expect(verify(request({ 'x-callback-token': 'tok-123' }))).toEqual({ ok: true });
    for (const wrong of ['tok-124', 'tok-1234', 'tok-12', 'TOK-123']) {
      expect(verify(request({ 'x-callback-token': wrong }))).toEqual({ ok: false, reason: 'mismatch' });
    }
    expect(verify(request({}))).toEqual({ ok: false, reason: 'missing' });
    expect(verify(request({ 'x-callback-token': '' }))).toEqual({ ok: false, reason: 'missing' });
    // A repeated header is not "any of them matches".
    expect(verify(request({ 'x-callback-token': ['wrong', 'tok-123'] as unknown as string }))).toEqual({
      ok: false,
      reason: 'missing',
    });
  });
});

describe('hmacBodyVerifier', () => {
  it('checks HMAC-SHA-256 in hex (any case) and base64 against RFC 4231 vectors', () => {
    const hex = hmacBodyVerifier({ header: 'x-sig', secret: RFC_KEY, algorithm: 'sha256', encoding: 'hex' });
    expect(hex(request({ 'x-sig': RFC_SHA256_HEX }, RFC_DATA))).toEqual({ ok: true });
    expect(hex(request({ 'x-sig': RFC_SHA256_HEX.toUpperCase() }, RFC_DATA))).toEqual({ ok: true });
    expect(hex(request({ 'x-sig': RFC_SHA256_HEX }, `${RFC_DATA} `))).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    const b64 = hmacBodyVerifier({
      header: 'x-sig',
      secret: RFC_KEY,
      algorithm: 'sha256',
      encoding: 'base64',
    });
    expect(b64(request({ 'x-sig': RFC_SHA256_BASE64 }, RFC_DATA))).toEqual({ ok: true });
    expect(b64(request({ 'x-sig': RFC_SHA256_HEX }, RFC_DATA))).toEqual({ ok: false, reason: 'mismatch' });
  });

  it('checks HMAC-SHA-512 after a prefix, and refuses a signature made with another secret', () => {
    const verify = hmacBodyVerifier({
      header: 'x-sig',
      secret: RFC_KEY,
      algorithm: 'sha512',
      encoding: 'hex',
      prefix: 'sha512=',
    });
    expect(verify(request({ 'x-sig': `sha512=${RFC_SHA512_HEX}` }, RFC_DATA))).toEqual({ ok: true });
    expect(verify(request({ 'x-sig': RFC_SHA512_HEX }, RFC_DATA))).toEqual({ ok: false, reason: 'missing' });
    const other = crypto.createHmac('sha512', 'not-jefe').update(RFC_DATA).digest('hex');
    expect(verify(request({ 'x-sig': `sha512=${other}` }, RFC_DATA))).toEqual({
      ok: false,
      reason: 'mismatch',
    });
  });
});

describe('checkTimestamp', () => {
  it('accepts ISO 8601 with an offset or Unix seconds within the window, either side', () => {
    expect(checkTimestamp('2026-03-02T10:00:00+07:00', NOW, 300)).toBe('ok');
    expect(checkTimestamp('2026-03-02T02:55:00.000Z', NOW, 300)).toBe('ok');
    expect(checkTimestamp('2026-03-02T03:05:00Z', NOW, 300)).toBe('ok');
    expect(checkTimestamp(String(NOW.getTime() / 1000 - 299), NOW, 300)).toBe('ok');
  });

  it('refuses a timestamp one second outside the window, in the past or the future', () => {
    expect(checkTimestamp('2026-03-02T02:54:59Z', NOW, 300)).toBe('stale');
    expect(checkTimestamp('2026-03-02T03:05:01Z', NOW, 300)).toBe('stale');
    expect(checkTimestamp(String(NOW.getTime() / 1000 - 301), NOW, 300)).toBe('stale');
  });

  it('refuses a missing, zoneless or unreadable timestamp', () => {
    expect(checkTimestamp(undefined, NOW, 300)).toBe('missing');
    expect(checkTimestamp(' ', NOW, 300)).toBe('missing');
    expect(checkTimestamp('2026-03-02T03:00:00', NOW, 300)).toBe('malformed');
    expect(checkTimestamp('yesterday', NOW, 300)).toBe('malformed');
    expect(checkTimestamp('2026-13-45T03:00:00Z', NOW, 300)).toBe('malformed');
  });
});

describe('signedTimestampVerifier', () => {
  const options = {
    signatureHeader: 'X-SIGNATURE',
    timestampHeader: 'X-TIMESTAMP',
    secret: 's3cret',
    algorithm: 'sha512' as const,
    encoding: 'base64' as const,
    signedText: ({ timestamp, rawBody }: { timestamp: string; rawBody: Buffer }) =>
      `POST:/cb:${timestamp}:${bodyHash(rawBody)}`,
  };
  const verify = signedTimestampVerifier(options);
  const sign = (timestamp: string, body: string) =>
    crypto
      .createHmac('sha512', 's3cret')
      .update(`POST:/cb:${timestamp}:${crypto.createHash('sha256').update(body).digest('hex')}`)
      .digest('base64');

  it('accepts a fresh signed timestamp; the timestamp is part of what is signed', () => {
    const ts = '2026-03-02T10:01:00+07:00';
    expect(verify(request({ 'x-signature': sign(ts, '{}'), 'x-timestamp': ts }))).toEqual({ ok: true });
    // Moving the timestamp without re-signing is a forgery, not a fresh callback.
    expect(
      verify(request({ 'x-signature': sign(ts, '{}'), 'x-timestamp': '2026-03-02T10:02:00+07:00' })),
    ).toEqual({ ok: false, reason: 'mismatch' });
  });

  it('refuses an authentic but stale callback, and one without a timestamp', () => {
    const old = '2026-03-02T09:50:00+07:00';
    expect(verify(request({ 'x-signature': sign(old, '{}'), 'x-timestamp': old }))).toEqual({
      ok: false,
      reason: 'stale',
    });
    expect(verify(request({ 'x-signature': sign(old, '{}') }))).toEqual({ ok: false, reason: 'missing' });
    const wide = signedTimestampVerifier({ ...options, windowSeconds: 3600 });
    expect(wide(request({ 'x-signature': sign(old, '{}'), 'x-timestamp': old }))).toEqual({ ok: true });
  });
});

describe('Midtrans signature', () => {
  const fields = { order_id: 'ORDER-1', status_code: '200', gross_amount: '150000.00' };
  // sha512("ORDER-1" + "200" + "150000.00" + "SB-Mid-server-key"), computed with openssl.
  const expected =
    '030d8a6e74a7adcb2323fd80ecf5369ff62b2eab9b5b531997296751b967c20dc0d8d948ec6b5f2ea3b8717aaa09f05a5eccdf813fd6180f133c60a37693800e';

  it('is SHA-512 of order_id + status_code + gross_amount + server_key', () => {
    expect(
      midtransSignature({
        orderId: 'ORDER-1',
        statusCode: '200',
        grossAmount: '150000.00',
        serverKey: 'SB-Mid-server-key',
      }),
    ).toBe(expected);
  });

  it('verifies the body fields as sent, and refuses another key, an edited amount or an unreadable body', () => {
    const verify = midtransVerifier({ serverKey: 'SB-Mid-server-key' });
    const body = (extra: Record<string, unknown>) => JSON.stringify({ ...fields, ...extra });
    expect(verify(request({}, body({ signature_key: expected })))).toEqual({ ok: true });
    expect(verify(request({}, body({ signature_key: expected, gross_amount: '150000' })))).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    expect(midtransVerifier({ serverKey: 'other' })(request({}, body({ signature_key: expected })))).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    expect(verify(request({}, body({})))).toEqual({ ok: false, reason: 'missing' });
    expect(verify(request({}, body({ signature_key: expected, gross_amount: 150000 })))).toEqual({
      ok: false,
      reason: 'malformed',
    });
    expect(verify(request({}, 'not json'))).toEqual({ ok: false, reason: 'malformed' });
  });
});

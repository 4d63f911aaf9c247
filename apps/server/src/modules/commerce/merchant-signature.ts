import type { IncomingHttpHeaders } from 'node:http';
import {
  hmac,
  signedTimestampVerifier,
  singleHeader,
  type VerifyResult,
} from '../../callbacks/callback-verifiers.ts';
import type { Merchant } from './commerce-merchants.ts';

/**
 * How a merchant and we sign each other's calls, both ways (its calls to us, our webhooks to it): hex HMAC-SHA256 with
 * the merchant's secret over `<timestamp>.<raw body>`, the timestamp in Unix seconds. The timestamp is inside the
 * signature, so a captured call cannot be replayed outside the window; the body names the order, so it cannot be
 * replayed on another.
 */
export const MERCHANT_HEADERS = {
  appId: 'x-commerce-app-id',
  timestamp: 'x-commerce-timestamp',
  signature: 'x-commerce-signature',
} as const;

export function signedText(timestamp: string, rawBody: Buffer | string): Buffer {
  return Buffer.concat([Buffer.from(`${timestamp}.`), Buffer.from(rawBody)]);
}

/** The headers of a signed call (our webhooks; the tests' and the demo shop's calls). */
export function merchantSignatureHeaders(
  merchant: Pick<Merchant, 'app_id' | 'secret'>,
  rawBody: string,
  now: Date,
): Record<string, string> {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  return {
    [MERCHANT_HEADERS.appId]: merchant.app_id,
    [MERCHANT_HEADERS.timestamp]: timestamp,
    [MERCHANT_HEADERS.signature]: hmac('sha256', merchant.secret, signedText(timestamp, rawBody), 'hex'),
  };
}

/** The merchant named by the app id header, when configured. */
export function merchantOf(
  headers: IncomingHttpHeaders,
  merchants: ReadonlyMap<string, Merchant>,
): Merchant | undefined {
  const appId = singleHeader(headers, MERCHANT_HEADERS.appId);
  return appId === undefined ? undefined : merchants.get(appId);
}

/** The callbacks' verifier (signature first, compared in constant time, then the window). */
export function verifyMerchantCall(
  merchant: Merchant,
  request: { headers: IncomingHttpHeaders; rawBody: Buffer; now: Date },
  windowSeconds: number,
): VerifyResult {
  return signedTimestampVerifier({
    signatureHeader: MERCHANT_HEADERS.signature,
    timestampHeader: MERCHANT_HEADERS.timestamp,
    secret: merchant.secret,
    algorithm: 'sha256',
    encoding: 'hex',
    signedText: ({ timestamp, rawBody }) => signedText(timestamp, rawBody),
    windowSeconds,
  })(request);
}

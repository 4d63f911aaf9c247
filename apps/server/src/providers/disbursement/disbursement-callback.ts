import { z } from 'zod';
import { hmac, signedTimestampVerifier, type CallbackVerifier } from '../../callbacks/callback-verifiers.ts';

/**
 * The disbursement callback as the sandbox bank sends it, in the shape of Xendit's disbursement callback (id,
 * external_id, amount, bank_code, status, failure_code), signed like SNAP BI: `X-CALLBACK-SIGNATURE` is the hex
 * HMAC-SHA256 of `<X-CALLBACK-TIMESTAMP>.<raw body>`, refused outside a five-minute window.
 */
export const DISBURSEMENT_STATUSES = ['COMPLETED', 'FAILED'] as const;

export const disbursementCallbackSchema = z.object({
  /** The provider's id of the disbursement. */
  id: z.string().min(1).max(100),
  /** Ours: the disbursements row id. */
  external_id: z.string().min(1).max(100),
  amount: z.number().int().nonnegative().brand<'Rupiah'>(),
  bank_code: z.string().max(32),
  status: z.enum(DISBURSEMENT_STATUSES),
  failure_code: z.string().max(64).nullable().optional(),
  updated: z.string().max(40),
});
export type DisbursementCallback = z.infer<typeof disbursementCallbackSchema>;

export const SIGNATURE_HEADER = 'x-callback-signature';
export const TIMESTAMP_HEADER = 'x-callback-timestamp';

export function signSandboxCallback(secret: string, timestamp: string, body: string): string {
  return hmac('sha256', secret, `${timestamp}.${body}`, 'hex');
}

export function sandboxCallbackVerifier(secret: string): CallbackVerifier {
  return signedTimestampVerifier({
    signatureHeader: SIGNATURE_HEADER,
    timestampHeader: TIMESTAMP_HEADER,
    secret,
    algorithm: 'sha256',
    encoding: 'hex',
    signedText: ({ timestamp, rawBody }) => `${timestamp}.${rawBody.toString('utf8')}`,
  });
}

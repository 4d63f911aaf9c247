import { defineCallbackEndpoint, type CallbackEndpoint } from '../../callbacks/callback-endpoint.ts';
import {
  disbursementCallbackSchema,
  sandboxCallbackVerifier,
  type DisbursementCallback,
} from '../../providers/disbursement/disbursement-callback.ts';
import type { DisbursementService } from './disbursement-service.ts';

/**
 * POST /api/payments/disbursement/callback/sandbox: the sandbox bank's word that a disbursement completed or failed.
 * Verified (HMAC over timestamp and body, five-minute window), then applied through the inbox: a replay changes
 * nothing, and a status that arrives after a final one is recorded and ignored.
 */
export function sandboxDisbursementCallback(
  disbursements: DisbursementService,
  secret: string,
): CallbackEndpoint {
  return defineCallbackEndpoint<DisbursementCallback, DisbursementCallback>({
    provider: 'sandbox-disbursement',
    path: '/callback',
    url: '/disbursement/callback/sandbox',
    summary: "The sandbox bank's disbursement result",
    description:
      'Sent by the sandbox disbursement provider (outside production) after it accepted a disbursement: `status` COMPLETED, or FAILED with `failure_code` (ACCOUNT_NAME_MISMATCH, ACCOUNT_CLOSED, BANK_TIMEOUT). Signed: `X-CALLBACK-SIGNATURE` is the hex HMAC-SHA256 of `<X-CALLBACK-TIMESTAMP>.<raw body>` with DISBURSEMENT_SANDBOX_CALLBACK_SECRET.',
    verify: sandboxCallbackVerifier(secret),
    body: disbursementCallbackSchema,
    toEvent: (body) => ({
      eventId: `${body.id}:${body.status}`,
      type: `disbursement.${body.status.toLowerCase()}`,
      occurredAt: new Date(body.updated),
      payload: body,
    }),
    handle: (tx, event) => disbursements.applyCallback(tx, event.payload),
  });
}

import { defineCallbackEndpoint, type CallbackEndpoint } from '../../callbacks/callback-endpoint.ts';
import {
  fromMidtrans,
  fromXendit,
  midtransNotificationSchema,
  midtransPaymentVerifier,
  xenditPaymentSchema,
  xenditVerifier,
  type MidtransNotification,
  type PaymentReceived,
  type XenditPayment,
} from '../../providers/payment-gateway/payment-callbacks.ts';
import type { PaymentApplier } from './payment-applier.ts';

/**
 * A payment in Xendit's shape (the fixed virtual account's or the retail outlet's "paid" callback), authenticated by
 * `X-CALLBACK-TOKEN` (constant-time). The inbox dedupes on the gateway's payment id, and `payments` is unique on it too,
 * so a retried or replayed callback applies nothing twice. `provider` names the inbox's rows, `gateway` the payments'.
 */
function xenditStylePaymentCallback(
  applier: PaymentApplier,
  token: string,
  spec: { provider: string; gateway: string; url: string; summary: string; description: string },
): CallbackEndpoint {
  return defineCallbackEndpoint<XenditPayment, PaymentReceived>({
    provider: spec.provider,
    path: '/callback',
    url: spec.url,
    summary: spec.summary,
    description: spec.description,
    verify: xenditVerifier(token),
    body: xenditPaymentSchema,
    toEvent: (body) => ({
      eventId: body.payment_id,
      type: 'payment.paid',
      occurredAt: new Date(body.transaction_timestamp),
      payload: fromXendit(body),
    }),
    handle: (tx, event) => applier.apply(tx, spec.gateway, event.payload),
  });
}

/** POST /api/payments/callback/sandbox: the sandbox gateway's payments in Xendit's dialect. */
export function sandboxXenditPaymentCallback(applier: PaymentApplier, token: string): CallbackEndpoint {
  return xenditStylePaymentCallback(applier, token, {
    provider: 'sandbox-payment',
    gateway: 'sandbox',
    url: '/callback/sandbox',
    summary: "The sandbox gateway's payment (Xendit style)",
    description:
      "Sent by the sandbox payment gateway (outside production) when a payment code is paid, in Xendit's fixed virtual account / retail outlet callback shape: `payment_id`, `external_id` (our code id), `amount`, `transaction_timestamp`. Authenticated by the `X-CALLBACK-TOKEN` header (PAYMENT_SANDBOX_CALLBACK_TOKEN).",
  });
}

/**
 * POST /api/payments/callback/xendit: Xendit's "fixed virtual account paid" and "retail outlet (fixed payment code)
 * paid" callbacks; both URLs in Xendit's dashboard point here. Their other fields (the payer's name among them) are
 * dropped when the body is read.
 */
export function xenditPaymentCallback(applier: PaymentApplier, token: string): CallbackEndpoint {
  return xenditStylePaymentCallback(applier, token, {
    provider: 'xendit',
    gateway: 'xendit',
    url: '/callback/xendit',
    summary: "Xendit's payment into a virtual account or a store payment code",
    description:
      "Sent by Xendit (PAYMENT_GATEWAY_PROVIDER=xendit) when a borrower pays a fixed virtual account or a retail outlet payment code: `payment_id`, `external_id` (our code id), `amount`, `transaction_timestamp` (and the retail outlet's `status` COMPLETED). Authenticated by the `X-CALLBACK-TOKEN` header, the dashboard's verification token (XENDIT_CALLBACK_TOKEN). A retried callback (same `payment_id`) is acknowledged and applies nothing again.",
  });
}

/**
 * POST /api/payments/callback/sandbox-midtrans: a payment in Midtrans' HTTP notification shape, authenticated by its
 * `signature_key` (SHA-512 of order_id, status_code, gross_amount and the server key). Only `settlement` moves money;
 * other statuses are recorded and ignored.
 */
export function sandboxMidtransPaymentCallback(applier: PaymentApplier, serverKey: string): CallbackEndpoint {
  return defineCallbackEndpoint<MidtransNotification, PaymentReceived | null>({
    provider: 'sandbox-midtrans',
    path: '/callback',
    url: '/callback/sandbox-midtrans',
    summary: "The sandbox gateway's payment (Midtrans style)",
    description:
      "Sent by the sandbox payment gateway with PAYMENT_SANDBOX_STYLE=midtrans, in Midtrans' notification shape. `signature_key` = SHA-512(order_id + status_code + gross_amount + PAYMENT_SANDBOX_SERVER_KEY), hex. `transaction_status` settlement applies the payment.",
    verify: midtransPaymentVerifier(serverKey),
    body: midtransNotificationSchema,
    toEvent: (body) => ({
      eventId: `${body.transaction_id}:${body.transaction_status}`,
      type: `payment.${body.transaction_status}`,
      payload: fromMidtrans(body),
    }),
    handle: async (tx, event) => (event.payload ? applier.apply(tx, 'sandbox', event.payload) : 'ignored'),
  });
}

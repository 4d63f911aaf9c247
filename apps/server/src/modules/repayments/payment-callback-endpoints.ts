import { defineCallbackEndpoint, type CallbackEndpoint } from '../../callbacks/callback-endpoint.ts';
import {
  fromMidtrans,
  fromXendit,
  fromXenditEwallet,
  fromXenditQr,
  midtransNotificationSchema,
  midtransPaymentVerifier,
  xenditEwalletChargeSchema,
  xenditPaymentSchema,
  xenditQrPaymentSchema,
  xenditVerifier,
  type EwalletOutcome,
  type MidtransNotification,
  type PaymentReceived,
  type XenditEwalletCharge,
  type XenditPayment,
  type XenditQrPayment,
} from '../../providers/payment-gateway/payment-callbacks.ts';
import type { PaymentApplier } from './payment-applier.ts';

/** One of Xendit's callbacks: `provider` names the inbox's rows, `gateway` the payments'. */
interface XenditStyleSpec {
  provider: string;
  gateway: string;
  url: string;
  summary: string;
  description: string;
}

function documented({ provider, url, summary, description }: XenditStyleSpec) {
  return { provider, path: '/callback', url, summary, description };
}

/**
 * A payment in Xendit's shape (the fixed virtual account's or the retail outlet's "paid" callback), authenticated by
 * `X-CALLBACK-TOKEN` (constant-time). The inbox dedupes on the gateway's payment id, and `payments` is unique on it too,
 * so a retried or replayed callback applies nothing twice. `provider` names the inbox's rows, `gateway` the payments'.
 */
function xenditStylePaymentCallback(
  applier: PaymentApplier,
  token: string,
  spec: XenditStyleSpec,
): CallbackEndpoint {
  return defineCallbackEndpoint<XenditPayment, PaymentReceived>({
    ...documented(spec),
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
 * A QR payment in Xendit's shape (QR codes API 2022-07-31, a `qr.payment` event), authenticated by `X-CALLBACK-TOKEN`
 * like the others. Only a SUCCEEDED payment is applied; the event id carries the status, so a later status of the same
 * payment is its own event, and `payments` stays unique on the payment id.
 */
function xenditStyleQrCallback(
  applier: PaymentApplier,
  token: string,
  spec: XenditStyleSpec,
): CallbackEndpoint {
  return defineCallbackEndpoint<XenditQrPayment, PaymentReceived | null>({
    ...documented(spec),
    verify: xenditVerifier(token),
    body: xenditQrPaymentSchema,
    toEvent: (body) => ({
      eventId: `${body.data.id}:${body.data.status}`,
      type: `${body.event}.${body.data.status.toLowerCase()}`,
      occurredAt: new Date(body.data.created),
      payload: fromXenditQr(body),
    }),
    handle: async (tx, event) => (event.payload ? applier.apply(tx, spec.gateway, event.payload) : 'ignored'),
  });
}

/** POST /api/payments/callback/sandbox-qr: the sandbox gateway's QRIS payments in Xendit's dialect. */
export function sandboxXenditQrCallback(applier: PaymentApplier, token: string): CallbackEndpoint {
  return xenditStyleQrCallback(applier, token, {
    provider: 'sandbox-qr',
    gateway: 'sandbox',
    url: '/callback/sandbox-qr',
    summary: "The sandbox gateway's QRIS payment (Xendit style)",
    description:
      "Sent by the sandbox payment gateway (outside production) when a QRIS code is paid, in Xendit's QR payment callback shape: `event` qr.payment, `data.id` (the payment), `data.reference_id` (our code id), `data.amount`, `data.status` SUCCEEDED, `data.created`. Authenticated by the `X-CALLBACK-TOKEN` header (PAYMENT_SANDBOX_CALLBACK_TOKEN).",
  });
}

/** POST /api/payments/callback/xendit-qr: Xendit's QR payment callback (the dashboard's "QR code paid" URL). */
export function xenditQrCallback(applier: PaymentApplier, token: string): CallbackEndpoint {
  return xenditStyleQrCallback(applier, token, {
    provider: 'xendit-qr',
    gateway: 'xendit',
    url: '/callback/xendit-qr',
    summary: "Xendit's payment of a QRIS code",
    description:
      "Sent by Xendit (PAYMENT_GATEWAY_PROVIDER=xendit) when a borrower pays a dynamic QRIS code from any banking or e-wallet app: `event` qr.payment, `data.id`, `data.reference_id` (our code id), `data.amount`, `data.status` (SUCCEEDED applies the payment; others are recorded and ignored), `data.created`. Authenticated by the `X-CALLBACK-TOKEN` header (XENDIT_CALLBACK_TOKEN). The payer's details in `payment_detail` are not kept.",
  });
}

/**
 * An e-wallet charge's outcome in Xendit's shape (`ewallet.capture`), authenticated by `X-CALLBACK-TOKEN`: SUCCEEDED is
 * applied like any payment (the charge's id is the payment's), FAILED or VOIDED closes the code, anything else is
 * recorded and ignored. The event id carries the status, so a charge's failure and its success are distinct events.
 */
function xenditStyleEwalletCallback(
  applier: PaymentApplier,
  token: string,
  spec: XenditStyleSpec,
): CallbackEndpoint {
  return defineCallbackEndpoint<XenditEwalletCharge, EwalletOutcome>({
    ...documented(spec),
    verify: xenditVerifier(token),
    body: xenditEwalletChargeSchema,
    toEvent: (body) => ({
      eventId: `${body.data.id}:${body.data.status}`,
      type: `${body.event}.${body.data.status.toLowerCase()}`,
      occurredAt: new Date(body.data.updated),
      payload: fromXenditEwallet(body),
    }),
    handle: async (tx, { payload }) => {
      if (!payload) return 'ignored';
      if (payload.kind === 'failed') return applier.chargeFailed(tx, payload.externalId);
      return applier.apply(tx, spec.gateway, payload.payment);
    },
  });
}

/** POST /api/payments/callback/sandbox-ewallet: the sandbox gateway's e-wallet charges in Xendit's dialect. */
export function sandboxXenditEwalletCallback(applier: PaymentApplier, token: string): CallbackEndpoint {
  return xenditStyleEwalletCallback(applier, token, {
    provider: 'sandbox-ewallet',
    gateway: 'sandbox',
    url: '/callback/sandbox-ewallet',
    summary: "The sandbox gateway's e-wallet charge outcome (Xendit style)",
    description:
      "Sent by the sandbox payment gateway (outside production) when a DANA, OVO or ShopeePay charge is paid or declined, in Xendit's e-wallet callback shape: `event` ewallet.capture, `data.id` (the charge), `data.reference_id` (our code id), `data.status` (SUCCEEDED applies the payment, FAILED or VOIDED closes the code), `data.charge_amount`, `data.capture_amount`, `data.updated`. Authenticated by the `X-CALLBACK-TOKEN` header (PAYMENT_SANDBOX_CALLBACK_TOKEN).",
  });
}

/** POST /api/payments/callback/xendit-ewallet: Xendit's e-wallet charge callback (the dashboard's e-wallet URL). */
export function xenditEwalletCallback(applier: PaymentApplier, token: string): CallbackEndpoint {
  return xenditStyleEwalletCallback(applier, token, {
    provider: 'xendit-ewallet',
    gateway: 'xendit',
    url: '/callback/xendit-ewallet',
    summary: "Xendit's e-wallet charge outcome",
    description:
      'Sent by Xendit (PAYMENT_GATEWAY_PROVIDER=xendit) when a DANA, OVO or ShopeePay charge succeeds or fails: `event` ewallet.capture, `data.id`, `data.reference_id` (our code id), `data.status` (SUCCEEDED applies `data.capture_amount`; FAILED or VOIDED closes the code, nothing was taken), `data.updated`. Authenticated by the `X-CALLBACK-TOKEN` header (XENDIT_CALLBACK_TOKEN).',
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

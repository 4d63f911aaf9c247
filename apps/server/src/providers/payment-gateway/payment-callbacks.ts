import { z } from 'zod';
import { rupiah, type Rupiah } from '@kaskita/domain/money/rupiah';
import { jakartaLocalIso } from '../../clock.ts';
import {
  midtransSignature,
  midtransVerifier,
  tokenVerifier,
  type CallbackVerifier,
} from '../../callbacks/callback-verifiers.ts';

/**
 * The two payment-callback dialects the sandbox gateway speaks, as the real gateways send them (Xendit's also read from
 * Xendit itself, `/api/payments/callback/xendit` and `/xendit-qr`), each read into one `PaymentReceived`:
 * - Xendit: a fixed token in `X-CALLBACK-TOKEN`; the fixed virtual account's "paid" callback (`payment_id`,
 *   `external_id`, `amount`, `transaction_timestamp`) and the retail outlet's (`fixed_payment_code_id`, `status`);
 *   QR codes (API version 2022-07-31) send a `qr.payment` event whose `data` names the QR payment (`id`), our
 *   `reference_id`, the `amount` and its `status` (SUCCEEDED moves money).
 * - Midtrans: the HTTP notification, its `signature_key` = SHA-512(order_id + status_code + gross_amount + server key)
 *   in the body; only `settlement` moves money.
 */

/** One payment the gateway reports: enough to apply it exactly once. */
export interface PaymentReceived {
  /** The gateway's id of the payment: a retry repeats it, the inbox and `payments` are unique on it. */
  paymentId: string;
  /** Ours: the payment code's id we gave the gateway. */
  externalId: string;
  amount: Rupiah;
  paidAt: Date;
}

export const XENDIT_TOKEN_HEADER = 'x-callback-token';

const isoTime = z
  .string()
  .max(40)
  .refine((t) => Number.isFinite(Date.parse(t)), 'not a time');

export const xenditPaymentSchema = z.object({
  /** The callback's id. */
  id: z.string().min(1).max(100),
  payment_id: z.string().min(1).max(100),
  external_id: z.string().min(1).max(100),
  amount: z.number().int().positive().max(1_000_000_000_000).brand<'Rupiah'>(),
  /** Retail outlet callbacks carry a status; fixed VA callbacks mean "paid" by being sent. */
  status: z.enum(['COMPLETED', 'SETTLING']).optional(),
  bank_code: z.string().max(32).optional(),
  retail_outlet_name: z.string().max(32).optional(),
  transaction_timestamp: isoTime,
});
export type XenditPayment = z.infer<typeof xenditPaymentSchema>;

export function xenditVerifier(token: string): CallbackVerifier {
  return tokenVerifier({ header: XENDIT_TOKEN_HEADER, token });
}

export function fromXendit(body: XenditPayment): PaymentReceived {
  return {
    paymentId: body.payment_id,
    externalId: body.external_id,
    amount: body.amount,
    paidAt: parseTime(body.transaction_timestamp),
  };
}

/**
 * Xendit's QR payment callback (QR codes API 2022-07-31). What the payer's app reports in `payment_detail` (their
 * name, their account) is dropped when the body is read: we need none of it to credit the payment.
 */
export const xenditQrPaymentSchema = z.object({
  event: z.string().min(1).max(40),
  business_id: z.string().max(100).optional(),
  created: isoTime.optional(),
  data: z.object({
    /** The QR payment's id: a retry repeats it, the inbox and `payments` are unique on it. */
    id: z.string().min(1).max(100),
    qr_id: z.string().max(100).optional(),
    /** Ours: the payment code's id we gave as the QR code's reference. */
    reference_id: z.string().min(1).max(100),
    currency: z.literal('IDR'),
    amount: z.number().int().positive().max(1_000_000_000_000).brand<'Rupiah'>(),
    status: z.string().min(1).max(32),
    created: isoTime,
    channel_code: z.string().max(40).optional(),
  }),
});
export type XenditQrPayment = z.infer<typeof xenditQrPaymentSchema>;

/** Only a succeeded `qr.payment` moves money; any other event or status is recorded and ignored. */
export function fromXenditQr(body: XenditQrPayment): PaymentReceived | null {
  if (body.event !== 'qr.payment' || body.data.status !== 'SUCCEEDED') return null;
  return {
    paymentId: body.data.id,
    externalId: body.data.reference_id,
    amount: body.data.amount,
    paidAt: new Date(body.data.created),
  };
}

/**
 * Xendit's e-wallet charge callback (`ewallet.capture`, API version 2021-01-25): the charge's id, our `reference_id`,
 * its `status` and the amounts. What the wallet reports of the payer is not read.
 */
export const xenditEwalletChargeSchema = z.object({
  event: z.string().min(1).max(40),
  business_id: z.string().max(100).optional(),
  created: isoTime.optional(),
  data: z.object({
    /** The charge's id: one charge is at most one payment, and a retry repeats it. */
    id: z.string().min(1).max(100),
    reference_id: z.string().min(1).max(100),
    status: z.string().min(1).max(32),
    currency: z.literal('IDR'),
    charge_amount: z.number().int().positive().max(1_000_000_000_000).brand<'Rupiah'>(),
    capture_amount: z.number().int().nonnegative().max(1_000_000_000_000).brand<'Rupiah'>().nullish(),
    channel_code: z.string().max(40).optional(),
    failure_code: z.string().max(80).nullish(),
    created: isoTime.optional(),
    updated: isoTime,
  }),
});
export type XenditEwalletCharge = z.infer<typeof xenditEwalletChargeSchema>;

/** What an e-wallet charge's callback says: paid (apply it), failed (close the code, nothing taken), or neither. */
export type EwalletOutcome =
  { kind: 'paid'; payment: PaymentReceived } | { kind: 'failed'; externalId: string } | null;

/** SUCCEEDED is paid (the captured amount); FAILED and VOIDED close the code; PENDING and other events change nothing. */
export function fromXenditEwallet(body: XenditEwalletCharge): EwalletOutcome {
  if (body.event !== 'ewallet.capture') return null;
  const { data } = body;
  if (data.status === 'SUCCEEDED')
    return {
      kind: 'paid',
      payment: {
        paymentId: data.id,
        externalId: data.reference_id,
        amount: data.capture_amount || data.charge_amount,
        paidAt: new Date(data.updated),
      },
    };
  if (data.status === 'FAILED' || data.status === 'VOIDED')
    return { kind: 'failed', externalId: data.reference_id };
  return null;
}

const JAKARTA_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

export const midtransNotificationSchema = z.object({
  transaction_id: z.string().min(1).max(100),
  order_id: z.string().min(1).max(100),
  /** Rupiah as a string with zero cents ("150000.00"): a fraction of a rupiah cannot be credited exactly. */
  gross_amount: z.string().regex(/^\d{1,13}(\.00)?$/),
  status_code: z.string().max(3),
  transaction_status: z.string().max(32),
  /** Jakarta time without a zone: "2026-11-25 10:00:00". */
  transaction_time: z.string().regex(JAKARTA_TIME),
  settlement_time: z.string().regex(JAKARTA_TIME).optional(),
  payment_type: z.string().max(32),
  signature_key: z.string().max(200),
});
export type MidtransNotification = z.infer<typeof midtransNotificationSchema>;

export { midtransSignature };

export function midtransPaymentVerifier(serverKey: string): CallbackVerifier {
  return midtransVerifier({ serverKey });
}

/** A settlement moves money; pending, expire, deny and cancel notifications do not. */
export function fromMidtrans(body: MidtransNotification): PaymentReceived | null {
  if (body.transaction_status !== 'settlement') return null;
  return {
    paymentId: body.transaction_id,
    externalId: body.order_id,
    amount: rupiah(Number(body.gross_amount.split('.')[0]), 'gross_amount'),
    paidAt: parseTime(body.settlement_time ?? body.transaction_time),
  };
}

/** ISO 8601, or Midtrans' Jakarta wall time "YYYY-MM-DD HH:mm:ss" (UTC+7, no daylight saving); validated by the schemas. */
function parseTime(text: string): Date {
  return new Date(JAKARTA_TIME.test(text) ? `${text.replace(' ', 'T')}+07:00` : text);
}

/** Midtrans' wall-clock format of an instant, in Jakarta time. */
export function jakartaWallTime(instant: Date): string {
  return jakartaLocalIso(instant).replace('T', ' ');
}

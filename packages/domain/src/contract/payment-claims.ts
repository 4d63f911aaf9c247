import { z } from 'zod';
import { PAYMENT_CHANNEL_IDS } from '../payments/channels.ts';
import {
  PAYMENT_CLAIM_ANSWER_WORKING_DAYS,
  PAYMENT_CLAIM_CLOCK_SKEW_MINUTES,
  PAYMENT_CLAIM_MATCH_HOURS,
  PAYMENT_CLAIM_MAX_AGE_DAYS,
  PAYMENT_CLAIM_MAX_AMOUNT,
  PAYMENT_CLAIM_MIN_AMOUNT,
  PAYMENT_CLAIM_PROOF_MAX_BYTES,
  PAYMENT_CLAIM_REFERENCE_MAX,
  PAYMENT_CLAIM_STATUSES,
  PAYMENT_CLAIMS_PER_DAY,
} from '../payments/payment-claims.ts';
import { rupiahSchema } from '../money/rupiah-schema.ts';
import { amountField } from '../validation/form-fields.ts';
import { optionalText } from './auth.ts';
import { instantText } from './formats.ts';
import { defineCall, IMAGE_TYPES } from './define-call.ts';

/**
 * "Paid but not credited?" (issue 12): the borrower reports a payment they made that their bill does not show, and
 * follows the case. The back office answers; the rules are in payments/payment-claims.ts.
 */

/** The multipart field of the optional proof (a photo or screenshot of the receipt). */
export const PAYMENT_CLAIM_PROOF_FIELD = 'proof';

/**
 * POST /v1/order/payment_claim's text fields. `paid_at` is an ISO date-time with its offset (the borrower's own
 * clock); not in the future and not older than PAYMENT_CLAIM_MAX_AGE_DAYS, which depends on the time it is checked
 * at, so the server and the form check it with `paidAtProblem` besides this schema.
 */
export const paymentClaimFormSchema = z.object({
  channel_id: z.enum(PAYMENT_CHANNEL_IDS, { error: 'payment_claim.channel_required' }),
  paid_at: z
    .string({ error: 'payment_claim.paid_at_required' })
    .trim()
    .min(1, { error: 'payment_claim.paid_at_required' })
    .pipe(z.iso.datetime({ offset: true, error: 'field.invalid' }))
    .transform((v) => new Date(v)),
  amount: amountField(
    PAYMENT_CLAIM_MIN_AMOUNT,
    PAYMENT_CLAIM_MAX_AMOUNT,
    'payment_claim.amount_required',
    'payment_claim.amount_range',
  ),
  reference: optionalText(
    z
      .string()
      .trim()
      .max(PAYMENT_CLAIM_REFERENCE_MAX, { error: 'payment_claim.reference_invalid' })
      .regex(/^[\p{L}\p{N} ./_#:-]+$/u, { error: 'payment_claim.reference_invalid' }),
  ).describe("The bank's or store's transaction reference, when the borrower has one."),
});

const money = rupiahSchema;

/** One claim as its borrower sees it. */
export const paymentClaimSchema = z.object({
  claim_id: z.string(),
  case_number: z.string().describe('Short, to quote to customer service (e.g. KK-7QF3M2P).'),
  status: z.enum(PAYMENT_CLAIM_STATUSES),
  channel_id: z.string(),
  channel_name: z.string(),
  paid_at: instantText,
  amount: money,
  reference: z.string().nullable(),
  has_proof: z.boolean(),
  order_id: z.string().nullable(),
  payment_id: z
    .string()
    .nullable()
    .describe(
      'The payment that answers it: the receipt (GET /v1/order/repay_record) of an applied payment when `credited`, the payment received and waiting for review when `matched`; else null.',
    ),
  filed_at: instantText,
  answer_by: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .describe(
      'The last day (Jakarta) of the answer the borrower was promised: PAYMENT_CLAIM_ANSWER_WORKING_DAYS working days.',
    ),
  answer: z
    .string()
    .nullable()
    .describe('Why the back office rejected it, in its own words; null unless rejected.'),
  updated_at: instantText,
});
export type PaymentClaimView = z.infer<typeof paymentClaimSchema>;

export const filedPaymentClaimSchema = paymentClaimSchema.extend({
  duplicate: z
    .boolean()
    .describe(
      "True when this is the borrower's open claim for the same amount and day, answered again instead of a new one.",
    ),
});
export type FiledPaymentClaim = z.infer<typeof filedPaymentClaimSchema>;

export const paymentClaimsSchema = z.object({
  list: z.array(paymentClaimSchema).describe('Newest first.'),
  answer_working_days: z.number().int(),
});
export type PaymentClaimsView = z.infer<typeof paymentClaimsSchema>;

export const paymentClaimCalls = {
  createPaymentClaim: defineCall('createPaymentClaim', {
    tag: 'loans',
    summary: 'Report a payment that was made but not credited ("paid but not credited?")',
    description: `Multipart form: \`channel_id\` (from the channel catalogue), \`paid_at\` (ISO date-time with offset; not in the future beyond ${PAYMENT_CLAIM_CLOCK_SKEW_MINUTES} minutes of clock difference, at most ${PAYMENT_CLAIM_MAX_AGE_DAYS} days ago), \`amount\` (whole rupiah, ${PAYMENT_CLAIM_MIN_AMOUNT} to ${PAYMENT_CLAIM_MAX_AMOUNT}), optional \`reference\` (the bank's or store's transaction reference) and an optional image file in \`${PAYMENT_CLAIM_PROOF_FIELD}\` (JPEG, PNG or WebP, at most ${PAYMENT_CLAIM_PROOF_MAX_BYTES / 1024 / 1024} MiB; stored encrypted, metadata stripped). The borrower's own payments are searched at once for the same amount within ${PAYMENT_CLAIM_MATCH_HOURS} hours: a payment received but not applied makes the claim \`matched\` for the back office; else an applied one makes it \`credited\` with its receipt in \`payment_id\`; else it is \`open\`. An SMS confirms the case number and the promise of an answer within ${PAYMENT_CLAIM_ANSWER_WORKING_DAYS} working days. The same amount and day as a claim still open answers that claim (\`duplicate\`); at most ${PAYMENT_CLAIMS_PER_DAY} claims in 24 hours (4316).`,
    errors: [
      'PAYMENT_CLAIM_LIMIT',
      'NOT_AN_IMAGE',
      'IMAGE_TOO_LARGE',
      'IMAGE_TYPE_MISMATCH',
      'IMAGE_DIMENSIONS',
    ],
    form: paymentClaimFormSchema,
    upload: {
      field: PAYMENT_CLAIM_PROOF_FIELD,
      required: false,
      mediaTypes: IMAGE_TYPES,
      description: `A photo of the transfer receipt (JPEG, PNG or WebP, at most ${PAYMENT_CLAIM_PROOF_MAX_BYTES / 1024 / 1024} MiB).`,
    },
    response: filedPaymentClaimSchema,
  }),
  getPaymentClaims: defineCall('getPaymentClaims', {
    tag: 'loans',
    summary: "The borrower's payment claims with their status",
    description:
      'Newest first: each claim with its case number, status (open, matched, credited, rejected), the payment that answers it and the day an answer is promised by. Only the signed-in borrower’s own claims.',
    errors: [],
    response: paymentClaimsSchema,
  }),
};

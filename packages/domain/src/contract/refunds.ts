import { z } from 'zod';
import { rupiahSchema } from '../money/rupiah-schema.ts';
import { instantText } from './formats.ts';
import { defineCall } from './define-call.ts';

/**
 * Money left over goes back (issue 21): credit a loan still holds when it closes (an overpayment, a settlement rebate)
 * is paid back to the borrower's verified default bank account as a refund payout with its own state.
 */

const money = rupiahSchema;

/**
 * A refund's state: `awaiting_approval` (above REFUND_AUTO_MAX, until staff approve it), `queued` (waiting for its
 * send job), `sending` (with the provider, not yet confirmed), `pending` (accepted by the provider), `retrying` (a try
 * failed, the next is queued), `completed` (the money arrived) `failed` (every try failed: staff follow it up) or `cancelled` (staff stopped a failed one; the credit stays held).
 */
export const REFUND_STATES = [
  'awaiting_approval',
  'queued',
  'sending',
  'pending',
  'retrying',
  'completed',
  'failed',
  'cancelled',
] as const;
export type RefundState = (typeof REFUND_STATES)[number];

export const refundViewSchema = z.object({
  id: z.string(),
  order_id: z
    .string()
    .nullable()
    .describe(
      'The loan whose left-over credit it pays back, or null when it returns a payment (`payment_id`).',
    ),
  payment_id: z
    .string()
    .nullable()
    .describe('A payment that could not be applied to a loan and is being sent back, or null.'),
  amount: money,
  state: z.enum(REFUND_STATES),
  bank_code: z.string().describe('The account it goes to: bank code and the last digits only.'),
  last_digits: z.string(),
  attempts: z.number().int().nonnegative().describe('Tries sent to the provider so far.'),
  failure: z.string().nullable().describe("The last failure's code (e.g. BANK_TIMEOUT), null when none."),
  created_at: instantText,
  completed_at: instantText.nullable(),
});

/** GET /v1/order/refunds: credit still held and every refund, newest first. */
export const refundsSchema = z.object({
  held: money.describe(
    "Credit still held on the borrower's loans and not yet paid back (a refund in flight still counts).",
  ),
  list: z.array(refundViewSchema),
});
export type RefundsView = z.infer<typeof refundsSchema>;

export const refundCalls = {
  getRefunds: defineCall('getRefunds', {
    tag: 'loans',
    summary: 'Credit held for the borrower and its refunds',
    description:
      "What the borrower's loans still hold for them (overpayments, settlement rebates) and each refund of it to their verified default bank account, newest first, with its state. A loan's credit is refunded when the loan is paid off: at once up to REFUND_AUTO_MAX, above it once approved.",
    errors: [],
    response: refundsSchema,
  }),
};

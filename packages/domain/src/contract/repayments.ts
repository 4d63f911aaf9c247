import { z } from 'zod';
import { MONEY_LIMIT } from '../money/rupiah.ts';
import { rupiahSchema } from '../money/rupiah-schema.ts';
import { amountField, wholeNumberField } from '../validation/form-fields.ts';
import { CHANNEL_KINDS } from '../payments/channels.ts';
import { phoneSchema } from '../validation/phone.ts';
import { optionalText } from './auth.ts';
import { dateText, instantText } from './formats.ts';
import { defineCall } from './define-call.ts';
import { LOAN_HISTORY_GROUPS, REPAY_RECORD_STATUSES, REPAYMENT_TYPES } from './repayment-kinds.ts';

export { LOAN_HISTORY_GROUPS, REPAY_RECORD_STATUSES, REPAYMENT_TYPES };
export type { LoanHistoryGroup, RepaymentType } from './repayment-kinds.ts';

/**
 * Bills and repayment (spec sections 2, 3 and 7): the borrower's bills as of today's business date, the channels they
 * can pay through, a payment code (virtual account or store code) for an amount the server computes, and what was
 * paid. Money is integer rupiah; a payment is known only from the gateway's verified callback.
 */

const money = rupiahSchema;
const date = dateText;

/** One bill (instalment) as of the business date, from the loan engine. */
export const billViewSchema = z.object({
  number: z.number().int(),
  period_start: date,
  due_date: date,
  state: z.enum(['pending', 'overdue', 'paid', 'written-off']).describe("The engine's bill state."),
  days_late: z.number().int().nonnegative().describe('Days past the due date while unpaid, else 0.'),
  principal: money,
  interest: money,
  fee: money,
  late_fee: money,
  total: money.describe('What the bill asks in all (its components above).'),
  paid: money,
  outstanding: money.describe('What is still owed on it today.'),
});
export type BillView = z.infer<typeof billViewSchema>;

/**
 * What one press of "pay" can settle, each computed by the server for today. No amount is below the smallest a
 * channel takes: `excess` is what the amount asks beyond what is owed for that reason (0 usually); it goes on to the
 * next bill, or, once the loan is paid off, is refunded to the borrower's bank account.
 */
export const repaymentOptionsSchema = z.object({
  instalment: z
    .object({ bill_number: z.number().int(), amount: money, excess: money })
    .nullable()
    .describe('The nearest unpaid bill alone (its number and amount), or null when nothing is left.'),
  due: z
    .object({ amount: money, excess: money })
    .nullable()
    .describe('Every bill due today or earlier (overdue ones included); null when nothing is due yet.'),
  settlement: z
    .object({ amount: money, saved: money, excess: money })
    .nullable()
    .describe("The whole loan today (flexible repayment): unused days' interest and fees are not charged."),
});

/** GET /v1/order/bill?type=1: the open loan's bills. */
export const billsQuerySchema = z.object({ type: optionalText(z.enum(['1'])) });
export const billsSchema = z.object({
  business_date: date,
  loan: z
    .object({
      order_id: z.string(),
      state: z.string(),
      amount: money,
      disbursed_on: date.nullable(),
      outstanding: money.describe('What the whole loan still asks today, bill by bill.'),
      credit: money.describe('Money held for the borrower (overpayments), used first by the next bill.'),
      disputed_since: date
        .nullable()
        .describe(
          'Under dispute since this day (a case contests the loan or a payment): no late fee, no reminder; else null.',
        ),
    })
    .nullable()
    .describe('Null when the borrower has no loan being repaid.'),
  nearest: billViewSchema.nullable().describe('The nearest unpaid bill (overdue first), or null.'),
  upcoming: z.array(billViewSchema).describe('Unpaid bills after the nearest one.'),
  bills: z.array(billViewSchema).describe('Every bill of the loan, in order.'),
  options: repaymentOptionsSchema.nullable(),
});
export type BillsView = z.infer<typeof billsSchema>;

/** A payment channel with whether it takes the amount asked. */
export const channelViewSchema = z.object({
  channel_id: z.string(),
  kind: z.enum(CHANNEL_KINDS),
  bank_type: z.string().describe('The bank or store code (spec: bank_type), QRIS for a QR code.'),
  name: z.string(),
  min_amount: money,
  max_amount: money,
  available: z.boolean(),
  reason: z.enum(['below_min', 'above_max']).nullable(),
});

/** GET /v1/order/repay_method?repayment_type=: the channels, each available or not for that amount. */
export const repayMethodQuerySchema = z.object({
  repayment_type: optionalText(z.enum(REPAYMENT_TYPES, { error: 'field.invalid' })),
});
export const repayMethodsSchema = z.object({
  repayment_type: z.enum(REPAYMENT_TYPES),
  amount: money,
  channels: z.array(channelViewSchema),
});

/** One way to pay (ATM, internet banking, mobile banking, the cashier) with its steps, values filled in. */
export const howToPaySchema = z.array(
  z.object({ method: z.string(), title: z.string(), steps: z.array(z.string()) }),
);

/**
 * A payment code: a virtual account number, a store code or a QRIS code, for one exact amount, until it expires.
 */
export const paymentCodeSchema = z.object({
  code_id: z.string(),
  order_id: z.string(),
  channel_id: z.string(),
  kind: z.enum(CHANNEL_KINDS),
  bank_type: z.string(),
  name: z.string(),
  number: z
    .string()
    .describe(
      "The virtual account number, the store's payment code, Mandiri's bill key, or for QRIS the QR code's content (EMVCo text, drawn as the QR image).",
    ),
  biller_code: z
    .string()
    .nullable()
    .describe('Mandiri bill payment: the biller code entered with the bill key; else null.'),
  amount: money,
  repayment_type: z.enum(REPAYMENT_TYPES),
  bill_number: z.number().int().nullable(),
  status: z
    .enum(['active', 'paid', 'expired', 'failed'])
    .describe(
      'failed: an e-wallet charge the borrower declined or that the wallet refused; nothing was taken.',
    ),
  expires_at: instantText,
  checkout_url: z
    .string()
    .nullable()
    .describe(
      'DANA and ShopeePay: where the borrower goes to pay (the wallet brings them back to the pay page); else null.',
    ),
  how_to_pay: howToPaySchema,
});
export type PaymentCodeView = z.infer<typeof paymentCodeSchema>;

const repaymentTypeField = z.preprocess(
  // The spec's form sends numbers: 1 one instalment, 2 everything due, 3 the whole loan.
  (v) => ({ '1': 'instalment', '2': 'due', '3': 'settlement' })[String(v)] ?? v,
  z.enum(REPAYMENT_TYPES, { error: 'field.invalid' }),
);

/**
 * POST /v1/order/repay (spec: loan_plan, pay_type, repayment_type, repayment_total_amount, bank_type, channel_id,
 * current_bill_plan). The amount is computed again on the server: a total that no longer matches (a day passed, a
 * payment arrived) is refused with the current amount, never silently changed.
 */
export const repayBodySchema = z.object({
  loan_plan: z.string({ error: 'field.invalid' }).trim().uuid({ error: 'field.invalid' }),
  pay_type: optionalText(z.enum(CHANNEL_KINDS, { error: 'field.invalid' })),
  repayment_type: repaymentTypeField,
  repayment_total_amount: amountField(0, MONEY_LIMIT, 'field.required', 'field.invalid'),
  bank_type: optionalText(z.string().trim().max(20)),
  channel_id: z.string({ error: 'field.invalid' }).trim().min(1, { error: 'field.invalid' }).max(40),
  current_bill_plan: wholeNumberField(1, 99, 'field.required', 'field.invalid').optional(),
  /** OVO: the wallet's phone (any accepted spelling); the borrower's registered phone when absent. */
  ewallet_phone: optionalText(phoneSchema),
});
export type RepayBody = z.input<typeof repayBodySchema>;

export const paymentCodeParamsSchema = z.object({ id: z.string().max(64) });

const paidComponentsSchema = z.object({ principal: money, interest: money, fee: money, late_fee: money });

/** One payment received (a receipt): what it paid and what remains. */
export const repayRecordSchema = z.object({
  payment_id: z.string(),
  order_id: z.string().nullable(),
  amount: money,
  channel_id: z.string().nullable(),
  channel_name: z.string(),
  paid_at: instantText,
  status: z
    .enum(REPAY_RECORD_STATUSES)
    .describe(
      "'applied' to the loan; 'review' (a late, unknown or surplus payment our staff resolve); 'returning' (staff are sending it back to the borrower's bank account: a refund with this payment_id); 'returned' (it arrived there).",
    ),
  paid: paidComponentsSchema.describe('What this payment itself paid, component by component.'),
  credit_applied: money.describe(
    "The borrower's held credit spent with this payment (0 when none): `amount` + `credit_applied` = the sum of `paid` and `paid_with_credit` + `credit_added`.",
  ),
  paid_with_credit: paidComponentsSchema.describe(
    'What that held credit paid, component by component: a receipt shows `paid` + `paid_with_credit` so a settlement reads as its quote.',
  ),
  credit_added: money.describe('Held for the borrower (more than was owed).'),
  remaining: money.describe('What the loan still asked right after this payment.'),
  bills_paid: z.array(z.number().int()),
});
export const repayRecordsSchema = z.object({ list: z.array(repayRecordSchema) });
export type RepayRecord = z.infer<typeof repayRecordSchema>;

/** GET /v1/order/settlement_quote?date=: flexible repayment, what settling on a chosen day costs and saves. */
export const settlementQuoteQuerySchema = z.object({
  date: optionalText(
    z
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'field.invalid' }),
  ).describe('Today or a later day up to the last due date; absent: today.'),
});
export const settlementQuoteSchema = z.object({
  order_id: z.string(),
  business_date: date,
  date,
  amount: money.describe('Pay exactly this on `date` to close the loan (credit held already deducted).'),
  principal: money,
  interest: money,
  fee: money,
  late_fee: money,
  credit_applied: money,
  scheduled_remaining: money.describe('What the schedule still asks if the loan runs to term.'),
  saved: z.object({ interest: money, fee: money, total: money }),
  days_of_use: z.number().int(),
  last_date: date.describe('The last day a quote can be asked for (the last due date).'),
});
export type SettlementQuoteView = z.infer<typeof settlementQuoteSchema>;

/** GET /v1/order/loan_records: every loan of the borrower, newest first. */
export const loanRecordsSchema = z.object({
  list: z.array(
    z.object({
      order_id: z.string(),
      state: z.string(),
      group: z.enum(LOAN_HISTORY_GROUPS),
      amount: money,
      amount_received: money,
      period: z.string(),
      created_at: instantText,
      disbursed_on: date.nullable(),
      outstanding: money.describe('What the loan still asks today (0 once paid off).'),
      overdue_bills: z.number().int().describe('Bills past due and unpaid today.'),
      days_late: z.number().int().describe('The largest number of days one of them is late.'),
    }),
  ),
});
export type LoanRecords = z.infer<typeof loanRecordsSchema>;

/** Outside production: the payment codes the sandbox gateway issued, and paying one as a borrower would. */
export const devPaymentCodeSchema = z.object({
  id: z.string(),
  external_id: z.string(),
  channel_id: z.string(),
  number: z.string(),
  amount: money,
  expires_at: instantText,
  paid_amount: money,
  created_at: instantText,
});
export const devPaymentCodesSchema = z.object({ list: z.array(devPaymentCodeSchema) });
export const devSimulatePaymentBodySchema = z.object({
  external_id: z.string().trim().min(1).max(64),
  amount: amountField(1, MONEY_LIMIT, 'field.required', 'field.invalid')
    .optional()
    .describe('Rupiah; absent pays the exact amount.'),
});

const REPAY_ERRORS = [
  'NO_REPAYING_LOAN',
  'NOT_FOUND',
  'CHANNEL_UNKNOWN',
  'REPAY_AMOUNT_CHANGED',
  'CHANNEL_AMOUNT_LIMIT',
  'NOTHING_DUE',
  'PAYMENT_GATEWAY_UNAVAILABLE',
] as const;

export const repaymentCalls = {
  getBills: defineCall('getBills', {
    tag: 'loans',
    summary: "The open loan's bills as of today",
    description:
      'From the loan engine on the business date: each bill with principal, interest, fee, late fee, paid and outstanding, days late, the nearest bill and the upcoming ones, and what one payment can settle today (an instalment, everything due, or the whole loan with the charges saved).',
    errors: [],
    query: billsQuerySchema,
    response: billsSchema,
  }),
  getRepayMethods: defineCall('getRepayMethods', {
    tag: 'loans',
    summary: 'The channels a repayment can go through',
    description:
      "Virtual accounts and convenience stores, each available or not for today's amount of `repayment_type` (default the nearest instalment) within the gateway's limits.",
    errors: ['NO_REPAYING_LOAN', 'NOTHING_DUE'],
    query: repayMethodQuerySchema,
    response: repayMethodsSchema,
  }),
  createRepayment: defineCall('createRepayment', {
    tag: 'loans',
    summary: 'Get a payment code (virtual account or store code)',
    description:
      "For one instalment, everything due, or the whole loan, at the amount the server computes today (4312 with `amount` when the client's total differs). Asking again for the same loan, type, channel and amount answers the still-valid code, also when the requests arrive together (one gateway call; if it fails, all of them get 4315 and the next try asks afresh). Codes expire after PAYMENT_CODE_TTL_HOURS (24 h).",
    errors: [...REPAY_ERRORS],
    body: repayBodySchema,
    response: paymentCodeSchema,
  }),
  getPaymentCode: defineCall('getPaymentCode', {
    tag: 'loans',
    summary: "One of the borrower's payment codes, with its status",
    description:
      'Polled by the payment page: `paid` once the gateway reported the payment and it was applied.',
    errors: ['NOT_FOUND'],
    params: paymentCodeParamsSchema,
    response: paymentCodeSchema,
  }),
  getRepayRecords: defineCall('getRepayRecords', {
    tag: 'loans',
    summary: "The borrower's payments (receipts)",
    description:
      'Newest first: amount, channel, time, what each paid (principal, interest, fee, late fee), credit held and what remained.',
    errors: [],
    response: repayRecordsSchema,
  }),
  getSettlementQuote: defineCall('getSettlementQuote', {
    tag: 'loans',
    summary: 'Flexible repayment: settling the whole loan on a chosen day',
    description:
      "The engine's settlement quote for `date` (today by default, up to the last due date): the amount that closes the loan that day, its parts, and the interest and fees saved against the schedule. Days in the future assume no payment meanwhile.",
    errors: ['NO_REPAYING_LOAN'],
    query: settlementQuoteQuerySchema,
    response: settlementQuoteSchema,
  }),
  getLoanRecords: defineCall('getLoanRecords', {
    tag: 'loans',
    summary: "The borrower's loans, newest first, in the history's groups",
    description:
      'Each loan with its group (overdue, failed, awaiting disbursement, not paid, paid off, cancelled), amounts, what remains today and how late it is.',
    errors: [],
    response: loanRecordsSchema,
  }),
  listDevPaymentCodes: defineCall('listDevPaymentCodes', {
    tag: 'development',
    summary: 'Payment codes the sandbox gateway issued',
    description: 'Newest first. Never in production.',
    errors: [],
    response: devPaymentCodesSchema,
  }),
  simulateDevPayment: defineCall('simulateDevPayment', {
    tag: 'development',
    summary: 'The sandbox gateway pays a code',
    description:
      'Pays `amount` (default the exact amount) into the code as a borrower would; the payment arrives as the signed callback a real gateway sends. Never in production.',
    errors: ['NOT_FOUND'],
    body: devSimulatePaymentBodySchema,
    response: devPaymentCodeSchema,
  }),
};

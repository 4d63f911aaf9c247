import { z } from 'zod';
import { LOAN_STATES } from '../lifecycle/loan-state.ts';
import { rupiahSchema } from '../money/rupiah-schema.ts';
import { bankAccountSchema } from '../validation/profile.ts';
import { amountField, flagField, wholeNumberField } from '../validation/form-fields.ts';
import { optionalText } from './auth.ts';
import { codeSchema } from '../validation/coded-field.ts';
import { dateText, instantText } from './formats.ts';
import { defineCall } from './define-call.ts';
import { CONFIRMING_PIN, payPinField } from './pay-pin-field.ts';
import { BILL_STATUS_MEANINGS, LOAN_FAIL_STATUS_MEANINGS } from './user.ts';

/**
 * Borrowing (spec sections 2, 3 and 7): the products a borrower may take, the purpose tree, the full plan before
 * agreeing, the agreement, the order, and the bank account the money goes to when a disbursement fails.
 */

const money = rupiahSchema;
const date = dateText;

/** A tenor as the product offers it, with its `period` key (pricing/tenor-key.ts) and its label in the caller's language. */
export const tenorViewSchema = z.object({
  period: z.string(),
  unit: z.enum(['day', 'month']),
  length: z.number().int(),
  instalments: z.number().int(),
  label: z.string(),
  /**
   * The largest amount this borrower may take on this tenor today: within the available limit and the affordability
   * rule (no month's repayments above the share of income in force); below `min_amount` (0) when none. An order or
   * plan above it is refused (4295, 4300).
   */
  max_amount: money,
});

/** GET /v1/loan_products: what this borrower may take today. */
export const loanProductsSchema = z.object({
  can_borrow: z
    .boolean()
    .describe(
      'False with a reason when the borrower may not borrow now (not approved, a loan open, no limit left).',
    ),
  reason: z.enum(['not_approved', 'open_loan', 'no_limit']).nullable(),
  available_amount: money,
  list: z.array(
    z.object({
      pid: z.string(),
      name: z.string(),
      min_amount: money,
      max_amount: money.describe("The product's maximum, or the available limit when lower."),
      step: money,
      tenors: z.array(tenorViewSchema),
      daily_interest_percent: z.string(),
      daily_service_fee_percent: z.string(),
      daily_late_fee_percent: z.string(),
      origination_fee_percent: z.string(),
      origination_fee_fixed: money,
      price_text: z
        .string()
        .describe(
          'The price in words, e.g. "Bunga 0,03% per hari, biaya layanan 0,07% per hari, tanpa biaya di muka".',
        ),
    }),
  ),
});
export type LoanProducts = z.infer<typeof loanProductsSchema>;

/** One node of GET /v2/get_purpose; each child carries its parent's id (spec section 3). */
export interface PurposeView {
  id: number;
  name: string;
  name_id: string;
  name_en: string;
  parent_id: number | null;
  children: PurposeView[];
}
export const purposeViewSchema: z.ZodType<PurposeView> = z
  .lazy(
    () =>
      z.object({
        id: z.number().int(),
        name: z.string(),
        name_id: z.string(),
        name_en: z.string(),
        parent_id: z.number().int().nullable(),
        children: z.array(purposeViewSchema),
      }),
    // A named component of the API document: a tree refers to itself, which only a named schema can.
  )
  .meta({ id: 'PurposeView' });
export const purposesSchema = z.object({ list: z.array(purposeViewSchema) });

const pidField = z
  .string({ error: 'loan.product_required' })
  .trim()
  .min(1, { error: 'loan.product_required' })
  .max(64);
const periodField = z
  .string({ error: 'loan.period_required' })
  .trim()
  .min(1, { error: 'loan.period_required' })
  .max(32);
/** The amount as typed: range and step are the product's, checked by the server against it and the limit. */
const moneyField = amountField(1, 1_000_000_000_000, 'loan.amount_required', 'loan.amount_invalid');

/** GET /v1/order/plan_v2 (spec: period, money, pid). */
export const planQuerySchema = z.object({ pid: pidField, money: moneyField, period: periodField });

export const planInstalmentSchema = z.object({
  number: z.number().int(),
  due_date: date,
  principal: money,
  interest: money,
  fee: money,
  total: money,
  remaining: money.describe('Everything still to repay after this instalment.'),
});

/** The engine's whole plan: every instalment, the totals, what arrives in the bank, and the caps it was checked against. */
export const loanPlanSchema = z.object({
  pid: z.string(),
  amount: money,
  period: z.string(),
  tenor_label: z.string(),
  start_date: date,
  maturity_date: date,
  days: z.number().int(),
  instalments: z.array(planInstalmentSchema),
  totals: z.object({
    principal: money,
    interest: money,
    fee: money,
    origination_fee: money,
    cost: money.describe('Interest + fees: what the loan costs.'),
    repayment: money.describe("What the borrower repays in all (the instalments' sum)."),
  }),
  amount_received: money.describe(
    'What arrives in the bank account: the amount less any fee deducted at disbursement.',
  ),
  deducted: money,
  caps: z.object({
    daily_cost_percent: z
      .string()
      .describe("The plan's cost per day of principal, percent (exact to 4 decimals, rounded up)."),
    daily_cap_percent: z.string().describe('The cap in force on the business date.'),
    daily_late_fee_percent: z.string(),
    late_fee_ceiling: money.describe(
      'The most late fees this loan may ever accrue (cost plus late fees never exceed the principal).',
    ),
    within_caps: z.boolean(),
  }),
  affordability: z.object({
    monthly_income: money.nullable(),
    largest_monthly_repayment: money,
    share_percent: z.string().nullable().describe('Share of income, percent, or null without an income.'),
    limit_percent: z.string(),
  }),
});
export type LoanPlanView = z.infer<typeof loanPlanSchema>;

/** GET /v1/order/agreement: the agreement of a plan (a preview, before ordering) or of an order. */
export const agreementQuerySchema = z.object({
  order_id: optionalText(z.string().trim().uuid()),
  pid: optionalText(z.string().trim().max(64)),
  money: moneyField.optional(),
  period: optionalText(z.string().trim().max(32)),
  purpose_id: optionalText(z.string().trim().max(6)),
  pdf: optionalText(z.enum(['0', '1'])).describe("'1': include the PDF (base64)."),
});
export const agreementSchema = z.object({
  version: z.string(),
  order_id: z
    .string()
    .nullable()
    .describe(
      'The order it was accepted with (its number), or null for a preview before ordering (the PDF says "PRATINJAU").',
    ),
  accepted_at: z
    .string()
    .nullable()
    .describe('When the borrower accepted it (ISO 8601); null for a preview.'),
  sha256: z
    .string()
    .describe(
      'SHA-256 of the PDF. For an accepted agreement, the hash stored with the order when it was accepted; the PDF answered is the copy kept then (never rendered anew).',
    ),
  title: z.string(),
  subtitle: z.string(),
  sections: z.array(
    z.object({
      heading: z.string(),
      paragraphs: z.array(z.string()),
      table: z.object({ columns: z.array(z.string()), rows: z.array(z.array(z.string())) }).optional(),
    }),
  ),
  pdf_base64: z.string().nullable(),
});
export type AgreementView = z.infer<typeof agreementSchema>;

/**
 * POST /v1/order/loan (form). The server plans again from pid, money and period (nothing the client computed is
 * trusted). `order_token` (or the `Idempotency-Key` header) makes a double tap one order.
 */
export const loanOrderBodySchema = z.object({
  pid: pidField,
  money: moneyField,
  period: periodField,
  purpose_id: wholeNumberField(1, 999_999, 'loan.purpose_required', 'loan.purpose_required'),
  agreement_version: z
    .string({ error: 'loan.agreement_required' })
    .trim()
    .min(1, { error: 'loan.agreement_required' })
    .describe('The agreement version the borrower read and accepted.'),
  agree: flagField('loan.agreement_required').refine((v) => v, { error: 'loan.agreement_required' }),
  pay_pin: optionalText(payPinField).describe(CONFIRMING_PIN),
  order_token: optionalText(z.string().trim().min(8).max(100)),
});
export type LoanOrderBody = z.input<typeof loanOrderBodySchema>;

/** Why a disbursement failed (the provider's reasons). */
export const DISBURSEMENT_FAILURES = [
  'ACCOUNT_NAME_MISMATCH',
  'ACCOUNT_CLOSED',
  'BANK_TIMEOUT',
  'REJECTED',
] as const;
export type DisbursementFailure = (typeof DISBURSEMENT_FAILURES)[number];

/** The borrower's order and loan: what /loan/loan-success, loaning, the failure modal and the history show. */
export const loanOrderSchema = z.object({
  order_id: z.string(),
  state: z.enum(LOAN_STATES),
  bill_status: codeSchema(
    { ...BILL_STATUS_MEANINGS, 0: 'cancelled' },
    'The order as spec section 4 codes it:',
  ),
  loan_fail_status: codeSchema(LOAN_FAIL_STATUS_MEANINGS),
  failure_reason: z.enum(DISBURSEMENT_FAILURES).nullable(),
  failure_text: z.string().nullable(),
  pid: z.string(),
  amount: money,
  amount_received: money,
  period: z.string(),
  tenor_label: z.string(),
  purpose_id: z.number().int(),
  purpose: z.string(),
  created_at: instantText,
  disbursed_on: date.nullable().describe('The business date the money arrived, once disbursed.'),
  disbursement_status: z
    .enum(['none', 'queued', 'pending', 'completed', 'failed'])
    .describe(
      'queued: about to be sent; pending: with the bank; completed; failed; none before the first try.',
    ),
  bank_name: z.string(),
  card_num_masked: z.string(),
  instalments: z.array(planInstalmentSchema),
  repayment: money,
  agreement: z.object({ version: z.string(), sha256: z.string(), accepted_at: instantText }),
  can_cancel: z
    .boolean()
    .describe('Cooling-off: true while nothing was sent to the bank, so cancelling costs nothing.'),
});
export type LoanOrderView = z.infer<typeof loanOrderSchema>;

export const currentOrderSchema = z.object({ order: loanOrderSchema.nullable() });

export const orderIdBodySchema = z.object({
  order_id: z.string({ error: 'field.invalid' }).trim().uuid({ error: 'field.invalid' }),
});

/**
 * POST /v1/user/bank_patch: after a disbursement failed, a corrected account (bank and card_num, checked with the bank
 * like the onboarding step) or a saved card (`id`); it becomes the default and the disbursement is sent again.
 */
const confirmingPin = { pay_pin: optionalText(payPinField).describe(CONFIRMING_PIN) };
export const bankPatchBodySchema = z.union([
  bankAccountSchema.extend(confirmingPin),
  z.object({
    id: z.string({ error: 'bank.required' }).trim().min(1, { error: 'bank.required' }).max(64),
    ...confirmingPin,
  }),
]);
export type BankPatchBody = z.input<typeof bankPatchBodySchema>;

/** Outside production: disbursements the sandbox bank holds, to finish by hand (dev page, browser tests). */
export const devDisbursementSchema = z.object({
  id: z.string(),
  external_id: z.string().describe("Our disbursement try's id, the external id the bank was given."),
  amount: money,
  bank: z.string(),
  card_num_masked: z.string(),
  status: z.enum(['PENDING', 'COMPLETED', 'FAILED']),
  failure_code: z.string().nullable(),
  created_at: instantText,
  callback_at: instantText.nullable(),
});
export const devDisbursementsSchema = z.object({ list: z.array(devDisbursementSchema) });
export const devDisbursementParamsSchema = z.object({ id: z.string().max(64) });
export const devDisbursementFailBodySchema = z.object({
  reason: z
    .enum(['ACCOUNT_NAME_MISMATCH', 'ACCOUNT_CLOSED', 'BANK_TIMEOUT'])
    .default('ACCOUNT_NAME_MISMATCH'),
});

const ORDER_ERRORS = [
  'NOT_APPROVED',
  'LOAN_OPEN',
  'PRODUCT_NOT_FOUND',
  'AMOUNT_NOT_OFFERED',
  'TENOR_NOT_OFFERED',
  'OVER_LIMIT',
  'PLAN_OVER_CAP',
  'PLAN_UNAFFORDABLE',
] as const;

export const loanCalls = {
  getLoanProducts: defineCall('getLoanProducts', {
    tag: 'loans',
    summary: 'The loan products this borrower may take today',
    description:
      'Active products offered on the business date within the caps in force, their ranges (the maximum lowered to the available limit), tenors with their `period` keys, and the price in words. `can_borrow` false with a reason when the borrower is not approved, has a loan open or has no limit left.',
    errors: [],
    response: loanProductsSchema,
  }),
  getPurposes: defineCall('getPurposes', {
    tag: 'loans',
    summary: 'What a loan can be for',
    description: "A two-level tree; the borrower picks a child. Names in both languages and in the caller's.",
    errors: [],
    response: purposesSchema,
  }),
  getLoanPlan: defineCall('getLoanPlan', {
    tag: 'loans',
    summary: 'The full repayment plan of an amount and tenor',
    description:
      'Computed by the loan engine from the business date: every instalment (date, principal, interest, fee, total), the totals, the amount received, the caps and the affordability figures. The amount must be within the product and the available limit and on its step.',
    errors: [...ORDER_ERRORS],
    query: planQuerySchema,
    response: loanPlanSchema,
  }),
  getLoanAgreement: defineCall('getLoanAgreement', {
    tag: 'loans',
    summary: 'The loan agreement, to read before accepting',
    description:
      'With `order_id`, the agreement the borrower accepted: its number, the time of acceptance, and with `pdf=1` the PDF kept when it was accepted (the same bytes, whose SHA-256 is `sha256`). Otherwise a preview for `pid`, `money`, `period` and `purpose_id`, marked as one and unnumbered. `pdf=1` adds the PDF (Indonesian, then English) as base64.',
    errors: [...ORDER_ERRORS, 'NOT_FOUND', 'AGREEMENT_COPY_UNAVAILABLE'],
    query: agreementQuerySchema,
    response: agreementSchema,
  }),
  createLoanOrder: defineCall('createLoanOrder', {
    tag: 'loans',
    summary: 'Borrow: create the loan order',
    description:
      'Plans again on the server, checks the limit, the product, the caps and that no other loan is open, stores the accepted agreement (version, SHA-256, time, address) and queues the disbursement. `order_token` or the `Idempotency-Key` header: a repeated request answers the same order.',
    errors: [
      ...ORDER_ERRORS,
      'AGREEMENT_OUTDATED',
      'BANK_ACCOUNT_REQUIRED',
      'ACCOUNT_BLOCKED',
      'CONSENT_WITHDRAWN',
      'PAY_PIN_REQUIRED',
      'PAY_PIN_WRONG',
      'PAY_PIN_LOCKED',
    ],
    body: loanOrderBodySchema,
    headers: [
      {
        name: 'Idempotency-Key',
        required: false,
        description:
          'Makes a repeated request one order, like `order_token` (8-100 characters); the header wins when both are sent.',
        schema: { type: 'string', minLength: 8, maxLength: 100 },
      },
    ],
    response: loanOrderSchema,
  }),
  getCurrentOrder: defineCall('getCurrentOrder', {
    tag: 'loans',
    summary: "The borrower's open loan order",
    description: 'The newest order not finished (awaiting disbursement, failed, repaying), or null.',
    errors: [],
    response: currentOrderSchema,
  }),
  cancelLoanOrder: defineCall('cancelLoanOrder', {
    tag: 'loans',
    summary: 'Cancel an order before its money is sent (cooling-off)',
    description:
      'Free of charge while nothing was sent to the bank (`can_cancel`): after the bank refused the account, or before the disbursement left. 4301 once the money is on its way.',
    errors: ['NOT_FOUND', 'CANNOT_CANCEL'],
    body: orderIdBodySchema,
    response: loanOrderSchema,
  }),
  patchBank: defineCall('patchBank', {
    tag: 'loans',
    summary: 'Correct the bank account of a failed disbursement and send it again',
    description:
      "A new account (`bank`, `card_num`, checked with the bank and in the borrower's KTP name) or a saved card (`id`) becomes the default, and the failed disbursement is sent to it.",
    errors: [
      'NO_FAILED_DISBURSEMENT',
      'NOT_FOUND',
      'BANK_NAME_MISMATCH',
      'BANK_ACCOUNT_NOT_FOUND',
      'BANK_CHECK_UNAVAILABLE',
      'PAY_PIN_REQUIRED',
      'PAY_PIN_WRONG',
      'PAY_PIN_LOCKED',
    ],
    body: bankPatchBodySchema,
    response: loanOrderSchema,
  }),
  listDevDisbursements: defineCall('listDevDisbursements', {
    tag: 'development',
    summary: 'Disbursements the sandbox bank holds',
    description: 'Newest first. Never in production.',
    errors: [],
    response: devDisbursementsSchema,
  }),
  completeDevDisbursement: defineCall('completeDevDisbursement', {
    tag: 'development',
    summary: 'The sandbox bank completes a disbursement',
    description: 'Sends the signed COMPLETED callback now, as the provider would. Never in production.',
    errors: ['NOT_FOUND', 'CONFLICT'],
    params: devDisbursementParamsSchema,
    response: devDisbursementSchema,
  }),
  failDevDisbursement: defineCall('failDevDisbursement', {
    tag: 'development',
    summary: 'The sandbox bank fails a disbursement',
    description: 'Sends the signed FAILED callback now with `reason`. Never in production.',
    errors: ['NOT_FOUND', 'CONFLICT'],
    params: devDisbursementParamsSchema,
    body: devDisbursementFailBodySchema,
    response: devDisbursementSchema,
  }),
};

import { z } from 'zod';
import { rupiahSchema } from '../money/rupiah-schema.ts';
import { amountField } from '../validation/form-fields.ts';
import { phoneSchema } from '../validation/phone.ts';
import { optionalText } from './auth.ts';
import { defineCall, type HeaderDoc } from './define-call.ts';
import { dateText, instantText } from './formats.ts';
import { HEADER } from './header-names.ts';
import { payPinField } from './pay-pin-field.ts';

/**
 * Pay-later at a merchant's checkout (spec sections 1, 7 and 9; issue 26). A merchant's server creates an order and
 * sends the buyer to `/third/pay/order?sign_key=...`; these are the buyer's calls from that page. Blank values are
 * absent (spec section 5: empty values are dropped from commerce bodies), as everywhere in the contract.
 */

const money = rupiahSchema;

/** The checkout's key from the merchant's link; the `commerce_api_sign_key` header may carry it instead. */
const signKeyField = optionalText(z.string().trim().min(16).max(128)).describe(
  "The checkout link's `sign_key`. May be left out when the `commerce_api_sign_key` header carries it.",
);
/** A pay-later plan: `<product>.<tenor key>`, e.g. `pay-later.month-3-3` (3 monthly instalments). */
const planIdField = z
  .string({ error: 'commerce.plan_required' })
  .trim()
  .min(1, { error: 'commerce.plan_required' })
  .max(80);

export const COMMERCE_HEADERS: readonly HeaderDoc[] = [
  {
    name: HEADER.commerceAppId,
    required: false,
    description:
      "The merchant's commerce app id; when sent it must be the checkout's merchant (4419 otherwise).",
    schema: { type: 'string', maxLength: 128 },
  },
  {
    name: HEADER.commerceSignKey,
    required: false,
    description:
      "The checkout's sign_key when the query leaves it out; when both are sent they must be equal.",
    schema: { type: 'string', maxLength: 256 },
  },
  {
    name: HEADER.commerceAppUid,
    required: false,
    description: "The merchant's id of its buyer; when the merchant named one with the order, it must match.",
    schema: { type: 'string', maxLength: 128 },
  },
];

export const commerceOrderQuerySchema = z.object({
  sign_key: signKeyField,
  product_id: optionalText(planIdField).describe('A plan chosen on the page: its schedule is included.'),
  coupon_id: optionalText(z.string().trim().max(64)).describe('A coupon to price the chosen plan with.'),
});

export const commerceItemSchema = z.object({
  name: z.string(),
  quantity: z.number().int().positive(),
  price: money.describe('Unit price in rupiah.'),
});

export const commerceInstalmentSchema = z.object({
  number: z.number().int(),
  due_date: dateText,
  principal: money,
  interest: money,
  fee: money,
  total: money,
});

/** One plan priced by the loan engine on today's business date, after any coupon. */
export const commercePlanSchema = z.object({
  pid: z.string().describe('`<product>.<tenor key>`: the `product_id` / `pid` of the other calls.'),
  product_id: z.string(),
  period: z.string().describe('Tenor key, e.g. `month-3-3`.'),
  label: z.string().describe("The tenor in the borrower's language."),
  free_interest: z.boolean(),
  instalments: z.number().int(),
  amount: money,
  interest: money,
  fee: money,
  discount: money.describe('What the coupon took off interest and fees.'),
  total: money.describe('Everything to repay: amount + interest + fee.'),
  first_instalment: money,
  coupon_id: z.string().nullable(),
});
export type CommercePlan = z.infer<typeof commercePlanSchema>;

export const commerceCouponSchema = z.object({
  id: z.string(),
  label: z.string().describe('What it gives, in the borrower\'s language ("Rp50.000 off interest").'),
  plans: z.array(z.string()).describe('The plans (`pid`) it applies to.'),
});

export const commerceOrderSchema = z.object({
  order_id: z.string(),
  merchant_name: z.string(),
  merchant_order_id: z.string(),
  items: z.array(commerceItemSchema).describe("The merchant's order_detail."),
  amount: money,
  status: z
    .enum(['unpaid', 'paid', 'cancelled', 'partly_refunded', 'refunded'])
    .describe('A paid order the merchant refunded in part is `partly_refunded`, in whole `refunded`.'),
  refunded_amount: money.describe(
    'What the merchant refunded of the paid order (its pay-later loan fell by it).',
  ),
  expires_at: instantText,
  return_url: z.string(),
  /** Signed-in calls only: what the borrower may still spend with pay-later (null on the `_free` variant). */
  available_amount: money.nullable(),
  pay_pin_set: z.boolean().nullable().describe('Whether a payment PIN is set (null on the `_free` variant).'),
  coupons: z.array(commerceCouponSchema),
  plan: commercePlanSchema
    .extend({ schedule: z.array(commerceInstalmentSchema) })
    .nullable()
    .describe('The plan `product_id` names, priced with `coupon_id`; null when none was chosen.'),
});
export type CommerceOrderView = z.infer<typeof commerceOrderSchema>;

export const commerceProductsQuerySchema = z.object({ sign_key: signKeyField });
export const commerceProductsSchema = z.object({ list: z.array(commercePlanSchema) });
export type CommerceProducts = z.infer<typeof commerceProductsSchema>;

export const repayPreviewQuerySchema = z.object({
  amount: amountField(1, 1_000_000_000_000, 'commerce.amount_required', 'commerce.amount_invalid'),
  pid: planIdField,
  coupon_id: optionalText(z.string().trim().max(64)),
});
export const repayPreviewSchema = commercePlanSchema.extend({ schedule: z.array(commerceInstalmentSchema) });
export type RepayPreview = z.infer<typeof repayPreviewSchema>;

/** POST /v1/commerce/loan (form): the purchase. */
export const commerceLoanBodySchema = z.object({
  sign_key: signKeyField,
  product_id: planIdField,
  coupons_id: optionalText(z.string().trim().max(64)).describe(
    "The web app sets it from the page's coupon_id.",
  ),
  pay_pin: payPinField,
});

export const commerceLoanSchema = z.object({
  order_id: z.string(),
  loan_id: z.string(),
  status: z.literal('paid'),
  return_url: z.string(),
  plan: commercePlanSchema,
});
export type CommerceLoanView = z.infer<typeof commerceLoanSchema>;

/** GET /v1/commerce/app_download_url: the pay/download page's phone, to receive the app's store links by SMS. */
export const appDownloadQuerySchema = z.object({ phone: phoneSchema });
export const appDownloadSchema = z.object({
  sent: z.literal(true),
  phone_masked: z.string().describe('The phone as the page may show it back: 0812*****7890.'),
});
export type AppDownloadSent = z.infer<typeof appDownloadSchema>;

const CHECKOUT_ERRORS = ['CHECKOUT_NOT_FOUND', 'CHECKOUT_EXPIRED', 'COMMERCE_HEADERS_MISMATCH'] as const;
const PRICING_ERRORS = ['PAY_LATER_PLAN_NOT_OFFERED', 'COUPON_NOT_VALID', 'PAY_LATER_OVER_LIMIT'] as const;

export const commerceCalls = {
  getCommerceOrder: defineCall('getCommerceOrder', {
    tag: 'commerce',
    summary: 'The checkout: the merchant order, the coupons and the chosen plan',
    description:
      'The order behind `sign_key` (items, amount, merchant), the pay-later available to the borrower and, with `product_id`, that plan priced with `coupon_id`. The first signed-in borrower to open a checkout holds it; for anyone else it is not found.',
    errors: [...CHECKOUT_ERRORS, ...PRICING_ERRORS],
    headers: COMMERCE_HEADERS,
    query: commerceOrderQuerySchema,
    response: commerceOrderSchema,
  }),
  getCommerceOrderFree: defineCall('getCommerceOrderFree', {
    tag: 'commerce',
    summary: 'The checkout before signing in (free-interest offer)',
    description:
      "The same order for a visitor not signed in: no borrower figures, and plans priced with the first purchase's free-interest offer.",
    errors: [...CHECKOUT_ERRORS, 'PAY_LATER_PLAN_NOT_OFFERED', 'COUPON_NOT_VALID'],
    headers: COMMERCE_HEADERS,
    query: commerceOrderQuerySchema,
    response: commerceOrderSchema,
  }),
  getCommerceProducts: defineCall('getCommerceProducts', {
    tag: 'commerce',
    summary: 'The pay-later plans for the order',
    description:
      "30 days, 3 or 6 monthly instalments of the order's amount, priced by the loan engine within the caps in force; a borrower's first pay-later purchase also gets the free-interest plans.",
    errors: [...CHECKOUT_ERRORS],
    headers: COMMERCE_HEADERS,
    query: commerceProductsQuerySchema,
    response: commerceProductsSchema,
  }),
  getCommerceProductsFree: defineCall('getCommerceProductsFree', {
    tag: 'commerce',
    summary: 'The pay-later plans before signing in (free-interest offer)',
    description: 'The plans of the free-interest offer, for a visitor not signed in.',
    errors: [...CHECKOUT_ERRORS],
    headers: COMMERCE_HEADERS,
    query: commerceProductsQuerySchema,
    response: commerceProductsSchema,
  }),
  getRepayPreview: defineCall('getRepayPreview', {
    tag: 'commerce',
    summary: 'The full schedule of an amount on a pay-later plan',
    description: 'Every instalment (date, principal, interest, fee) from the loan engine, after `coupon_id`.',
    errors: ['PAY_LATER_PLAN_NOT_OFFERED', 'COUPON_NOT_VALID', 'AMOUNT_NOT_OFFERED'],
    query: repayPreviewQuerySchema,
    response: repayPreviewSchema,
  }),
  getRepayPreviewFree: defineCall('getRepayPreviewFree', {
    tag: 'commerce',
    summary: 'The schedule before signing in (free-interest offer)',
    description: "The same schedule on the free-interest offer's plans, for a visitor not signed in.",
    errors: ['PAY_LATER_PLAN_NOT_OFFERED', 'COUPON_NOT_VALID', 'AMOUNT_NOT_OFFERED'],
    query: repayPreviewQuerySchema,
    response: repayPreviewSchema,
  }),
  createCommerceLoan: defineCall('createCommerceLoan', {
    tag: 'commerce',
    summary: 'Pay with pay-later: the purchase',
    description:
      'Checks the payment PIN (5 wrong tries lock it for PAY_PIN_LOCK_MINUTES), plans again on the server, and in one transaction opens the pay-later loan (paid to the merchant, billed like any loan), marks the order paid and queues the signed webhook to the merchant. A repeated purchase of a paid order answers 4412.',
    errors: [
      ...CHECKOUT_ERRORS,
      ...PRICING_ERRORS,
      'PAY_PIN_NOT_SET',
      'PAY_PIN_WRONG',
      'PAY_PIN_LOCKED',
      'LOAN_OPEN',
      'BANK_ACCOUNT_REQUIRED',
      'ACCOUNT_BLOCKED',
      'PLAN_OVER_CAP',
      'RATE_LIMITED',
    ],
    headers: COMMERCE_HEADERS,
    body: commerceLoanBodySchema,
    response: commerceLoanSchema,
  }),
  getAppDownloadUrl: defineCall('getAppDownloadUrl', {
    tag: 'commerce',
    summary: 'Send the app download link by SMS',
    description:
      "Not signed in (the pay/download page): an SMS to `phone` with the app's store links (the configuration's `app_download_android` and `app_download_ios`), in the `lan` language. Anyone may name any phone, so it is limited: a phone gets at most one such SMS in 10 minutes and 3 in 24 hours, an address may ask 10 times an hour (4029 with `retry_after`). When no store link is configured nothing is sent (4423).",
    errors: ['BAD_PHONE', 'APP_DOWNLOAD_UNAVAILABLE', 'RATE_LIMITED'],
    query: appDownloadQuerySchema,
    response: appDownloadSchema,
  }),
};

import { z } from 'zod';
import { signedRupiahSchema as money } from '../money/rupiah-schema.ts';
import { defineCall } from './define-call.ts';

/**
 * GET /v1/landing/example (public): the landing page's loan example, computed by the loan engine from the
 * active cash-loan product on today's business date, never typed in.
 */
export const landingExampleSchema = z.object({
  product_name: z.string(),
  amount: money,
  tenor_months: z.number().int(),
  instalments: z.number().int(),
  total_interest_and_fees: money,
  instalment: money.describe('The first instalment; instalments differ by at most the rounding remainder.'),
  total_repayment: money,
  amount_received: money.describe(
    'What reaches the bank account: the amount less any fee deducted at disbursement.',
  ),
  daily_interest_percent: z
    .string()
    .describe(
      'Daily rates of the product as exact percent strings ("0.03"): the landing page states them, never typed copy.',
    ),
  daily_service_fee_percent: z.string(),
  daily_late_fee_percent: z.string(),
  daily_cost_percent: z
    .string()
    .describe('Interest plus service fee per day: the economic benefit the OJK cap limits.'),
  origination_fee_percent: z.string(),
  origination_fee_fixed: money,
  min_amount: money,
  max_amount: money,
  max_tenor_months: z.number().int(),
});
export type LandingExample = z.infer<typeof landingExampleSchema>;

export const landingCalls = {
  getLandingExample: defineCall('getLandingExample', {
    tag: 'loans',
    summary: "The landing page's loan example",
    description:
      "Computed by the loan engine from the active cash-loan product on today's business date: amounts in whole rupiah, rates as exact percent strings. 4040 when no product is active.",
    errors: ['NOT_FOUND'],
    response: landingExampleSchema,
  }),
};

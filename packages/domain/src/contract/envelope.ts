import { z } from 'zod';
import { DELETION_BLOCKERS } from '../legal/deletion-blockers.ts';
import { signedRupiahSchema as money } from '../money/rupiah-schema.ts';

/** Every API answer (spec section 7): `code` 200 is success; anything else is an error whose `msg` is in the caller's language. */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data });
}

export type Envelope<T> = { code: number; msg: string; data: T };

/** The data of an error answer: the fields that failed, keyed by name, with a message key each. */
export const errorDataSchema = z
  .object({
    fields: z.record(z.string(), z.string()).optional(),
    retry_after: z.number().int().optional(),
    tries_left: z
      .number()
      .int()
      .min(0)
      .optional()
      .describe(
        '4010 (wrong code): the wrong tries still allowed before the code locks or this caller is refused; 0 means ask for a new code. `fields.sms_code` names the field.',
      ),
    captcha: z
      .literal(1)
      .optional()
      .describe(
        '1: solve the image captcha (GET /v1/captcha) and repeat the call with captcha_id and captcha_code.',
      ),
    versions: z
      .object({ terms_version: z.string(), privacy_version: z.string() })
      .optional()
      .describe(
        '4000 with `agreement.outdated` or `consent.required`: the versions in force of the terms and the privacy policy (GET /v1/legal/versions), to show and send again.',
      ),
    request_id: z.string().optional(),
    reapply_date: z
      .string()
      .optional()
      .describe('4284: the Asia/Jakarta date (YYYY-MM-DD) from which the borrower may reapply.'),
    min_amount: money
      .optional()
      .describe(
        "4293: the product's range and step; 4313: the channel's limits; 4300 `max_amount` alone: the most the income allows on the tenor.",
      ),
    max_amount: money.optional(),
    step: money.optional(),
    available_amount: money.optional().describe('4295: what the borrower may still borrow.'),
    refundable_amount: money.optional().describe('4426: what may still be refunded of the order.'),
    largest_monthly_repayment: money.optional().describe("4300: the plan's largest monthly repayment."),
    amount: money.optional().describe("4312: today's amount of the repayment asked, and the bill it pays."),
    bill_number: z.number().int().nullable().optional(),
    cap_violations: z
      .array(
        z.object({
          date: z.string(),
          code: z.string(),
          rows: z.array(z.string()),
          message: z.object({ 'en-US': z.string(), 'id-ID': z.string() }),
        }),
      )
      .optional()
      .describe(
        '4380: each cap a product version breaks: the day it applies, the rule (cap row ids) and the text in both languages.',
      ),
    next_allowed_at: z
      .string()
      .optional()
      .describe('4360 (collections): when the borrower may next be contacted, ISO instant.'),
    disputed_since: z
      .string()
      .optional()
      .describe('4362 (collections): the day the loan came under dispute, YYYY-MM-DD.'),
    blockers: z
      .array(z.enum(DELETION_BLOCKERS))
      .optional()
      .describe(
        '4400: what stops the account being deleted now (a loan owed, an application being decided ...).',
      ),
    locked_until: z
      .string()
      .optional()
      .describe('4418 (payment PIN): until when the PIN stays locked, ISO instant.'),
  })
  .nullable();
export type ErrorData = z.infer<typeof errorDataSchema>;

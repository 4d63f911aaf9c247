import { z } from 'zod';
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
    /** 1: solve the image captcha (GET /v1/captcha) and repeat the call with captcha_id and captcha_code. */
    captcha: z.literal(1).optional(),
    request_id: z.string().optional(),
    /** 4284: the Asia/Jakarta date (YYYY-MM-DD) from which the borrower may reapply. */
    reapply_date: z.string().optional(),
    /** 4293: the product's range and step; 4313: the channel's limits; 4300 `max_amount` alone: the most the income allows on the tenor. */
    min_amount: money.optional(),
    max_amount: money.optional(),
    step: money.optional(),
    /** 4295: what the borrower may still borrow. */
    available_amount: money.optional(),
    /** 4300: the plan's largest monthly repayment. */
    largest_monthly_repayment: money.optional(),
    /** 4312: today's amount of the repayment asked, and the bill it pays. */
    amount: money.optional(),
    bill_number: z.number().int().nullable().optional(),
    /** 4380: each cap a product version breaks: the day it applies, the rule (cap row ids) and the text in both languages. */
    cap_violations: z
      .array(
        z.object({
          date: z.string(),
          code: z.string(),
          rows: z.array(z.string()),
          message: z.object({ 'en-US': z.string(), 'id-ID': z.string() }),
        }),
      )
      .optional(),
    /** 4360 (collections): when the borrower may next be contacted, ISO instant. */
    next_allowed_at: z.string().optional(),
  })
  .nullable();
export type ErrorData = z.infer<typeof errorDataSchema>;

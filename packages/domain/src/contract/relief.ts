import { z } from 'zod';
import { rupiahSchema } from '../money/rupiah-schema.ts';
import {
  MAX_DEFERRAL_DAYS,
  MAX_EXTRA_INSTALMENTS,
  MIN_DEFERRAL_DAYS,
  MIN_EXTRA_INSTALMENTS,
  RELIEF_DAY_OPTIONS,
  RELIEF_EXTRA_OPTIONS,
  RELIEF_KINDS,
  RELIEF_OFFER_DAYS,
  RELIEF_REASON_MAX,
  RELIEF_REASON_MIN,
  RELIEF_STATUSES,
  RELIEFS_PER_LOAN,
} from '../relief/relief-rules.ts';
import { optionalText } from './auth.ts';
import { CONFIRMING_PIN, payPinField } from './pay-pin-field.ts';
import { dateText, instantText } from './formats.ts';
import { defineCall } from './define-call.ts';

/**
 * Relief (keringanan, issue 27): a borrower who cannot pay on time asks, with a reason, for more days (their unpaid
 * bills due later) or for smaller instalments (what remains spread over more bills); staff decide (one proposes,
 * another approves); the borrower reads the addendum and accepts it with their payment PIN before any bill changes.
 * Nothing is charged for it. The rules are in relief/relief-rules.ts, the engine's side in lifecycle/relief.ts.
 */

/** Coerced: the app posts forms, whose values are text. */
export const reliefDaysField = z.coerce
  .number({ error: 'relief.days_invalid' })
  .int({ error: 'relief.days_invalid' })
  .min(MIN_DEFERRAL_DAYS, { error: 'relief.days_invalid' })
  .max(MAX_DEFERRAL_DAYS, { error: 'relief.days_invalid' });

export const reliefExtraField = z.coerce
  .number({ error: 'relief.extra_invalid' })
  .int({ error: 'relief.extra_invalid' })
  .min(MIN_EXTRA_INSTALMENTS, { error: 'relief.extra_invalid' })
  .max(MAX_EXTRA_INSTALMENTS, { error: 'relief.extra_invalid' });

export const reliefKindField = z
  .enum(RELIEF_KINDS, { error: 'relief.kind_invalid' })
  .describe(
    "'defer': the unpaid bills due `days` later. 'spread': what remains spread over `extra` more bills.",
  );

/**
 * A relief's number is `days` for a deferral and `extra` for a spread: the one its kind needs must be there, the other
 * must not. (A request without a kind is a deferral, the only kind before spreading existed.)
 */
export function checkReliefTerms(
  terms: { kind: (typeof RELIEF_KINDS)[number]; days?: number | undefined; extra?: number | undefined },
  ctx: z.RefinementCtx,
): void {
  const [needed, other] =
    terms.kind === 'defer' ? (['days', 'extra'] as const) : (['extra', 'days'] as const);
  if (terms[needed] === undefined)
    ctx.addIssue({ code: 'custom', path: [needed], message: `relief.${needed}_invalid` });
  if (terms[other] !== undefined)
    ctx.addIssue({ code: 'custom', path: [other], message: 'relief.kind_invalid' });
}

/** POST /v1/relief's fields, each checked on its own (a form picks those it shows). */
export const askReliefFieldsSchema = z.object({
  order_id: z
    .string({ error: 'relief.order_required' })
    .trim()
    .min(1, { error: 'relief.order_required' })
    .max(64),
  kind: reliefKindField.default('defer'),
  days: reliefDaysField.optional(),
  extra: reliefExtraField.optional(),
  reason: z
    .string({ error: 'relief.reason_required' })
    .trim()
    .min(RELIEF_REASON_MIN, { error: 'relief.reason_short' })
    .max(RELIEF_REASON_MAX, { error: 'relief.reason_long' }),
});

/** POST /v1/relief. */
export const askReliefBodySchema = askReliefFieldsSchema.superRefine(checkReliefTerms);
export type AskReliefBody = z.infer<typeof askReliefBodySchema>;

/** One bill a relief changes: its due date and what it still asks, before and after. */
export const reliefBillSchema = z.object({
  number: z.number().int(),
  due_date_before: dateText.nullable().describe('Null for a bill the relief adds (a spread).'),
  due_date_after: dateText,
  amount_before: rupiahSchema.describe('What the bill asked before (0 for a bill the relief adds).'),
  amount: rupiahSchema.describe('What the bill asks after: the same as before for a deferral.'),
});
export type ReliefBill = z.infer<typeof reliefBillSchema>;

export const reliefViewSchema = z.object({
  relief_id: z.string(),
  order_id: z.string(),
  status: z.enum(RELIEF_STATUSES),
  kind: z.enum(RELIEF_KINDS),
  days_asked: z.number().int().nullable().describe('A deferral: the days asked for.'),
  extra_asked: z.number().int().nullable().describe('A spread: the instalments asked to add.'),
  reason: z.string().describe("The borrower's own words."),
  asked_at: instantText,
  days_offered: z
    .number()
    .int()
    .nullable()
    .describe('A deferral: the days staff approved; null until offered.'),
  extra_offered: z
    .number()
    .int()
    .nullable()
    .describe('A spread: the instalments staff approved adding; null until offered.'),
  offer_expires_at: instantText
    .nullable()
    .describe(`The last moment to accept an offer (${RELIEF_OFFER_DAYS} days after it was made).`),
  bills: z
    .array(reliefBillSchema)
    .describe(
      'Offered: the bills as they would move if accepted today. Accepted: as they moved. Empty otherwise.',
    ),
  late_fees_kept: rupiahSchema
    .nullable()
    .describe('Late fees already charged, which stay owed (offered and accepted only).'),
  answer: z.string().nullable().describe('Why staff declined, in their words; null otherwise.'),
  decided_at: instantText.nullable(),
  accepted_at: instantText.nullable(),
  addendum_sha256: z.string().nullable().describe('SHA-256 of the signed addendum PDF, once accepted.'),
});
export type ReliefView = z.infer<typeof reliefViewSchema>;

export const RELIEF_UNAVAILABLE_REASONS = [
  'no_loan',
  'nothing_unpaid',
  'open_request',
  'already_given',
] as const;

export const reliefOverviewSchema = z.object({
  order_id: z.string().nullable().describe('The loan relief would be for: the open loan.'),
  can_ask: z.boolean(),
  cannot_ask_because: z.enum(RELIEF_UNAVAILABLE_REASONS).nullable(),
  day_options: z.array(z.number().int()).describe('A deferral: the days the borrower picks from.'),
  extra_options: z.array(z.number().int()).describe('A spread: the instalments the borrower may ask to add.'),
  next_due_date: dateText.nullable().describe("The first unpaid bill's due date."),
  requests: z.array(reliefViewSchema).describe('Newest first.'),
});
export type ReliefOverview = z.infer<typeof reliefOverviewSchema>;

export const reliefIdParams = z.object({ id: z.string().trim().min(1).max(64) });

export const reliefAddendumQuerySchema = z.object({
  pdf: z.enum(['0', '1']).optional().describe("'1': include the PDF (base64)."),
});

export const reliefAddendumSchema = z.object({
  relief_id: z.string(),
  signed: z
    .boolean()
    .describe('False for the preview of an offer, true for the copy kept when it was accepted.'),
  sha256: z.string(),
  terms: z
    .string()
    .describe(
      'A digest of the bills and late fees it states: POST /v1/relief/:id/accept takes it back, so the borrower accepts what they read.',
    ),
  title: z.string(),
  sections: z.array(z.object({ heading: z.string(), paragraphs: z.array(z.string()) })),
  pdf_base64: z.string().nullable(),
});
export type ReliefAddendumView = z.infer<typeof reliefAddendumSchema>;

export const reliefCalls = {
  getRelief: defineCall('getRelief', {
    tag: 'loans',
    summary: 'Relief: whether I can ask, and my requests',
    description: `Whether the borrower can ask for relief on their open loan (one request at a time, ${RELIEFS_PER_LOAN} relief per loan), the days (${RELIEF_DAY_OPTIONS.join(', ')}) or instalments to add (${RELIEF_EXTRA_OPTIONS.join(', ')}) they can pick, and their requests with their status.`,
    errors: [],
    response: reliefOverviewSchema,
  }),
  askRelief: defineCall('askRelief', {
    tag: 'loans',
    summary: 'Ask for relief: more time, or smaller instalments',
    description: `Asks, with a reason (${RELIEF_REASON_MIN} to ${RELIEF_REASON_MAX} characters), for the unpaid bills of the borrower's own open loan to fall due \`days\` later (kind \`defer\`, ${MIN_DEFERRAL_DAYS} to ${MAX_DEFERRAL_DAYS}), or for what remains of its principal to be spread over \`extra\` more bills (kind \`spread\`, ${MIN_EXTRA_INSTALMENTS} to ${MAX_EXTRA_INSTALMENTS}; each unpaid bill asks less, none more). Nothing changes until staff offer it and the borrower accepts. An SMS confirms it.`,
    errors: ['NO_REPAYING_LOAN', 'RELIEF_OPEN_EXISTS', 'RELIEF_ALREADY_GIVEN'],
    body: askReliefBodySchema,
    response: reliefViewSchema,
  }),
  acceptRelief: defineCall('acceptRelief', {
    tag: 'loans',
    summary: 'Accept a relief offer',
    description:
      'Signs the addendum the borrower read (`terms` from GET /v1/relief/:id/addendum; 4436 when the bills changed since) with the payment PIN (when one is set) and changes the bills at once: later dates (no late fee until them) or smaller bills and more of them; the total owed is unchanged. The signed PDF is kept; its SHA-256 is in the answer. An offer that can no longer give a week ahead lapses (4433).',
    errors: [
      'NOT_FOUND',
      'RELIEF_NOT_OFFERED',
      'RELIEF_OFFER_EXPIRED',
      'RELIEF_TERMS_CHANGED',
      'PAY_PIN_REQUIRED',
      'PAY_PIN_WRONG',
      'PAY_PIN_LOCKED',
    ],
    params: reliefIdParams,
    body: z.object({
      pay_pin: optionalText(payPinField).describe(CONFIRMING_PIN),
      terms: z
        .string({ error: 'relief.terms_required' })
        .regex(/^[0-9a-f]{64}$/, { error: 'relief.terms_required' })
        .describe('The `terms` of the addendum the borrower read (GET /v1/relief/:id/addendum).'),
    }),
    response: reliefViewSchema,
  }),
  withdrawRelief: defineCall('withdrawRelief', {
    tag: 'loans',
    summary: 'Withdraw a relief request or decline an offer',
    description:
      'A request still waiting, or an offer not yet accepted, is withdrawn; nothing changes on the loan.',
    errors: ['NOT_FOUND', 'RELIEF_NOT_OPEN'],
    params: reliefIdParams,
    response: reliefViewSchema,
  }),
  getReliefAddendum: defineCall('getReliefAddendum', {
    tag: 'loans',
    summary: 'The relief addendum, to read before accepting',
    description:
      'Offered: a preview of the addendum (Indonesian, then English), marked as one. Accepted: the text and, with `pdf=1`, the PDF kept when it was signed (its SHA-256 is the one stored).',
    errors: ['NOT_FOUND', 'RELIEF_NOT_OFFERED', 'AGREEMENT_COPY_UNAVAILABLE'],
    params: reliefIdParams,
    query: reliefAddendumQuerySchema,
    response: reliefAddendumSchema,
  }),
};

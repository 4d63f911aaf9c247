import { z } from 'zod';
import { CREDIT_REASON_CODES } from '../credit/reasons.ts';
import { rupiahSchema, signedRupiahSchema } from '../money/rupiah-schema.ts';
import { requiredText } from '../validation/form-fields.ts';
import { COORDINATE_PATTERN } from '../validation/location.ts';
import { emptyResponseSchema } from './auth.ts';
import { dateText, instantText } from './formats.ts';
import { defineCall } from './define-call.ts';
import { HEADER } from './header-names.ts';

/**
 * The application and its credit decision (spec sections 2 and 7): submit, the auditing countdown, the decision with
 * its reasons and reapply date, the approved limit, and the feedback box of the rejection page.
 */

/** Feedback: 5-500 characters, at most FEEDBACK_PER_DAY a day per borrower. */
export const FEEDBACK_MAX_LENGTH = 500;
export const FEEDBACK_PER_DAY = 5;
/** What a borrower sends: feedback, or a complaint (pengaduan), which the lender must answer within set days. */
export const FEEDBACK_KINDS = ['feedback', 'complaint'] as const;

/**
 * POST /v2/user/submit. The location comes from the `lon`/`lat` headers of the call (spec section 7), asked of the
 * device at submit; the body carries nothing else.
 */
export const submitBodySchema = z.object({}).loose();

/** `review`: the rules handed the decision to a credit reviewer (a person); the borrower still sees verify 1. */
export const APPLICATION_STATES = ['none', 'auditing', 'review', 'approved', 'rejected'] as const;

/** A reason of the decision: a stable code and its words in the caller's language. */
export const creditReasonSchema = z.object({ code: z.enum(CREDIT_REASON_CODES), text: z.string() });

/** GET /v1/user/application: the borrower's latest application, what the auditing and into-fail pages show. */
export const applicationViewSchema = z.object({
  state: z.enum(APPLICATION_STATES),
  submitted_at: instantText.nullable().describe('ISO time, null before the first submit.'),
  countdown: z
    .number()
    .int()
    .nonnegative()
    .describe('Seconds until the decision is due while auditing, else 0.'),
  limit_amount: signedRupiahSchema.nullable().describe('Approved: the limit in rupiah; otherwise null.'),
  reapply_date: dateText
    .nullable()
    .describe(
      'Rejected: the Asia/Jakarta date (YYYY-MM-DD) from which the borrower may edit and resubmit; otherwise null.',
    ),
  can_reapply: z
    .boolean()
    .describe(
      'Rejected and the reapply date has come: the profile opens again for editing and a new submit.',
    ),
  reasons: z.array(creditReasonSchema).describe('Rejected: why, in plain words. Empty otherwise.'),
});
export type ApplicationView = z.infer<typeof applicationViewSchema>;

/** POST /v5/user/credit_countdown: the seconds left before the decision, and the verify state now. */
export const creditCountdownSchema = z.object({
  countdown: z.number().int().nonnegative(),
  verify: z.number().int(),
  in_review: z
    .boolean()
    .describe('A credit reviewer (a person) decides: no countdown, the answer comes within a working day.'),
});
export type CreditCountdown = z.infer<typeof creditCountdownSchema>;

/** GET /v1/limit_amount: the approved limit, what loans already use of it and what is still available (rupiah). */
export const limitAmountSchema = z.object({
  approved: z.boolean(),
  limit_amount: rupiahSchema,
  used_amount: rupiahSchema,
  available_amount: rupiahSchema,
});
export type LimitAmount = z.infer<typeof limitAmountSchema>;

/** POST /v1/feedback (spec section 7, fields not shown): the borrower's words. */
export const feedbackBodySchema = z.object({
  content: requiredText('feedback.required', FEEDBACK_MAX_LENGTH, 'feedback.too_long').pipe(
    z.string().min(5, { error: 'feedback.too_short' }),
  ),
  kind: z
    .enum(FEEDBACK_KINDS)
    .default('feedback')
    .describe(
      'A complaint is answered within set working days (contract/admin-care.ts); plain feedback by default.',
    ),
});
export type FeedbackBody = z.input<typeof feedbackBodySchema>;

export const applicationCalls = {
  submitApplication: defineCall('submitApplication', {
    tag: 'borrower',
    summary: 'Submit the application for a credit decision',
    description:
      'Only when every profile step is done, the WhatsApp number confirmed and the face check passed, with the device location in the `lon` and `lat` headers. Locks the profile, sets verify 1 and queues the decision; answers the countdown. Submitting again while the decision is pending answers the same application (one decision). After a rejection the borrower may resubmit from the reapply date (4284 before it, with `reapply_date`).',
    errors: [
      'PROFILE_INCOMPLETE',
      'WHATSAPP_REQUIRED',
      'FACE_REQUIRED',
      'LOCATION_REQUIRED',
      'REAPPLY_LATER',
      'ALREADY_APPROVED',
      'CONSENT_WITHDRAWN',
    ],
    body: submitBodySchema,
    headers: [
      {
        name: HEADER.lon,
        required: true,
        description:
          'The device longitude in decimal degrees (-180 to 180, up to 10 decimals), asked of the device at submit; without it, or with 0,0 (a failed fix), 4283 LOCATION_REQUIRED.',
        schema: { type: 'string', pattern: COORDINATE_PATTERN.source, examples: ['106.8271530'] },
      },
      {
        name: HEADER.lat,
        required: true,
        description:
          'The device latitude in decimal degrees (-90 to 90, up to 10 decimals); 4283 LOCATION_REQUIRED without it.',
        schema: { type: 'string', pattern: COORDINATE_PATTERN.source, examples: ['-6.1753924'] },
      },
    ],
    response: creditCountdownSchema,
  }),
  getCreditCountdown: defineCall('getCreditCountdown', {
    tag: 'borrower',
    summary: 'Seconds left before the credit decision',
    description:
      'While verify is 1, the seconds until the decision is due (0 when it is overdue and still running).',
    errors: [],
    response: creditCountdownSchema,
  }),
  getApplication: defineCall('getApplication', {
    tag: 'borrower',
    summary: "The borrower's latest application and its decision",
    description:
      'The state, the countdown, the limit when approved, and the reapply date and reasons when rejected.',
    errors: [],
    response: applicationViewSchema,
  }),
  getLimitAmount: defineCall('getLimitAmount', {
    tag: 'borrower',
    summary: 'The approved credit limit and what is still available',
    description:
      '`approved` false with zeros before an approval. `available_amount` is the limit less the principal not yet repaid, and 0 while the open loan is overdue or written off (nothing may be borrowed then).',
    errors: [],
    response: limitAmountSchema,
  }),
  sendFeedback: defineCall('sendFeedback', {
    tag: 'borrower',
    summary: 'Send feedback',
    description: `Free text, 5-${FEEDBACK_MAX_LENGTH} characters, stored for customer service; at most ${FEEDBACK_PER_DAY} a day.`,
    errors: ['RATE_LIMITED'],
    body: feedbackBodySchema,
    response: emptyResponseSchema,
  }),
};

import { z } from 'zod';
import { REVIEW_FLAG_CODES } from '../credit/review-rules.ts';
import { CREDIT_REASON_CODES } from '../credit/reasons.ts';
import { signedRupiahSchema } from '../money/rupiah-schema.ts';
import type { Rupiah } from '../money/rupiah.ts';
import { pageQuerySchema as listQuerySchema, pageSchema } from './admin-paging.ts';
import { defineCall } from './define-call.ts';

/** A page of a back-office list: 1-based, at most 100 rows. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

const staffReasonSchema = z.string().trim().min(1).max(500);

/** A borrower as a list shows them: who, masked. */
export const maskedBorrowerSchema = z.object({
  id: z.string(),
  name_masked: z
    .string()
    .nullable()
    .describe('First letter of each word, the rest starred; null before the KTP step.'),
  phone_masked: z.string(),
  nik_masked: z.string().nullable().describe('The last four digits only; null before the KTP step.'),
  blocked: z.boolean(),
});
export type MaskedBorrower = z.infer<typeof maskedBorrowerSchema>;

const reviewFlagSchema = z.object({ code: z.enum(REVIEW_FLAG_CODES), text: z.string() });

const queueRowSchema = z.object({
  application_id: z.string(),
  borrower: maskedBorrowerSchema,
  submitted_at: z.string(),
  queued_at: z.string().describe('When the rules handed it to a person.'),
  flags: z.array(reviewFlagSchema),
  suggested_limit: signedRupiahSchema
    .nullable()
    .describe('What the rules would have lent; null when they could not decide (no bureau answer).'),
  approval_request_id: z
    .string()
    .nullable()
    .describe('A decision waiting for a second reviewer (maker-checker), or null.'),
});

/** One OCR field beside what the borrower typed: match or not, the values themselves only through a reveal. */
const ocrFieldSchema = z.object({
  field: z.enum(['nik', 'name', 'birth_date', 'gender', 'religion', 'marital']),
  matches: z.boolean().nullable().describe('null when OCR read nothing for it.'),
});

const ruleOutcomeSchema = z.object({
  rule: z.string(),
  passed: z.boolean(),
  reasons: z.array(z.object({ code: z.enum(CREDIT_REASON_CODES), text: z.string() })),
  facts: z
    .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
    .describe('The figures the rule read (no personal data).'),
});

export const reviewDetailSchema = z.object({
  application_id: z.string(),
  state: z.enum(['review', 'auditing', 'approved', 'rejected']),
  submitted_at: z.string(),
  queued_at: z.string().nullable(),
  flags: z.array(reviewFlagSchema),
  borrower: maskedBorrowerSchema,
  profile: z.object({
    has_job: z.boolean().nullable(),
    career: z.string().nullable(),
    salary_range: z.string().nullable(),
    monthly_income: signedRupiahSchema.nullable(),
    monthly_spending: signedRupiahSchema.nullable(),
    other_loan_status: z.string().nullable(),
    other_platforms: z.number().int().nullable(),
    expected_amount: signedRupiahSchema.nullable(),
    expected_period: z.number().int().nullable(),
  }),
  ocr: z.object({
    confidence: z
      .number()
      .nullable()
      .describe("OCR's confidence as the engine reported it; null when the photo was never read."),
    fields: z.array(ocrFieldSchema),
  }),
  face: z.object({
    status: z.string(),
    distance: z
      .number()
      .nullable()
      .describe('The distance of the check that passed (0 same, larger different).'),
    threshold: z.number().describe('Same person up to this distance.'),
    review_from: z.number().describe('Passed checks at or above this go to a person.'),
    has_selfie: z.boolean(),
  }),
  has_ktp_photo: z.boolean(),
  rules: z
    .array(ruleOutcomeSchema)
    .describe(
      "Each credit rule's outcome and reason, as the rules decided; empty when they could not decide.",
    ),
  score: z.number().nullable(),
  suggested_limit: signedRupiahSchema.nullable(),
  limit_range: z
    .object({ min: signedRupiahSchema, max: signedRupiahSchema, step: signedRupiahSchema })
    .describe("The limits a reviewer may approve: the cash-loan product's range and step."),
  second_reviewer_above: signedRupiahSchema.describe('Approving above this needs a second reviewer.'),
  approval_request_id: z.string().nullable(),
});
export type ReviewDetail = z.infer<typeof reviewDetailSchema>;

/** A limit as typed in the back office: whole rupiah. */
const limitInputSchema = z.coerce
  .number()
  .int()
  .positive()
  .max(1_000_000_000_000)
  .transform((v) => v as Rupiah);

const reviewDecisionSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('approve'), limit_amount: limitInputSchema, reason: staffReasonSchema }),
  z.object({ outcome: z.literal('reject'), reason: staffReasonSchema }),
]);

/** The review queue (issue 25): applications whose decision needs a person, and that person's decision. */
export const adminReviewCalls = {
  listReviewQueue: defineCall('listReviewQueue', {
    summary: 'Applications waiting for a credit reviewer',
    description:
      'Applications the rules handed to a person (an income far above its salary range, a face distance near the ' +
      'threshold, no answer from the credit bureau), oldest first, a page at a time. Borrowers are masked.',
    tag: 'back-office',
    errors: [],
    // Always oldest first: the queue's order is its fairness, not a preference.
    query: listQuerySchema(['queued_at']),
    response: pageSchema(queueRowSchema),
  }),
  getReviewApplication: defineCall('getReviewApplication', {
    summary: 'An application to review',
    description:
      'The profile, the OCR reading compared with what was typed, the face check, every credit rule with its ' +
      'outcome and reasons, and the limits that may be approved. Personal data is masked: the KTP photo, the ' +
      'selfie and the values themselves come from POST /admin/borrowers/:id/reveal, which is audited.',
    tag: 'back-office',
    errors: ['NOT_FOUND'],
    params: z.object({ id: z.uuid() }),
    response: reviewDetailSchema,
  }),
  decideReviewApplication: defineCall('decideReviewApplication', {
    summary: 'Approve or reject an application in review',
    description:
      "Approve with a limit (within the cash-loan product's range, on its step) or reject, with the reason " +
      'kept in the audit log. The borrower hears as from the rules: their status, the SMS and the home page ' +
      'follow. An approval above REVIEW_APPROVAL_NEEDS_SECOND_ABOVE is not made yet: it becomes an approval ' +
      'request that another member holding application.decide approves (maker-checker). Answers ' +
      'APPLICATION_NOT_IN_REVIEW when it was decided meanwhile.',
    tag: 'back-office',
    errors: ['NOT_FOUND', 'APPLICATION_NOT_IN_REVIEW', 'APPROVAL_PENDING_EXISTS'],
    params: z.object({ id: z.uuid() }),
    body: reviewDecisionSchema,
    response: z.object({
      application_id: z.string(),
      state: z
        .enum(['approved', 'rejected', 'pending_approval'])
        .describe(
          '`pending_approval`: a limit above the configured amount waits for a second reviewer (/admin/approvals).',
        ),
      limit_amount: signedRupiahSchema.nullable(),
      approval_request_id: z.string().nullable(),
    }),
  }),
};

import { z } from 'zod';
import { rupiahSchema } from '../money/rupiah-schema.ts';
import { RELIEF_ANSWER_MAX, RELIEF_KINDS, RELIEF_STATUSES } from '../relief/relief-rules.ts';
import { optionalEnum, pageQuerySchema, pageSchema } from './admin-paging.ts';
import { APPROVAL_STATES } from './admin-approvals.ts';
import { maskedBorrowerSchema } from './admin-review.ts';
import { dateText, instantText } from './formats.ts';
import { defineCall } from './define-call.ts';
import { reliefBillSchema, reliefDaysField, reliefExtraField } from './relief.ts';

/**
 * The back office's relief desk (issue 27): borrowers' requests for more days or more instalments, oldest first. A
 * member with relief.propose offers the days or instalments (or declines with a reason the borrower reads); the offer
 * reaches the borrower only once a second member with relief.approve approves it in the approvals queue
 * (maker-checker). The borrower then accepts it.
 */

const idParams = z.object({ id: z.string().trim().min(1).max(64) });
const answerSchema = z.string().trim().min(1).max(RELIEF_ANSWER_MAX);

const reliefRowSchema = z.object({
  id: z.string(),
  order_id: z.string(),
  status: z.enum(RELIEF_STATUSES),
  kind: z.enum(RELIEF_KINDS),
  days_asked: z.number().int().nullable(),
  extra_asked: z.number().int().nullable(),
  days_offered: z.number().int().nullable(),
  extra_offered: z.number().int().nullable(),
  asked_at: instantText,
  loan_state: z.string(),
  days_past_due: z.number().int().describe('Of the oldest unpaid bill today; 0 when none is late.'),
  outstanding: rupiahSchema,
  pending_approval: z
    .enum(APPROVAL_STATES)
    .nullable()
    .describe("The proposal's approval request, while it waits for a second member; null otherwise."),
});

const reliefDetailSchema = reliefRowSchema.extend({
  borrower: maskedBorrowerSchema,
  reason: z.string(),
  answer: z.string().nullable(),
  decided_at: instantText.nullable(),
  accepted_at: instantText.nullable(),
  next_due_date: dateText.nullable(),
  late_fees: rupiahSchema.describe('Late fees charged so far (they stay owed; a waiver is its own request).'),
  preview_days: z
    .number()
    .int()
    .nullable()
    .describe(
      'A deferral: the days the preview moves the bills by (`days` when asked, else the days asked).',
    ),
  preview_extra: z
    .number()
    .int()
    .nullable()
    .describe('A spread: the instalments the preview adds (`extra` when asked, else the number asked).'),
  preview: z
    .array(reliefBillSchema)
    .describe(
      'The bills as the preview would change them if accepted today; empty when that is not possible.',
    ),
});
export type AdminReliefDetail = z.infer<typeof reliefDetailSchema>;

export const adminReliefCalls = {
  listReliefs: defineCall('listReliefs', {
    summary: 'Relief requests',
    description: '`status` (default: requested), oldest first.',
    tag: 'back-office',
    errors: [],
    query: pageQuerySchema(['asked_at']).extend({ status: optionalEnum(RELIEF_STATUSES) }),
    response: pageSchema(reliefRowSchema),
  }),
  getReliefRequest: defineCall('getReliefRequest', {
    summary: 'One relief request, with what an offer would change',
    description:
      'The borrower is masked as elsewhere. On a deferral, `days` (7 to 30) previews an offer of that many days; on a spread, `extra` (1 to 3) an offer of that many more instalments; what was asked by default.',
    tag: 'back-office',
    errors: ['NOT_FOUND'],
    params: idParams,
    query: z.object({ days: reliefDaysField.optional(), extra: reliefExtraField.optional() }),
    response: reliefDetailSchema,
  }),
  proposeRelief: defineCall('proposeRelief', {
    summary: 'Propose a relief offer (maker-checker)',
    description:
      "Asks a second member with relief.approve to approve offering, of the kind asked, `days` (a deferral: 7 to 30) or `extra` instalments (a spread: 1 to 3), not necessarily the number asked (4437 for the other kind's number). The reason is for the approver and the audit.",
    tag: 'back-office',
    errors: [
      'NOT_FOUND',
      'RELIEF_NOT_OPEN',
      'RELIEF_BEYOND_CAPS',
      'RELIEF_KIND_MISMATCH',
      'APPROVAL_PENDING_EXISTS',
    ],
    params: idParams,
    body: z
      .object({
        days: reliefDaysField.optional(),
        extra: reliefExtraField.optional(),
        reason: answerSchema,
      })
      // One number: the kind's (which one the request's kind decides, on the server).
      .refine((body) => (body.days === undefined) !== (body.extra === undefined), {
        path: ['days'],
        message: 'relief.kind_invalid',
      }),
    response: z.object({ request_id: z.string(), state: z.enum(APPROVAL_STATES) }),
  }),
  declineRelief: defineCall('declineRelief', {
    summary: 'Decline a relief request',
    description: 'The reason is shown to the borrower in the app and sent by SMS.',
    tag: 'back-office',
    errors: ['NOT_FOUND', 'RELIEF_NOT_OPEN'],
    params: idParams,
    body: z.object({ reason: answerSchema }),
    response: z.object({ id: z.string(), status: z.enum(RELIEF_STATUSES) }),
  }),
};

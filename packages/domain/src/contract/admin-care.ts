import { z } from 'zod';
import { rupiahSchema } from '../money/rupiah-schema.ts';
import { optionalText } from './auth.ts';
import { optionalEnum, pageQuerySchema, pageSchema } from './admin-paging.ts';
import { defineCall } from './define-call.ts';
import { FEEDBACK_KINDS, FEEDBACK_STATUSES } from './feedback.ts';

export type { FeedbackKind, FeedbackStatus } from './feedback.ts';

/**
 * The back office's care desk (issue 25): the messages sent to borrowers, their feedback and complaints with the
 * staff's replies, and the disbursements that need a person (pending, failed, stuck).
 */

export const OUTBOX_STATUSES = ['pending', 'sent', 'failed', 'withheld'] as const;
export const DISBURSEMENT_TABS = ['pending', 'failed', 'stuck'] as const;

/**
 * Working days to answer a complaint or feedback: POJK 22/2023 on consumer protection has a complaint followed up and
 * answered within 10 working days of its receipt (extendable once, with notice to the consumer; we do not extend).
 */
export const ANSWER_WORKING_DAYS = 10;
/** A try still 'sending' or 'pending' at the bank after this long is shown as stuck. */
export const STUCK_AFTER_MINUTES = 30;

const idParams = z.object({ id: z.string().trim().min(1).max(64) });
const reasonSchema = z.string().trim().min(1).max(500);
const dateFilter = optionalText(z.string().regex(/^\d{4}-\d{2}-\d{2}$/));

const outboxItemSchema = z.object({
  id: z.string(),
  kind: z
    .string()
    .describe(
      'What the message is about, from its idempotency key (`sms-code`, `loan-disbursed`, `feedback-reply` ...).',
    ),
  channel: z.string(),
  recipient_masked: z.string(),
  user_id: z.string().nullable().describe('The borrower whose phone it went to, when one has it.'),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  text: z
    .string()
    .nullable()
    .describe(
      'The text while it is still held (pending), every digit run of 4 or more masked; null once sent or given up.',
    ),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});

const feedbackRowSchema = z.object({
  id: z.string(),
  kind: z.enum(FEEDBACK_KINDS),
  status: z.enum(FEEDBACK_STATUSES),
  user_id: z.string(),
  excerpt: z.string().describe("The first words of the borrower's text."),
  created_at: z.string(),
  deadline: z
    .string()
    .describe(
      'The last Jakarta day to answer by (ANSWER_WORKING_DAYS working days), and whether it has passed unanswered.',
    ),
  overdue: z.boolean(),
});

const feedbackDetailSchema = feedbackRowSchema.extend({
  content: z.string(),
  locale: z.string(),
  reply: z.string().nullable(),
  replied_at: z.string().nullable(),
  resolution: z.string().nullable(),
  closed_at: z.string().nullable(),
});
export type AdminFeedbackDetail = z.infer<typeof feedbackDetailSchema>;

const disbursementRowSchema = z.object({
  loan_id: z.string(),
  user_id: z.string(),
  loan_state: z.string(),
  amount: rupiahSchema,
  disbursement_id: z
    .string()
    .nullable()
    .describe(
      "The latest try: its id (the provider's external id), status, failure and times; null before any.",
    ),
  status: z.string().nullable(),
  failure: z.string().nullable(),
  attempts: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  can_retry: z.boolean().describe('What a staff member may do now.'),
  can_cancel: z.boolean(),
});

const disbursementActionSchema = z.object({
  loan_id: z.string(),
  loan_state: z.string(),
  outcome: z.string(),
});

export const adminCareCalls = {
  listOutbox: defineCall('listOutbox', {
    summary: 'Messages sent to borrowers (the outbox)',
    description:
      'Kind, channel, status, attempts and times, newest first; filter by borrower, kind, status and the Jakarta ' +
      'day created. A message body is shown only while still pending and with every code masked.',
    tag: 'back-office',
    errors: [],
    query: pageQuerySchema(['created_at']).extend({
      user_id: optionalText(z.string().trim().max(64)),
      kind: optionalText(z.string().trim().max(64)),
      status: optionalEnum(OUTBOX_STATUSES),
      from: dateFilter,
      to: dateFilter,
    }),
    response: pageSchema(outboxItemSchema),
  }),
  listFeedback: defineCall('listFeedback', {
    summary: 'Feedback and complaints, open first',
    description: `Open ones first, earliest deadline first (${ANSWER_WORKING_DAYS} working days from receipt).`,
    tag: 'back-office',
    errors: [],
    query: pageQuerySchema(['created_at']).extend({
      kind: optionalEnum(FEEDBACK_KINDS),
      status: optionalEnum(FEEDBACK_STATUSES),
    }),
    response: pageSchema(feedbackRowSchema),
  }),
  getFeedback: defineCall('getFeedback', {
    summary: 'One feedback or complaint, with its reply and resolution',
    description:
      'The borrower’s text in full, the reply they see in the app, and the resolution once closed.',
    tag: 'back-office',
    errors: ['NOT_FOUND'],
    params: idParams,
    response: feedbackDetailSchema,
  }),
  replyFeedback: defineCall('replyFeedback', {
    summary: 'Reply to a feedback or complaint',
    description:
      'The reply is shown to the borrower in the app, and one SMS tells them a reply is waiting (not its text). ' +
      'A later reply replaces the earlier one; refused once closed.',
    tag: 'back-office',
    errors: ['NOT_FOUND', 'FEEDBACK_CLOSED'],
    params: idParams,
    body: z.object({ reply: z.string().trim().min(1).max(2000) }),
    response: feedbackDetailSchema,
  }),
  closeFeedback: defineCall('closeFeedback', {
    summary: 'Close a feedback or complaint with its resolution',
    description: 'The resolution is shown to the borrower beside the reply.',
    tag: 'back-office',
    errors: ['NOT_FOUND', 'FEEDBACK_CLOSED'],
    params: idParams,
    body: z.object({ resolution: reasonSchema }),
    response: feedbackDetailSchema,
  }),
  listDisbursements: defineCall('listDisbursements', {
    summary: 'Disbursements that need a person: pending, failed or stuck',
    description:
      '`pending`: loans waiting for their money; `failed`: loans whose disbursement was interrupted; `stuck`: a try ' +
      `still sending or at the bank after ${STUCK_AFTER_MINUTES} minutes. Oldest first.`,
    tag: 'back-office',
    errors: [],
    query: pageQuerySchema(['updated_at']).extend({ tab: optionalEnum(DISBURSEMENT_TABS) }),
    response: pageSchema(disbursementRowSchema),
  }),
  retryDisbursement: defineCall('retryDisbursement', {
    summary: 'Try a loan’s disbursement again',
    description:
      'An interrupted loan gets a new try to its account. A try stuck in sending is asked for again under its own ' +
      'external id, so the provider pays it at most once. Refused while a try is queued or with the bank, and for a ' +
      'paid loan (DISBURSEMENT_NOT_RETRYABLE).',
    tag: 'back-office',
    errors: ['NOT_FOUND', 'DISBURSEMENT_NOT_RETRYABLE'],
    params: idParams,
    body: z.object({ reason: reasonSchema }),
    response: disbursementActionSchema,
  }),
  cancelDisbursement: defineCall('cancelDisbursement', {
    summary: 'Cancel a loan before its money leaves',
    description:
      'Ends a loan waiting for or interrupted in its disbursement: no bills, no interest; the borrower sees it ' +
      'cancelled and may borrow again. Refused while a try is with the provider or once paid.',
    tag: 'back-office',
    errors: ['NOT_FOUND', 'DISBURSEMENT_NOT_CANCELLABLE'],
    params: idParams,
    body: z.object({ reason: reasonSchema }),
    response: disbursementActionSchema,
  }),
};

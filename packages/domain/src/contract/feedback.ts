import { z } from 'zod';
import { FEEDBACK_KINDS } from './application.ts';
import { defineCall } from './define-call.ts';

/**
 * The borrower's side of feedback and complaints (issue 25): what they sent and the customer service's answer. A
 * complaint (pengaduan) is answered within set working days (contract/admin-care.ts ANSWER_WORKING_DAYS).
 */
export { FEEDBACK_KINDS };
export type FeedbackKind = (typeof FEEDBACK_KINDS)[number];
export const FEEDBACK_STATUSES = ['open', 'answered', 'closed'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

/** A borrower's own feedback and complaints with the staff's replies (GET /v1/feedback). */
export const myFeedbackSchema = z.object({
  list: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(FEEDBACK_KINDS),
      status: z.enum(FEEDBACK_STATUSES),
      content: z.string(),
      created_at: z.string(),
      reply: z.string().nullable(),
      replied_at: z.string().nullable(),
      resolution: z.string().nullable(),
    }),
  ),
});
export type MyFeedback = z.infer<typeof myFeedbackSchema>;

export const borrowerFeedbackCalls = {
  listMyFeedback: defineCall('listMyFeedback', {
    tag: 'borrower',
    summary: 'My feedback and complaints, with the replies',
    description: 'Newest first, with the reply and resolution of the customer service once given.',
    errors: [],
    response: myFeedbackSchema,
  }),
};

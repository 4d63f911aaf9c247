import { z } from 'zod';
import { CONTACT_CHANNELS, CONTACT_OUTCOMES } from './admin-collections.ts';
import { defineCall } from './define-call.ts';

/**
 * Collection the borrower can see (issue 27): every contact our collectors recorded about a loan, when, how and by
 * which collector (a code, never a name), so abusive or untimely collection is visible and can be complained about.
 */
export const collectionLogQuerySchema = z.object({
  order_id: z.string().trim().min(1).max(64).describe('One of the borrower’s own loans.'),
});

export const collectionLogSchema = z.object({
  list: z.array(
    z.object({
      contact_id: z
        .string()
        .describe('Quote it in a complaint about this contact (POST /v1/complaints contact_id).'),
      contacted_at: z.string().describe('When (ISO 8601).'),
      channel: z.enum(CONTACT_CHANNELS).describe('call, message or visit.'),
      outcome: z
        .enum(CONTACT_OUTCOMES)
        .describe('What the collector recorded: reached, no_answer, promised_to_pay, refused_to_pay ...'),
      collector_code: z.string().describe('The collector, by their code (e.g. PG-3F9A1C), never their name.'),
    }),
  ),
});
export type CollectionLog = z.infer<typeof collectionLogSchema>;

export const collectionLogCalls = {
  getCollectionLog: defineCall('getCollectionLog', {
    tag: 'loans',
    summary: 'The collection contacts recorded about one of my loans',
    description:
      "Newest first: each call, message or visit a collector recorded about the loan, with its time, channel, outcome and the collector's code. Another borrower's loan answers 4040.",
    errors: ['NOT_FOUND'],
    query: collectionLogQuerySchema,
    response: collectionLogSchema,
  }),
};

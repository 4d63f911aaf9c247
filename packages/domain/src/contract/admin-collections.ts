import { z } from 'zod';
import { rupiahSchema } from '../money/rupiah-schema.ts';
import { DPD_BUCKETS } from './admin-book.ts';
import { pageQuerySchema, pageSchema } from './admin-paging.ts';
import { maskedBorrowerSchema } from './admin-review.ts';
import { defineCall } from './define-call.ts';

/**
 * Collections (issue 25): overdue loans by DPD bucket with the next time the borrower may be contacted, a contact log
 * that refuses a contact outside the rules (lending-rules.md), and promises to pay that hold back the dunning SMS.
 * A late-fee waiver is asked for through the approvals' requestLateFeeWaiver (maker-checker), not here.
 */

export const CONTACT_CHANNELS = ['call', 'message', 'visit'] as const;
export const CONTACT_OUTCOMES = [
  'reached',
  'no_answer',
  'wrong_number',
  'promised_to_pay',
  'refused_to_pay',
  'left_message',
] as const;
/** pending until its date; kept when paid by then, broken when the date passed with less paid. */
export const PROMISE_STATES = ['pending', 'kept', 'broken'] as const;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'date.invalid' });
const idParams = z.object({ id: z.string().trim().min(1).max(64) });
const reasonSchema = z.string().trim().min(1).max(500);

const promiseSchema = z.object({
  id: z.string(),
  promised_date: isoDate,
  amount: rupiahSchema,
  paid: rupiahSchema.describe('Paid on the loan from the promise until the end of its date.'),
  state: z.enum(PROMISE_STATES),
  recorded_by: z.string(),
  recorded_at: z.iso.datetime(),
});
export type PromiseView = z.infer<typeof promiseSchema>;

const contactSchema = z.object({
  id: z.string(),
  channel: z.enum(CONTACT_CHANNELS),
  outcome: z.enum(CONTACT_OUTCOMES),
  note: z.string(),
  staff_id: z.string(),
  contacted_at: z.iso.datetime(),
});
export type ContactView = z.infer<typeof contactSchema>;

const queueRowSchema = z.object({
  loan_id: z.string(),
  borrower: maskedBorrowerSchema,
  dpd: z.number().int().positive(),
  dpd_bucket: z.enum(DPD_BUCKETS),
  amount_overdue: rupiahSchema.describe('What the bills already due still owe, late fees included.'),
  time_zones: z
    .array(z.string())
    .describe(
      "The borrower's zone(s): one IANA zone, or the three of Indonesia when the province is unknown.",
    ),
  last_contact_at: z.iso.datetime().nullable(),
  promise: promiseSchema
    .nullable()
    .describe('The latest promise to pay, whatever its state (a broken one stays visible).'),
  next_allowed_contact_at: z.iso.datetime(),
  may_contact_now: z.boolean().describe('True when a contact recorded now would be accepted.'),
  disputed_since: isoDate
    .nullable()
    .describe(
      'Under dispute since this day (a case contests the loan or a payment): no contact at all; else null.',
    ),
});
export type CollectionQueueRow = z.infer<typeof queueRowSchema>;

export const collectionQueueQuerySchema = pageQuerySchema(['dpd']).extend({
  bucket: z.enum(DPD_BUCKETS).default('1-30'),
});

const collectionLoanSchema = queueRowSchema.extend({
  contacts: z.array(contactSchema),
  promises: z.array(promiseSchema),
  late_fees: rupiahSchema.describe(
    "Late fees still owed: what a waiver request (approvals' requestLateFeeWaiver) could waive.",
  ),
});
export type CollectionLoanView = z.infer<typeof collectionLoanSchema>;

export const contactBodySchema = z.object({
  channel: z.enum(CONTACT_CHANNELS),
  outcome: z.enum(CONTACT_OUTCOMES),
  note: reasonSchema.describe(
    "What was said or agreed: kept in the contact log and, as the command's reason, in the audit log.",
  ),
});

export const promiseBodySchema = z.object({
  promised_date: isoDate,
  amount: z.coerce.number().int().positive().max(1_000_000_000),
  reason: reasonSchema,
});

export const adminCollectionCalls = {
  listCollectionQueue: defineCall('listCollectionQueue', {
    summary: 'Overdue loans of one DPD bucket',
    description:
      'Loans whose oldest unpaid bill is 1-30, 31-60, 61-90 or more than 90 days late (`bucket`), the latest first ' +
      'unless `order=asc` (dpd). Borrowers masked; each row says when the borrower may next be contacted.',
    tag: 'back-office',
    errors: [],
    query: collectionQueueQuerySchema,
    response: pageSchema(queueRowSchema),
  }),
  getCollectionLoan: defineCall('getCollectionLoan', {
    summary: "A loan's collection view",
    description: 'The queue row with the whole contact log and every promise to pay, newest first.',
    tag: 'back-office',
    errors: ['NOT_FOUND'],
    params: idParams,
    response: collectionLoanSchema,
  }),
  recordCollectionContact: defineCall('recordCollectionContact', {
    summary: 'Record a collection contact',
    description:
      'Recorded at the server time. Refused (4360, with `next_allowed_at`) outside 08:00-20:00 borrower-local time, ' +
      'on a Sunday or a national holiday, or past the day limit of contacts, and (4362, with `disputed_since`) while ' +
      'the loan is under dispute; nothing is then written.',
    tag: 'back-office',
    errors: ['NOT_FOUND', 'NO_REPAYING_LOAN', 'CONTACT_NOT_ALLOWED', 'LOAN_UNDER_DISPUTE'],
    params: idParams,
    body: contactBodySchema,
    response: contactSchema,
  }),
  recordPromiseToPay: defineCall('recordPromiseToPay', {
    summary: 'Record a promise to pay',
    description:
      'A date from today to 30 days ahead and an amount. No overdue SMS goes to the borrower until the date has ' +
      'passed unpaid.',
    tag: 'back-office',
    errors: ['NOT_FOUND', 'NO_REPAYING_LOAN', 'PROMISE_DATE_INVALID'],
    params: idParams,
    body: promiseBodySchema,
    response: promiseSchema,
  }),
};

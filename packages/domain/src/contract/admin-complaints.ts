import { z } from 'zod';
import {
  COMPLAINT_ANSWER_WORKING_DAYS,
  COMPLAINT_EXTENSION_WORKING_DAYS,
} from '../complaints/complaint-deadline.ts';
import {
  COMPLAINT_ANSWER_MAX,
  COMPLAINT_CATEGORIES,
  COMPLAINT_EVENT_KINDS,
  COMPLAINT_REASON_MAX,
  COMPLAINT_STATUSES,
} from '../complaints/complaint-rules.ts';
import { optionalText } from './auth.ts';
import { optionalEnum, pageQuerySchema, pageSchema } from './admin-paging.ts';
import { dateText, instantText } from './formats.ts';
import { defineCall } from './define-call.ts';

/**
 * The back office's complaints desk (issue 27): the cases with their deadlines, the nearest first, and the staff's
 * steps on each (take it up, answer, extend once with a reason, close), every one an audited command that texts the
 * borrower.
 */

const idParams = z.object({ id: z.string().trim().min(1).max(64) });

const complaintRowSchema = z.object({
  id: z.string(),
  case_number: z.string(),
  category: z.enum(COMPLAINT_CATEGORIES),
  status: z.enum(COMPLAINT_STATUSES),
  user_id: z.string(),
  excerpt: z.string().describe("The first words of the borrower's text."),
  filed_at: instantText,
  answer_by: dateText,
  extended: z.boolean(),
  compliance: z
    .boolean()
    .describe(
      "About a collection contact: compliance reviews it beside the answer (the collector's conduct).",
    ),
  working_days_left: z
    .number()
    .int()
    .describe('Working days after today until `answer_by`; negative once past.'),
  overdue: z.boolean(),
});

const staffEventSchema = z.object({
  kind: z.enum(COMPLAINT_EVENT_KINDS),
  at: instantText,
  text: z.string().nullable(),
  answer_by: dateText.nullable(),
  staff_id: z.string().nullable().describe('Who did it; null for the filing.'),
  staff_name: z.string().nullable(),
});

const complaintDetailSchema = complaintRowSchema.extend({
  text: z.string(),
  locale: z.string().describe('The language the borrower filed in: their SMS are in it.'),
  order_id: z.string().nullable(),
  payment_id: z.string().nullable(),
  contact_id: z.string().nullable(),
  has_photo: z.boolean(),
  first_answer_by: dateText.describe('The deadline before any extension.'),
  extension_reason: z.string().nullable(),
  events: z.array(staffEventSchema),
  can: z
    .object({
      start: z.boolean(),
      answer: z.boolean(),
      extend: z.boolean(),
      close: z.boolean(),
    })
    .describe('What the case allows now (complaints/complaint-rules.ts complaintStep), for the buttons.'),
});
export type AdminComplaintDetail = z.infer<typeof complaintDetailSchema>;
export type AdminComplaintRow = z.infer<typeof complaintRowSchema>;

const photoSchema = z.object({
  content_type: z.literal('image/jpeg'),
  data: z.string().describe('The photo, base64: shown once, never cached.'),
});

export const adminComplaintCalls = {
  listComplaints: defineCall('listComplaints', {
    summary: 'Complaints, the nearest deadline first',
    description: `Cases still waiting first, the earliest deadline (so the overdue) first; then answered, then closed. Filter by status, category, or \`overdue=true\`. Deadlines: ${COMPLAINT_ANSWER_WORKING_DAYS} working days, ${COMPLAINT_EXTENSION_WORKING_DAYS} more once extended (POJK 22/2023).`,
    tag: 'back-office',
    errors: [],
    query: pageQuerySchema(['answer_by', 'filed_at']).extend({
      status: optionalEnum(COMPLAINT_STATUSES),
      category: optionalEnum(COMPLAINT_CATEGORIES),
      overdue: optionalText(z.enum(['true'])).describe(
        '`true`: only the cases still waiting after their deadline.',
      ),
      case_number: optionalText(z.string().trim().toUpperCase().max(16)),
    }),
    response: pageSchema(complaintRowSchema),
  }),
  getComplaint: defineCall('getComplaint', {
    summary: 'One complaint with its history',
    description:
      "The borrower's text in full, the loan or payment it is about, and every step with who took it.",
    tag: 'back-office',
    errors: ['NOT_FOUND'],
    params: idParams,
    response: complaintDetailSchema,
  }),
  viewComplaintPhoto: defineCall('viewComplaintPhoto', {
    summary: "See a complaint's photo",
    description: 'The photo the borrower sent, decrypted for this one look; each look is an audit row.',
    tag: 'back-office',
    errors: ['NOT_FOUND'],
    params: idParams,
    body: z.object({}).loose(),
    response: photoSchema,
  }),
  startComplaint: defineCall('startComplaint', {
    summary: 'Take a complaint up',
    description: 'From received to being handled; the borrower sees it in the app and by SMS.',
    tag: 'back-office',
    errors: ['NOT_FOUND', 'COMPLAINT_NOT_ALLOWED'],
    params: idParams,
    body: z.object({}).loose(),
    response: complaintDetailSchema,
  }),
  answerComplaint: defineCall('answerComplaint', {
    summary: 'Answer a complaint',
    description:
      'The answer is shown to the borrower in the app; an SMS with the case number tells them it is there (not its text: an SMS is read by whoever holds the phone). Another answer may follow until the case is closed.',
    tag: 'back-office',
    errors: ['NOT_FOUND', 'COMPLAINT_NOT_ALLOWED'],
    params: idParams,
    body: z.object({ answer: z.string().trim().min(1).max(COMPLAINT_ANSWER_MAX) }),
    response: complaintDetailSchema,
  }),
  extendComplaint: defineCall('extendComplaint', {
    summary: "Extend a complaint's deadline, once, with the reason",
    description: `Moves the deadline ${COMPLAINT_EXTENSION_WORKING_DAYS} working days on; the reason and the new date go to the borrower by SMS and in the app. Once per case (4392), and only before the deadline has passed (4393).`,
    tag: 'back-office',
    errors: [
      'NOT_FOUND',
      'COMPLAINT_NOT_ALLOWED',
      'COMPLAINT_ALREADY_EXTENDED',
      'COMPLAINT_EXTENSION_TOO_LATE',
    ],
    params: idParams,
    body: z.object({ reason: z.string().trim().min(1).max(COMPLAINT_REASON_MAX) }),
    response: complaintDetailSchema,
  }),
  closeComplaint: defineCall('closeComplaint', {
    summary: 'Close an answered complaint',
    description:
      'Only once answered. The note is shown to the borrower beside the answers; an SMS says it is closed.',
    tag: 'back-office',
    errors: ['NOT_FOUND', 'COMPLAINT_NOT_ALLOWED'],
    params: idParams,
    body: z.object({ note: z.string().trim().min(1).max(COMPLAINT_REASON_MAX) }),
    response: complaintDetailSchema,
  }),
};

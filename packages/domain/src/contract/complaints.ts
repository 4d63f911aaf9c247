import { z } from 'zod';
import {
  COMPLAINT_ANSWER_WORKING_DAYS,
  COMPLAINT_EXTENSION_WORKING_DAYS,
} from '../complaints/complaint-deadline.ts';
import {
  COMPLAINT_CATEGORIES,
  COMPLAINT_EVENT_KINDS,
  COMPLAINT_PHOTO_MAX_BYTES,
  COMPLAINT_STATUSES,
  COMPLAINT_TEXT_MAX,
  COMPLAINT_TEXT_MIN,
  COMPLAINTS_PER_DAY,
} from '../complaints/complaint-rules.ts';
import { rupiahSchema } from '../money/rupiah-schema.ts';
import { optionalText } from './auth.ts';
import { dateText, instantText } from './formats.ts';
import { defineCall, IMAGE_TYPES } from './define-call.ts';

/**
 * Me > Help (issue 27): the questions and answers, the support channels, and complaints (pengaduan) as cases with a
 * number, a status the borrower follows and the deadline POJK 22/2023 sets. The rules are in complaints/.
 */

/** The multipart field of the optional photo (a screenshot of what went wrong, a receipt, a letter). */
export const COMPLAINT_PHOTO_FIELD = 'photo';

/** An id the borrower picked from their own loans or payments (GET /v1/complaint_subjects); blank means none. */
const ownId = (key: string) => optionalText(z.string().trim().min(1).max(64, { error: key }));

/** POST /v1/complaints's text fields. */
export const complaintFormSchema = z.object({
  category: z.enum(COMPLAINT_CATEGORIES, { error: 'complaint.category_required' }),
  text: z
    .string({ error: 'complaint.text_required' })
    .trim()
    .min(1, { error: 'complaint.text_required' })
    .pipe(
      z
        .string()
        .min(COMPLAINT_TEXT_MIN, { error: 'complaint.text_too_short' })
        .max(COMPLAINT_TEXT_MAX, { error: 'complaint.text_too_long' }),
    ),
  order_id: ownId('complaint.order_unknown').describe('The loan it is about: one of the borrower’s own.'),
  payment_id: ownId('complaint.payment_unknown').describe(
    'The payment it is about: one of the borrower’s own.',
  ),
  contact_id: ownId('complaint.contact_unknown').describe(
    'A collection contact it is about (GET /v1/order/collection_contacts): the case is flagged for compliance.',
  ),
});

/** One case as its borrower sees it. */
export const complaintSchema = z.object({
  complaint_id: z.string(),
  case_number: z.string().describe('Short, to quote on the phone or by e-mail (e.g. KP-7QF3M2P).'),
  category: z.enum(COMPLAINT_CATEGORIES),
  status: z.enum(COMPLAINT_STATUSES),
  text: z.string().describe("The borrower's own words."),
  order_id: z.string().nullable(),
  payment_id: z.string().nullable(),
  contact_id: z.string().nullable().describe('The collection contact it is about, if any.'),
  has_photo: z.boolean(),
  filed_at: instantText,
  answer_by: dateText.describe(
    `The last Jakarta day of the promised answer: ${COMPLAINT_ANSWER_WORKING_DAYS} working days after the day it was received, ${COMPLAINT_EXTENSION_WORKING_DAYS} more once extended.`,
  ),
  extended: z.boolean(),
  extension_reason: z.string().nullable().describe('Why the answer takes longer; null unless extended.'),
  working_days_left: z
    .number()
    .int()
    .describe('Working days after today until `answer_by` (0 on the day itself), negative once past.'),
  overdue: z.boolean().describe('Still waiting for an answer after `answer_by`.'),
  updated_at: instantText,
});
export type ComplaintView = z.infer<typeof complaintSchema>;

/** What happened to a case, oldest first: its filing, then each step the back office took. */
export const complaintEventSchema = z.object({
  kind: z.enum(COMPLAINT_EVENT_KINDS),
  at: instantText,
  text: z
    .string()
    .nullable()
    .describe(
      'An answer, the reason of an extension, or the closing note; null for filing and taking it up.',
    ),
  answer_by: dateText.nullable().describe('The deadline a filing or an extension set; null otherwise.'),
});
export type ComplaintEvent = z.infer<typeof complaintEventSchema>;

export const complaintDetailSchema = complaintSchema.extend({ events: z.array(complaintEventSchema) });
export type ComplaintDetail = z.infer<typeof complaintDetailSchema>;

export const myComplaintsSchema = z.object({
  list: z.array(complaintSchema).describe('Newest first.'),
  answer_working_days: z.number().int(),
});
export type MyComplaints = z.infer<typeof myComplaintsSchema>;

/** The loans and payments a complaint may be about: the borrower's own, newest first. */
export const complaintSubjectsSchema = z.object({
  orders: z.array(
    z.object({
      order_id: z.string(),
      amount: rupiahSchema,
      created_at: instantText,
      state: z.string().describe("The loan's state (loans/loan-states): active, closed, cancelled ..."),
    }),
  ),
  payments: z.array(
    z.object({
      payment_id: z.string(),
      order_id: z.string().nullable(),
      amount: rupiahSchema,
      paid_at: instantText,
    }),
  ),
});
export type ComplaintSubjects = z.infer<typeof complaintSubjectsSchema>;

const bilingualSchema = z.object({ 'id-ID': z.string().min(1), 'en-US': z.string().min(1) });

/** One question with its answer, in both languages (the app_config row `help_faq` replaces the built-in list). */
export const helpFaqItemSchema = z.object({
  id: z.string().min(1).max(64),
  question: bilingualSchema,
  answer: bilingualSchema,
});
export type HelpFaqItem = z.infer<typeof helpFaqItemSchema>;

export const helpContentSchema = z.object({
  faq: z.array(helpFaqItemSchema),
  channels: z.object({
    phone: z.string().describe('Customer service by phone (app_config support_phone).'),
    email: z.string().describe('Customer service by e-mail (app_config support_email).'),
    complaint_email: z.string().describe('Written complaints (app_config complaint_email).'),
    whatsapp: z
      .string()
      .nullable()
      .describe(
        'WhatsApp number in international form, +62... (app_config support_whatsapp); null when none.',
      ),
    hours: z.string().describe('When they answer (app_config support_hours).'),
  }),
  answer_working_days: z.number().int(),
  extension_working_days: z.number().int(),
});
export type HelpContent = z.infer<typeof helpContentSchema>;

const idParams = z.object({ id: z.string().trim().min(1).max(64) });

export const complaintCalls = {
  getHelpContent: defineCall('getHelpContent', {
    tag: 'app',
    summary: 'Help: questions and answers, and how to reach customer service',
    description:
      'The questions and answers in both languages and the support channels with their hours, from configuration; open without a session (a borrower who cannot sign in needs them most).',
    errors: [],
    response: helpContentSchema,
  }),
  fileComplaint: defineCall('fileComplaint', {
    tag: 'borrower',
    summary: 'File a complaint (pengaduan)',
    description: `Multipart form: \`category\`, \`text\` (${COMPLAINT_TEXT_MIN}-${COMPLAINT_TEXT_MAX} characters), optional \`order_id\` and \`payment_id\` (the borrower's own, from GET /v1/complaint_subjects; another's is refused under its field) and an optional image in \`${COMPLAINT_PHOTO_FIELD}\` (JPEG, PNG or WebP, at most ${COMPLAINT_PHOTO_MAX_BYTES / 1024 / 1024} MiB; stored encrypted, metadata stripped). Opens a case with its number and its deadline (${COMPLAINT_ANSWER_WORKING_DAYS} working days, POJK 22/2023), confirmed by SMS in the caller's language. At most ${COMPLAINTS_PER_DAY} in 24 hours (4390).`,
    errors: ['COMPLAINT_LIMIT', 'NOT_AN_IMAGE', 'IMAGE_TOO_LARGE', 'IMAGE_TYPE_MISMATCH', 'IMAGE_DIMENSIONS'],
    form: complaintFormSchema,
    upload: {
      field: COMPLAINT_PHOTO_FIELD,
      required: false,
      mediaTypes: IMAGE_TYPES,
      description: `A photo or screenshot (JPEG, PNG or WebP, at most ${COMPLAINT_PHOTO_MAX_BYTES / 1024 / 1024} MiB).`,
    },
    response: complaintDetailSchema,
  }),
  listMyComplaints: defineCall('listMyComplaints', {
    tag: 'borrower',
    summary: "The borrower's complaints with their status and deadline",
    description: 'Newest first; only the signed-in borrower’s own.',
    errors: [],
    response: myComplaintsSchema,
  }),
  getMyComplaint: defineCall('getMyComplaint', {
    tag: 'borrower',
    summary: 'One complaint with its history and answers',
    description:
      'The case, then what happened to it, oldest first. Another borrower’s case is not found (4040).',
    errors: ['NOT_FOUND'],
    params: idParams,
    response: complaintDetailSchema,
  }),
  getComplaintSubjects: defineCall('getComplaintSubjects', {
    tag: 'borrower',
    summary: 'The loans and payments a complaint may be about',
    description: 'The borrower’s own loans and payments, newest first (at most 20 of each).',
    errors: [],
    response: complaintSubjectsSchema,
  }),
};

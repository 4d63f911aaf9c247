import { z } from 'zod';
import { signedRupiahSchema } from '../money/rupiah-schema.ts';
import { maskedBorrowerSchema, pageQuerySchema } from './admin-review.ts';
import { defineCall } from './define-call.ts';

const staffReasonSchema = z.string().trim().min(1).max(500);

/** What a reveal may show, one at a time: each is its own audit row. */
export const PII_FIELDS = [
  'name',
  'nik',
  'phone',
  'birth_date',
  'address',
  'ktp_photo',
  'selfie',
  'ocr_reading',
] as const;
export type PiiField = (typeof PII_FIELDS)[number];

const ocrValuesSchema = z.object({
  nik: z.string().nullable(),
  name: z.string().nullable(),
  birth_date: z.string().nullable(),
  gender: z.number().int().nullable(),
  religion: z.number().int().nullable(),
  marital: z.number().int().nullable(),
});

const borrowerDetailSchema = z.object({
  borrower: maskedBorrowerSchema,
  registered_at: z.string(),
  verify: z
    .number()
    .int()
    .describe('users.verify: 0 unaudited, 1 auditing (or in review), 2 approved, 3 rejected.'),
  blocked_at: z.string().nullable(),
  applications: z.array(
    z.object({
      id: z.string(),
      state: z.string(),
      submitted_at: z.string(),
      decided_at: z.string().nullable(),
      decided_by: z.string().nullable(),
      limit_amount: signedRupiahSchema.nullable(),
      reasons: z.array(z.string()),
    }),
  ),
  loans: z.array(
    z.object({
      id: z.string(),
      state: z.string(),
      amount: signedRupiahSchema,
      period: z.string(),
      disbursed_on: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
  payments: z.array(
    z.object({
      id: z.string(),
      loan_id: z.string().nullable(),
      amount: signedRupiahSchema,
      status: z.string(),
      review_reason: z.string().nullable(),
      paid_at: z.string(),
    }),
  ),
  messages: z
    .array(
      z.object({
        id: z.string(),
        channel: z.string(),
        kind: z.string(),
        status: z.string(),
        created_at: z.string(),
        sent_at: z.string().nullable(),
      }),
    )
    .describe('The outbox: what was sent and when; never the text (a sign-in code must not reach a screen).'),
  consents: z.array(z.object({ document: z.string(), version: z.string(), accepted_at: z.string() })),
  claims: z.array(
    z.object({
      id: z.string(),
      case_number: z.string(),
      amount: signedRupiahSchema,
      status: z.string(),
      answer_by: z.string(),
      created_at: z.string(),
    }),
  ),
  feedback: z.array(z.object({ id: z.string(), content: z.string(), created_at: z.string() })),
});
export type BorrowerDetail = z.infer<typeof borrowerDetailSchema>;

/** The borrowers screens (issue 25): find a borrower, see their record masked, reveal a field, block an account. */
export const adminBorrowerCalls = {
  searchBorrowers: defineCall('searchBorrowers', {
    summary: 'Find borrowers by phone, name or NIK',
    description:
      'A phone (any usual form) or a NIK matches exactly; the NIK through its keyed hash, so it is never searched ' +
      'in plain. A name matches by whole words, in any order and without case, through their keyed hashes (names ' +
      'are encrypted), listed in registration order. A POST, so a NIK or a name never sits in a URL or an ' +
      'access log. Results are masked.',
    tag: 'back-office',
    errors: [],
    body: z.object({
      by: z.enum(['phone', 'name', 'nik']),
      q: z.string().trim().min(2).max(100),
      page: pageQuerySchema.shape.page,
      size: pageQuerySchema.shape.size,
    }),
    response: z.object({
      total: z.number().int(),
      page: z.number().int(),
      rows: z.array(maskedBorrowerSchema),
    }),
  }),
  getBorrower: defineCall('getBorrower', {
    summary: "A borrower's record",
    description:
      'Masked identity; applications, loans, payments, messages sent, consents, payment claims and feedback, newest ' +
      'first (at most 50 of each).',
    tag: 'back-office',
    errors: ['NOT_FOUND'],
    params: z.object({ id: z.uuid() }),
    response: borrowerDetailSchema,
  }),
  revealBorrowerPii: defineCall('revealBorrowerPii', {
    summary: "Reveal one of a borrower's personal data",
    description:
      'One field unmasked (name, NIK, phone, birth date, address), one photo decrypted (KTP photo, selfie) or the OCR ' +
      'reading beside what was typed, with the reason: an audited command naming the field, written before ' +
      'anything is answered. Not cached.',
    tag: 'back-office',
    errors: ['NOT_FOUND', 'NOTHING_TO_REVEAL'],
    params: z.object({ id: z.uuid() }),
    body: z.object({ field: z.enum(PII_FIELDS), reason: staffReasonSchema }),
    response: z.object({
      field: z.enum(PII_FIELDS),
      text: z.string().nullable(),
      image: z.object({ content_type: z.string(), data: z.string() }).nullable(),
      ocr: z.object({ read: ocrValuesSchema, typed: ocrValuesSchema }).nullable(),
    }),
  }),
  blockBorrower: defineCall('blockBorrower', {
    summary: "Block a borrower's account",
    description:
      'Ends every session of the borrower; sign-in and new loans are refused (ACCOUNT_BLOCKED) until unblocked. ' +
      'Public pages (help, contacts, agreements) stay open to them. The reason is kept in the audit log.',
    tag: 'back-office',
    errors: ['NOT_FOUND'],
    params: z.object({ id: z.uuid() }),
    body: z.object({ reason: staffReasonSchema }),
    response: z.object({ id: z.string(), blocked: z.boolean() }),
  }),
  unblockBorrower: defineCall('unblockBorrower', {
    summary: "Unblock a borrower's account",
    description: 'The borrower may sign in and borrow again. The reason is kept in the audit log.',
    tag: 'back-office',
    errors: ['NOT_FOUND'],
    params: z.object({ id: z.uuid() }),
    body: z.object({ reason: staffReasonSchema }),
    response: z.object({ id: z.string(), blocked: z.boolean() }),
  }),
};

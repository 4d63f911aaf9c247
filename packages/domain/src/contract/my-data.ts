import { z } from 'zod';
import {
  CONSENT_KINDS,
  CORRECTABLE_FIELDS,
  CORRECTION_STATUSES,
  DELETION_BLOCKERS,
  KEPT_RECORDS,
  RETENTION_CATEGORIES,
  WITHDRAWABLE_CONSENTS,
} from '../legal/personal-data-rights.ts';
import { ROLE_NAMES } from '../staff/permissions.ts';
import { PII_FIELDS } from './admin-borrowers.ts';
import { emptyResponseSchema } from './auth.ts';
import { dateText, instantText } from './formats.ts';
import { defineCall } from './define-call.ts';

/**
 * Me > My data (issue 27): the borrower's rights under UU PDP 27/2022 (legal/personal-data-rights.ts). A copy of
 * everything held (JSON and a readable PDF; the KTP photo and selfie on request), every consent with its version and
 * date and the withdrawal of those that can be, a correction request for identity fields locked after submit, and
 * account deletion once nothing is owed.
 *
 * The export is a set of sections, one per kind of data, each gathered by the module that holds it (the server's
 * personal-data registry). A module that comes later adds its section here (optional, so an older server's export
 * still parses) and registers its collector on the server.
 */

const nullableText = z.string().nullable();
const nullableInstant = instantText.nullable();
const nullableInt = z.number().int().nullable();

const accountSection = z.object({
  uid: z.string(),
  phone: z.string().describe('The registered mobile number, normalised (62...).'),
  registered_at: instantText,
  has_password: z.boolean(),
  verify: z
    .number()
    .int()
    .describe('Where the application stands (0 none, 1 deciding, 2 approved, 3 rejected).'),
  reapply_on: nullableText,
  blocked_at: nullableInstant,
  time_zone: nullableText.describe(
    "The time zone the borrower's phone last reported: their own contact hours.",
  ),
  signup_channel: nullableText.describe('The channel (`cl`) the app was opened from at registration.'),
  promote_platform: nullableText.describe('The partner whose page the borrower came from at registration.'),
  promote_agency: nullableText.describe(
    'The agency named in the link the borrower came from at registration.',
  ),
  updated_at: instantText,
});

const ocrReadingSchema = z
  .object({
    ktp_id_number: nullableText,
    name: nullableText,
    date_of_birth: nullableText,
    gender: nullableInt,
    religion: nullableInt,
    marital: nullableInt,
    confidence: z.number().nullable(),
  })
  .nullable();

const profileSection = z.object({
  ktp: z.object({
    nik: nullableText,
    name: nullableText,
    birth_date: nullableText,
    gender: nullableInt,
    religion: nullableInt,
    marriage: nullableInt,
    ktp_photo_held: z.boolean().describe('The photo itself: GET /v1/user/my_data/images.'),
    ocr_reading: ocrReadingSchema,
    saved_at: nullableInstant,
  }),
  personal: z.object({
    education: nullableInt,
    mother_maiden_name: nullableText,
    province: nullableText,
    city: nullableText,
    district: nullableText,
    village: nullableText,
    region_label: nullableText.describe('The four regions by name, as the form shows them.'),
    address: nullableText,
    zip_code: nullableText,
    live_duration: nullableInt,
    saved_at: nullableInstant,
    email: nullableText,
    residential_status: nullableInt,
    other_saved_at: nullableInstant,
  }),
  job: z.object({
    has_job: z.boolean().nullable(),
    career: nullableInt,
    income_source: nullableInt,
    salary_range: nullableInt,
    salary_day: nullableInt,
    monthly_income: nullableInt,
    monthly_spending: nullableInt,
    other_loan_status: nullableInt,
    other_platforms: nullableInt,
    saved_at: nullableInstant,
  }),
  company: z.object({
    company_name: nullableText,
    company_phone: nullableText,
    company_province: nullableText,
    company_city: nullableText,
    company_district: nullableText,
    company_village: nullableText,
    company_region_label: nullableText.describe('The four regions by name, as the form shows them.'),
    company_address: nullableText,
    saved_at: nullableInstant,
  }),
  contacts: z.object({
    list: z.array(z.object({ relation: z.number().int(), name: z.string(), phone: z.string() })),
    expected_amount: nullableInt,
    expected_period: nullableInt,
    saved_at: nullableInstant,
  }),
  created_at: instantText,
  updated_at: instantText,
});

const draftItem = z.object({
  step: z.string(),
  values: z.record(z.string(), z.unknown()).nullable().describe('As typed, unchecked.'),
  saved_at: instantText,
});

const verificationSection = z.object({
  whatsapp_phone: nullableText,
  whatsapp_verified_at: nullableInstant,
  reminder_channel: z.string().describe("Where bill reminders go: 'sms' or 'whatsapp'."),
  face_status: z.string(),
  face_reason: nullableText,
  selfie_held: z.boolean().describe('The selfie itself: GET /v1/user/my_data/images.'),
  face_passed_at: nullableInstant,
  face_liveness: nullableText.describe("'checked': the live camera check; 'fallback': a single selfie."),
  updated_at: instantText,
  face_checks: z.array(
    z.object({
      at: instantText,
      result: z.string(),
      reason: nullableText,
      distance: z.number().nullable(),
      provider: z.string(),
      liveness: nullableText,
    }),
  ),
});

const bankAccountItem = z.object({
  id: z.string(),
  bank_code: z.string(),
  bank_name: z.string().nullable(),
  account_number: z.string(),
  holder_name: z.string(),
  verified_at: instantText,
  removed_at: nullableInstant,
  is_default: z.boolean(),
  added_at: instantText,
});

const applicationItem = z.object({
  id: z.string(),
  state: z.string(),
  submitted_at: instantText,
  decide_after: instantText,
  longitude: z.string(),
  latitude: z.string(),
  locale: z.string(),
  decided_at: nullableInstant,
  decided_by: z.string().nullable().describe('`rules`, or `reviewer` when a person decided (never who).'),
  limit_amount: nullableInt,
  reapply_date: nullableText,
  reasons: z.array(z.string()),
  review_flags: z.array(z.string()),
  queued_at: nullableInstant,
  created_at: instantText,
});

const billItem = z.object({
  number: z.number().int(),
  period_start: z.string(),
  due_date: z.string(),
  principal: z.number().int(),
  interest: z.number().int(),
  fee: z.number().int(),
  late_fee: z.number().int(),
  paid: z.number().int(),
  state: z.string(),
  late_fee_through: z.string().describe('Late fees are counted for every day up to and including this date.'),
  updated_at: instantText,
});

const disbursementItem = z.object({
  id: z.string(),
  bank_account_id: z.string(),
  amount: z.number().int(),
  provider: z.string(),
  provider_reference: nullableText,
  status: z.string(),
  failure_code: nullableText,
  created_at: instantText,
  updated_at: instantText,
});

const loanItem = z.object({
  id: z.string(),
  order_token: z.string(),
  state: z.string(),
  product_id: z.string(),
  amount: z.number().int(),
  amount_received: z.number().int(),
  period: z.string(),
  purpose_id: z.number().int(),
  plan: z.unknown().describe('The plan the borrower accepted (amounts, rates, schedule).'),
  bank_account_id: z.string(),
  fail_status: z.number().int(),
  failure_reason: nullableText,
  agreement_version: z.string(),
  agreement_sha256: z.string(),
  accepted_at: instantText,
  accepted_ip: z.string(),
  locale: z.string(),
  disbursed_on: nullableText,
  accrued_through: nullableText,
  held_credit: z
    .number()
    .int()
    .describe('Money the lender holds for the borrower on this loan (an overpayment).'),
  disputed_since: nullableText.describe('Under dispute since this date: no late fee accrues while it lasts.'),
  created_at: instantText,
  updated_at: instantText,
  bills: z.array(billItem),
  disbursements: z.array(disbursementItem),
});

const paymentCodeItem = z.object({
  id: z.string(),
  loan_id: z.string(),
  channel_id: z.string(),
  provider: z.string(),
  number: z.string(),
  biller_code: nullableText,
  amount: z.number().int(),
  repayment_type: z.string(),
  bill_number: nullableInt,
  business_date: z.string(),
  status: z.string(),
  expires_at: instantText,
  created_at: instantText,
});

const paymentItem = z.object({
  id: z.string(),
  provider: z.string(),
  payment_code_id: nullableText,
  loan_id: nullableText,
  channel_id: nullableText,
  amount: z.number().int(),
  paid_at: instantText,
  status: z.string(),
  review_reason: nullableText,
  paid: z.unknown().describe('What it paid, component by component.'),
  paid_with_credit: z.unknown().describe('What held credit paid alongside it, component by component.'),
  credit_added: z.number().int(),
  remaining: nullableInt,
  bills_paid: z.array(z.number().int()).nullable(),
  created_at: instantText,
});

const refundItem = z.object({
  id: z.string(),
  loan_id: nullableText,
  payment_id: nullableText,
  bank_account_id: z.string(),
  amount: z.number().int(),
  state: z.string(),
  attempt: z.number().int(),
  failures: z.number().int(),
  provider: z.string(),
  failure_code: nullableText,
  created_at: instantText,
  completed_at: nullableInstant,
});

const claimItem = z.object({
  id: z.string(),
  case_number: z.string(),
  loan_id: nullableText,
  channel_id: z.string(),
  paid_at: instantText,
  amount: z.number().int(),
  reference: nullableText,
  proof_held: z.boolean(),
  status: z.string(),
  matched_payment_id: nullableText,
  answer_by: z.string(),
  answer: nullableText,
  created_at: instantText,
  updated_at: instantText,
});

const feedbackItem = z.object({
  id: z.string(),
  kind: z.string(),
  content: z.string(),
  locale: z.string(),
  status: z.string(),
  reply: nullableText,
  replied_at: nullableInstant,
  resolution: nullableText,
  closed_at: nullableInstant,
  created_at: instantText,
});

const complaintItem = z.object({
  id: z.string(),
  case_number: z.string(),
  category: z.string(),
  text: z.string(),
  loan_id: nullableText,
  payment_id: nullableText,
  contact_id: nullableText,
  photo_held: z.boolean().describe('The photo itself stays with the case; ask customer service for a copy.'),
  status: z.string(),
  locale: z.string(),
  first_answer_by: z.string(),
  answer_by: z.string(),
  extended_at: nullableInstant,
  extension_reason: nullableText,
  answered_at: nullableInstant,
  closed_at: nullableInstant,
  created_at: instantText,
  updated_at: instantText,
  events: z.array(
    z.object({ kind: z.string(), text: nullableText, answer_by: nullableText, at: instantText }),
  ),
});

const purchasesSection = z.object({
  pin_set: z.boolean().describe('Whether a payment PIN is set (the PIN itself is kept only as a hash).'),
  pin_set_at: nullableInstant,
  pin_failed_tries: z.number().int(),
  pin_locked_until: nullableInstant,
  orders: z.array(
    z.object({
      id: z.string(),
      merchant: z.string(),
      merchant_order_id: z.string(),
      amount: z.number().int(),
      items: z.unknown().describe('What was bought, as the shop listed it.'),
      shop_buyer_id: nullableText,
      status: z.string(),
      loan_id: nullableText,
      expires_at: instantText,
      paid_at: nullableInstant,
      cancelled_at: nullableInstant,
      refunded_amount: z.number().int().describe('What the shop refunded of the paid order.'),
      created_at: instantText,
    }),
  ),
  refunds: z.array(
    z.object({
      id: z.string(),
      merchant: z.string(),
      merchant_refund_id: z.string().describe("The shop's id of its refund."),
      order_id: z.string(),
      loan_id: z.string(),
      amount: z.number().int(),
      reason: z.string().describe("The shop's reason."),
      created_at: instantText,
    }),
  ),
});

const messageItem = z.object({
  id: z.string(),
  channel: z.string(),
  recipient: z.string(),
  kind: z
    .string()
    .describe('What it was about (sms-code, credit-decision ...); its text is not kept once sent.'),
  status: z.string(),
  attempts: z.number().int(),
  created_at: instantText,
  sent_at: nullableInstant,
});

const deviceItem = z.object({
  label: z.string(),
  network: z.string(),
  signed_in_at: instantText,
});

/** An analytics event the app sent while the borrower was signed in (contract/analytics.ts): no content, ids only. */
const analyticsItem = z.object({
  event: z.string(),
  page: z.string().nullable(),
  channel: z.string().nullable(),
  promote_platform: z.string().nullable(),
  promote_agency: z.string().nullable(),
  device_id: z.string().describe('The random id the app made on that browser.'),
  fingerprint: z
    .string()
    .nullable()
    .describe("A hash of the browser's traits (screen, language, time zone)."),
  kind: z.string().nullable(),
  payment_count: z.number().int().nullable(),
  occurred_at: instantText,
  received_at: instantText,
});

const sessionItem = z.object({
  started_at: instantText,
  expires_at: instantText,
  ended_at: nullableInstant,
});

const consentRecordItem = z.object({
  kind: z.string(),
  version: z.string(),
  accepted_at: instantText,
  ip: z.string(),
});

const withdrawalItem = z.object({
  kind: z.string(),
  version: z.string(),
  withdrawn_at: instantText,
  restored_at: nullableInstant,
});

const correctionItem = z.object({
  id: z.string(),
  field: z.enum(CORRECTABLE_FIELDS),
  proposed_value: z.string(),
  reason: z.string(),
  status: z.enum(CORRECTION_STATUSES),
  answer: nullableText,
  created_at: instantText,
  decided_at: nullableInstant,
});

const staffAccessItem = z.object({ at: instantText, field: z.enum(PII_FIELDS), role: z.enum(ROLE_NAMES) });

const collectionSection = z.object({
  contacts: z.array(
    z.object({
      loan_id: z.string(),
      channel: z.string(),
      outcome: z.string(),
      note: z.string(),
      contacted_at: instantText,
    }),
  ),
  promises: z.array(
    z.object({
      loan_id: z.string(),
      promised_date: z.string(),
      amount: z.number().int(),
      created_at: instantText,
    }),
  ),
});

const referralSection = z.object({
  code: nullableText.describe("The borrower's own referral code (null until they asked for it)."),
  code_created_at: nullableInstant,
  signed_up_with_code: nullableText.describe("The friend's code the borrower signed up with, if any."),
  signed_up_at: nullableInstant,
  coupons: z.array(
    z.object({
      id: z.string(),
      coupon: z.string(),
      source: z.string(),
      state: z.string(),
      expires_at: instantText,
      used_at: nullableInstant,
      used_for_loan_id: nullableText,
      created_at: instantText,
    }),
  ),
});

const reliefItem = z.object({
  id: z.string(),
  loan_id: z.string(),
  status: z.string(),
  kind: z.string().describe("'defer': more days; 'spread': more instalments."),
  days_asked: z.number().int().nullable(),
  extra_asked: z.number().int().nullable(),
  reason: z.string(),
  locale: z.string(),
  asked_at: instantText,
  days_offered: z.number().int().nullable(),
  extra_offered: z.number().int().nullable(),
  offer_expires_at: nullableInstant,
  decided_at: nullableInstant,
  answer: nullableText,
  accepted_at: nullableInstant,
  new_due_dates: z.array(z.string()).describe("As accepted: each changed bill's new due date."),
  new_bill_amounts: z
    .array(z.number().int())
    .describe('As accepted: what each changed bill asks, in the order of new_due_dates.'),
  late_fees_kept: z.number().int().nullable(),
  addendum_sha256: nullableText.describe('The signed addendum (download it from the relief page).'),
  closed_at: nullableInstant,
  updated_at: instantText,
});

/**
 * Every section of the export by key. A module added later puts its section here, `.optional()`; the server's registry
 * must have a collector for each key (its test checks both ways).
 */
export const myDataSectionSchemas = {
  account: accountSection,
  profile: profileSection.nullable(),
  drafts: z.array(draftItem),
  verification: verificationSection.nullable(),
  bank_accounts: z.array(bankAccountItem),
  applications: z.array(applicationItem),
  loans: z.array(loanItem),
  payment_codes: z.array(paymentCodeItem),
  payments: z.array(paymentItem),
  refunds: z.array(refundItem),
  payment_claims: z.array(claimItem),
  feedback: z.array(feedbackItem),
  complaints: z.array(complaintItem),
  purchases: purchasesSection,
  messages: z.array(messageItem),
  devices: z.array(deviceItem),
  analytics: z.array(analyticsItem),
  sessions: z.array(sessionItem),
  consents: z.object({ accepted: z.array(consentRecordItem), withdrawn: z.array(withdrawalItem) }),
  corrections: z.array(correctionItem),
  staff_access: z.array(staffAccessItem),
  collection: collectionSection,
  referral: referralSection.optional(),
  relief: z.array(reliefItem).optional(),
} as const;

export type MyDataSectionKey = keyof typeof myDataSectionSchemas;
export const MY_DATA_SECTION_KEYS = Object.keys(myDataSectionSchemas) as MyDataSectionKey[];

export const myDataExportSchema = z.object({
  format: z.literal('kaskita-my-data/1'),
  generated_at: instantText,
  sections: z.object(myDataSectionSchemas),
});
export type MyDataExport = z.infer<typeof myDataExportSchema>;
export type MyDataSections = MyDataExport['sections'];

const fileSchema = z.object({
  content_type: z.string(),
  file_name: z.string(),
  data: z.string().describe('The bytes, base64.'),
});

export const myDataImagesSchema = z.object({
  ktp_photo: fileSchema.nullable(),
  selfie: fileSchema.nullable(),
});

export const consentViewSchema = z.object({
  kind: z.enum(CONSENT_KINDS),
  /** Given and not withdrawn. */
  in_force: z.boolean(),
  version: nullableText.describe('The version of the text last accepted; null when never given.'),
  current_version: nullableText.describe(
    "Today's version of the text; null for location (the browser's permission).",
  ),
  given_at: nullableInstant.describe(
    'When the version shown was accepted (for location: the latest application).',
  ),
  withdrawn_at: nullableInstant,
  withdrawable: z.boolean(),
  purpose: z.string(),
  withdrawal: z.string().describe('What withdrawing does, or why and how it ends otherwise.'),
  history: z.array(
    z.object({
      event: z.enum(['given', 'withdrawn', 'restored']),
      version: nullableText,
      at: instantText,
    }),
  ),
});
export type ConsentView = z.infer<typeof consentViewSchema>;

const continuesSchema = z.array(z.object({ what: z.string(), why: z.string() }));

export const consentsSchema = z.object({
  list: z.array(consentViewSchema),
  /** A loan is owed: what goes on whatever is withdrawn, and why (empty otherwise). */
  while_owed: continuesSchema,
  stop_within_hours: z.number().int(),
});
export type Consents = z.infer<typeof consentsSchema>;

export const withdrawalResultSchema = z.object({
  kind: z.enum(WITHDRAWABLE_CONSENTS),
  withdrawn_at: instantText,
  stopped: z.string().describe('What stopped, at once.'),
  continues: continuesSchema,
});
export type WithdrawalResult = z.infer<typeof withdrawalResultSchema>;

export const correctionBodySchema = z.object({
  field: z.enum(CORRECTABLE_FIELDS, { error: 'correction.field_required' }),
  value: z
    .string({ error: 'correction.value_required' })
    .trim()
    .min(1, { error: 'correction.value_required' })
    .max(100, { error: 'field.too_long' })
    .describe(
      'The value as it should be: a NIK (16 digits), a name, a date YYYY-MM-DD, or the code of an option.',
    ),
  reason: z
    .string({ error: 'correction.reason_required' })
    .trim()
    .min(5, { error: 'correction.reason_required' })
    .max(500, { error: 'field.too_long' }),
});
export type CorrectionBody = z.infer<typeof correctionBodySchema>;

export const correctionViewSchema = z.object({
  id: z.string(),
  field: z.enum(CORRECTABLE_FIELDS),
  proposed_value: z.string(),
  reason: z.string(),
  status: z.enum(CORRECTION_STATUSES),
  answer: nullableText.describe("The staff member's reason when refused (or a note when approved)."),
  created_at: instantText,
  decided_at: nullableInstant,
});
export type CorrectionView = z.infer<typeof correctionViewSchema>;

export const correctionsSchema = z.object({
  list: z.array(correctionViewSchema),
  /** Whether the identity is locked (submitted): only then is a correction asked for instead of an edit. */
  locked: z.boolean(),
});

const keptRecordSchema = z.object({ record: z.enum(KEPT_RECORDS), text: z.string() });

export const accountDeletionSchema = z.object({
  allowed: z.boolean(),
  blockers: z.array(z.enum(DELETION_BLOCKERS)),
  retention: z.enum(RETENTION_CATEGORIES),
  kept: z.array(keptRecordSchema),
  kept_until: dateText
    .nullable()
    .describe('The Jakarta date from which what is kept is destroyed (null: nothing kept).'),
  kept_because: nullableText,
  erased: z.array(z.string()),
});
export type AccountDeletion = z.infer<typeof accountDeletionSchema>;

export const deleteAccountBodySchema = z.object({
  confirm: z
    .literal('DELETE', { error: 'delete_account.confirm_required' })
    .describe('The word DELETE, typed.'),
});

const ERRORS_OF_EXPORT = ['RATE_LIMITED'] as const;

export const myDataCalls = {
  getMyData: defineCall('getMyData', {
    tag: 'borrower',
    summary: 'A copy of everything KasKita holds about me (JSON)',
    description:
      "Every section of the borrower's data, machine-readable (UU PDP: access and portability): account, profile with the KTP fields, drafts, checks, bank accounts, applications, loans with bills, payments, refunds, claims, feedback, messages sent, devices, analytics events, sessions, consents, corrections, staff access, collection contacts. Images are not in it (GET /v1/user/my_data/images). Costly: a few per hour (4029). Each is written to the borrower's audit as an access.",
    errors: ERRORS_OF_EXPORT,
    response: myDataExportSchema,
  }),
  getMyDataPdf: defineCall('getMyDataPdf', {
    tag: 'borrower',
    summary: 'A copy of everything KasKita holds about me (readable PDF)',
    description:
      "The same data as GET /v1/user/my_data, as a PDF in the borrower's language (the `lan` header), base64. Same limits and audit.",
    errors: ERRORS_OF_EXPORT,
    response: fileSchema,
  }),
  getMyDataImages: defineCall('getMyDataImages', {
    tag: 'borrower',
    summary: 'My KTP photo and selfie',
    description:
      'The KTP photo and the selfie of the latest passed face check, as JPEG (base64); null when not held. Limited more tightly than the export (4029); audited.',
    errors: ERRORS_OF_EXPORT,
    response: myDataImagesSchema,
  }),
  listConsents: defineCall('listConsents', {
    tag: 'borrower',
    summary: 'My consents',
    description:
      'Every consent with the version of its text and the time it was given or withdrawn, whether it can be withdrawn here and what that does; with a loan owed, what goes on whatever is withdrawn, and why.',
    errors: [],
    response: consentsSchema,
  }),
  withdrawConsent: defineCall('withdrawConsent', {
    tag: 'borrower',
    summary: 'Withdraw a consent',
    description:
      'Records the withdrawal and stops what needs the consent at once (well within the 3 x 24 hours of UU PDP): emergency contacts are erased; without the privacy consent no new application or loan is assessed. Refused: a consent not in force (4405), the privacy consent while an application waits for its decision (4406).',
    errors: ['CONSENT_NOT_IN_FORCE', 'CONSENT_APPLICATION_PENDING'],
    body: z.object({ kind: z.enum(WITHDRAWABLE_CONSENTS, { error: 'consent.kind_required' }) }),
    response: withdrawalResultSchema,
  }),
  restoreConsent: defineCall('restoreConsent', {
    tag: 'borrower',
    summary: 'Give the privacy consent again',
    description:
      'Gives again the privacy consent withdrawn before, recording today’s version: new applications and loans are assessed again. Emergency contacts are given again on the contacts step.',
    errors: ['CONSENT_NOT_IN_FORCE'],
    body: z.object({ kind: z.literal('privacy', { error: 'consent.kind_required' }) }),
    response: emptyResponseSchema,
  }),
  listCorrections: defineCall('listCorrections', {
    tag: 'borrower',
    summary: 'My correction requests',
    description:
      'Each request to correct a locked identity field, newest first, with its status and the staff’s answer.',
    errors: [],
    response: correctionsSchema,
  }),
  requestCorrection: defineCall('requestCorrection', {
    tag: 'borrower',
    summary: 'Ask to correct a locked identity field',
    description:
      'Once the application is submitted the KTP identity is locked; a correction is asked here, with the value and a reason, and decided by staff. Refused while the field can still be edited (4401), before the KTP step (4403), when a request for the field is already open (4402), or for a value equal to the current one.',
    errors: ['CORRECTION_NOT_NEEDED', 'CORRECTION_ALREADY_OPEN', 'CORRECTION_NOTHING_TO_CORRECT'],
    body: correctionBodySchema,
    response: correctionViewSchema,
  }),
  getAccountDeletion: defineCall('getAccountDeletion', {
    tag: 'borrower',
    summary: 'What deleting my account would do',
    description:
      'Whether the account can be deleted now (nothing owed, nothing in progress), what is erased at once, and what the law makes us keep, why and until when.',
    errors: [],
    response: accountDeletionSchema,
  }),
  deleteAccount: defineCall('deleteAccount', {
    tag: 'borrower',
    summary: 'Delete my account',
    description:
      'Closes the account: every session ends, personal data is erased except what the law makes us keep (listed by GET /v1/user/account_deletion, destroyed by a daily job when its period ends). The phone may register again as a new account. Refused while a loan is owed or something is in progress (4400, `data.blockers`).',
    errors: ['ACCOUNT_DELETION_BLOCKED'],
    body: deleteAccountBodySchema,
    response: accountDeletionSchema,
  }),
};

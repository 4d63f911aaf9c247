import { z } from 'zod';
import {
  EDUCATION,
  GENDER,
  INCOME_SOURCE,
  LIVE_DURATION,
  MARRIAGE,
  OTHER_LOAN_STATUS,
  RELATION,
  RELIGION,
  RESIDENCE,
  SALARY_RANGE,
  WORK_TYPE,
} from '../i18n/profile-options.ts';
import { signedRupiahSchema } from '../money/rupiah-schema.ts';
import { codeSchema, type CodeMeanings } from '../validation/coded-field.ts';
import {
  AMOUNT_LIMITS,
  baseProfileSchema,
  companyInfoSchema,
  jobInfoSchema,
  ktpIdentitySchema,
  otherInfoSchema,
  socialSchema,
} from '../validation/profile.ts';
import { defineCall, IMAGE_TYPES } from './define-call.ts';

/**
 * Onboarding (KYC): the KTP, personal, job and work information and emergency contacts (spec sections 2, 3, 5 and 7;
 * the last step, the bank account, is in bank-cards.ts). Every read is the signed-in borrower's own data; every save
 * answers the progress, so the app knows which step comes next.
 */

/** The steps in the order the app walks them (spec: /user-into/ktp ... contacts, then the bank account). */
export const PROFILE_STEPS = ['ktp', 'person-info', 'job-info', 'work-info', 'contacts', 'bank'] as const;
export type ProfileStep = (typeof PROFILE_STEPS)[number];

/** `skipped`: work information is not asked of a borrower without a job. */
export const stepStateSchema = z.enum(['done', 'todo', 'skipped']);

export const profileProgressSchema = z.object({
  steps: z.object(
    Object.fromEntries(PROFILE_STEPS.map((step) => [step, stepStateSchema])) as {
      [K in ProfileStep]: typeof stepStateSchema;
    },
  ),
  next: z
    .enum(PROFILE_STEPS)
    .nullable()
    .describe('The first step not done, or null when the profile is complete.'),
  locked: z.boolean().describe('The application was submitted: the profile is read-only (4262 on any save).'),
});
export type ProfileProgress = z.infer<typeof profileProgressSchema>;

/** What OCR read from the KTP photo; each field null when it was not read with confidence (spec: "OCR result"). */
export const ocrResultSchema = z.object({
  ktp_id_number: z.string().nullable(),
  name: z.string().nullable(),
  date_of_birth: z.string().meta({ format: 'date' }).nullable(),
  gender: codeSchema(GENDER).nullable(),
  religion: codeSchema(RELIGION).nullable(),
  marital: codeSchema(MARRIAGE).nullable(),
  confidence: z.number().describe('0..1, how sure the reader was of the whole card.'),
});
export type OcrResult = z.infer<typeof ocrResultSchema>;

const nullableNumber = z.number().int().nullable();
/** A code the borrower chose (the same codes the save call takes), or null before they did. */
const nullableCode = (options: CodeMeanings) => codeSchema(options).nullable();
/** An amount the borrower typed (whole rupiah), or null before they did. */
const nullableMoney = signedRupiahSchema.nullable();
const nullableText = z.string().nullable();

/** A region chosen in the picker, with the names to show it again. */
const regionView = {
  province: nullableText,
  city: nullableText,
  districts: nullableText,
  sub_districts: nullableText,
  region_label: nullableText.describe('"Jawa Barat / Kota Bandung / Coblong / Dago", null until chosen.'),
  address: nullableText,
};

/** GET /v1/user/base: the whole base record (spec: "stored as base"); null fields are not filled yet. */
export const baseProfileViewSchema = z.object({
  ktp_submitted: z
    .boolean()
    .describe('The KTP step: identity as confirmed, with the NIK masked (it is never sent back whole).'),
  ktp_photo: z.boolean(),
  cardid_masked: nullableText,
  name: nullableText,
  birth_date: z.string().meta({ format: 'date' }).nullable(),
  gender: nullableCode(GENDER),
  religion: nullableCode(RELIGION),
  marriage: nullableCode(MARRIAGE),
  // person-info
  education: nullableCode(EDUCATION),
  mother_maiden_name: nullableText,
  ...regionView,
  zip_code: nullableText,
  live_duration: nullableCode(LIVE_DURATION),
  email: nullableText,
  residential_status: nullableCode(RESIDENCE),
});
export type BaseProfileView = z.infer<typeof baseProfileViewSchema>;

/** GET /v2/user/work and GET /v1/user/work. */
export const workViewSchema = z.object({
  has_job: z.boolean().nullable(),
  career: nullableCode(WORK_TYPE),
  income_source: nullableCode(INCOME_SOURCE),
  salary: nullableCode(SALARY_RANGE),
  salary_day: nullableNumber,
  income: nullableMoney,
  spending: nullableMoney,
  other_loan_status: nullableCode(OTHER_LOAN_STATUS),
  other_platforms: nullableNumber,
  company_name: nullableText,
  company_phone: nullableText,
  ...regionView,
});
export type WorkView = z.infer<typeof workViewSchema>;

/** GET /v1/user/social. */
export const socialViewSchema = z.object({
  socials: z.array(z.object({ relation: codeSchema(RELATION), name: z.string(), phone: z.string() })),
  contact_consent: z.boolean(),
  expect_amount: nullableMoney,
  expect_period: nullableNumber,
});
export type SocialView = z.infer<typeof socialViewSchema>;

export const ktpPhotoSchema = z.object({ content_type: z.string(), data: z.string() });

export const userInfoSchema = z.object({ user_info: z.object({ username: z.string(), uid: z.string() }) });

/**
 * What a step's form held when last saved as a draft: a JSON object string (the form posts strings, as `socials`)
 * of field name -> value as the form holds it (text, a code, a list of contacts). Bounded, since it is stored whole:
 * a form's fields fit in a few kilobytes.
 */
export const PROFILE_DRAFT_MAX_CHARS = 8_000;
const draftValuesSchema = z
  .string()
  .max(PROFILE_DRAFT_MAX_CHARS, { error: 'draft.too_large' })
  .transform((text, ctx): Record<string, unknown> => {
    try {
      const values: unknown = JSON.parse(text);
      if (typeof values === 'object' && values !== null && !Array.isArray(values))
        return values as Record<string, unknown>;
    } catch {
      // reported below, like any other value that is not an object
    }
    ctx.addIssue({ code: 'custom', message: 'draft.invalid' });
    return z.NEVER;
  });

export const profileDraftQuerySchema = z.object({ step: z.enum(PROFILE_STEPS) });

/** POST /v1/user/profile_draft: without `values` the draft is forgotten (the step was saved). */
export const profileDraftBodySchema = z.object({
  step: z.enum(PROFILE_STEPS),
  values: draftValuesSchema.optional(),
});
export type ProfileDraftBody = z.infer<typeof profileDraftBodySchema>;

/** GET /v1/user/profile_draft: the step's draft, or `values` null when there is none. */
export const profileDraftSchema = z.object({
  step: z.enum(PROFILE_STEPS),
  values: z.record(z.string(), z.unknown()).nullable(),
  /** ISO time of the last save; null without a draft. */
  saved_at: z.string().nullable(),
});
export type ProfileDraft = z.infer<typeof profileDraftSchema>;

const savesProgress = { response: profileProgressSchema, tag: 'profile' as const };
const lockedErrors = ['PROFILE_LOCKED'] as const;

export const profileCalls = {
  getProfileProgress: defineCall('getProfileProgress', {
    tag: 'profile',
    summary: 'Which onboarding steps are done, and the next one',
    description: 'The app resumes at `next`. `locked` is true once the application is submitted.',
    errors: [],
    response: profileProgressSchema,
  }),
  ocrCheck: defineCall('ocrCheck', {
    tag: 'profile',
    summary: 'Upload the KTP photo and read it',
    description:
      "Multipart form with one image file in `id_card` (JPEG, PNG or WebP; content must match its type; at most 5 MiB). The photo is stored encrypted, EXIF and GPS stripped, as the borrower's KTP photo, and read by OCR. The answer pre-fills the KTP form; a field that could not be read is null, and a failed read never blocks: the borrower types it.",
    errors: ['KTP_SUBMITTED', ...lockedErrors],
    upload: {
      field: 'id_card',
      required: true,
      mediaTypes: IMAGE_TYPES,
      description: 'The photo of the KTP (JPEG, PNG or WebP, at most 5 MiB).',
    },
    response: ocrResultSchema,
  }),
  getKtpPhoto: defineCall('getKtpPhoto', {
    tag: 'profile',
    summary: "The borrower's own KTP photo",
    description: 'Base64 of the stored (normalised JPEG) photo; 4040 when none was uploaded. Never cached.',
    errors: ['NOT_FOUND'],
    response: ktpPhotoSchema,
  }),
  saveKtp: defineCall('saveKtp', {
    ...savesProgress,
    summary: 'Confirm the identity on the KTP',
    description:
      'NIK, name, birth date, gender, religion and marital status as on the card. The NIK must be 16 digits whose first six are a real district, whose date part matches the birth date (day + 40 for women) and the gender; the borrower must be 21-60. Once saved it cannot be changed (4261). A NIK registered to another account answers 4263.',
    errors: ['KTP_PHOTO_REQUIRED', 'KTP_SUBMITTED', 'KTP_REGISTERED', ...lockedErrors],
    body: ktpIdentitySchema,
  }),
  getBaseProfile: defineCall('getBaseProfile', {
    tag: 'profile',
    summary: 'The base profile',
    description:
      'Identity (NIK masked), address, education and the other personal fields; null where not filled.',
    errors: [],
    response: baseProfileViewSchema,
  }),
  saveBaseProfile: defineCall('saveBaseProfile', {
    ...savesProgress,
    summary: 'Save personal information',
    description:
      "Education, mother's maiden name, address with province, city/regency, district and village codes from GET /getares (they must form one chain), postal code and how long the borrower has lived there.",
    errors: [...lockedErrors],
    body: baseProfileSchema,
  }),
  saveOtherInfo: defineCall('saveOtherInfo', {
    ...savesProgress,
    summary: 'Save email and home ownership',
    description: 'Part of the personal-information step.',
    errors: [...lockedErrors],
    body: otherInfoSchema,
  }),
  getWork: defineCall('getWork', {
    tag: 'profile',
    summary: 'Job and work information',
    description: 'Null fields are not filled yet.',
    errors: [],
    response: workViewSchema,
  }),
  getWorkV1: defineCall('getWorkV1', {
    tag: 'profile',
    summary: 'Job and work information (v1 path)',
    description: 'The same answer as GET /v2/user/work.',
    errors: [],
    response: workViewSchema,
  }),
  saveJob: defineCall('saveJob', {
    ...savesProgress,
    summary: 'Save job information',
    description:
      'Whether the borrower has a job and its type, income source, salary range and day, monthly income (within the salary range chosen) and spending (Rp 10.000-Rp 100.000.000), other-loan status and the number of other lending apps used. Without a job the work-information step is skipped.',
    errors: [...lockedErrors],
    body: jobInfoSchema,
  }),
  saveCompany: defineCall('saveCompany', {
    ...savesProgress,
    summary: 'Save work information',
    description: 'Company name and phone, and its address with region codes from GET /getares.',
    errors: ['PROFILE_STEP_MISSING', ...lockedErrors],
    body: companyInfoSchema,
  }),
  getSocial: defineCall('getSocial', {
    tag: 'profile',
    summary: 'Emergency contacts and the expected loan',
    description: 'The two contacts the borrower typed, their consent, and the expected limit and period.',
    errors: [],
    response: socialViewSchema,
  }),
  saveSocial: defineCall('saveSocial', {
    ...savesProgress,
    summary: 'Save emergency contacts and the expected loan',
    description: `\`socials\` is a JSON string of two \`{relation, name, phone}\` (relation: one of the codes the schema lists, with their meanings); the phones differ from each other and from the borrower's; \`contact_consent\` must be 1 (recorded with time, text version and address); expected limit and period within the cash loan's: ${AMOUNT_LIMITS.expectedAmount.min}-${AMOUNT_LIMITS.expectedAmount.max} rupiah, ${AMOUNT_LIMITS.expectedPeriod.min}-${AMOUNT_LIMITS.expectedPeriod.max} months.`,
    errors: [...lockedErrors],
    body: socialSchema,
  }),
  getProfileDraft: defineCall('getProfileDraft', {
    tag: 'profile',
    summary: "A step's unsaved input, kept while the borrower types",
    description:
      "What the step's form held when last saved as a draft (POST /v1/user/profile_draft), to fill it again after the app was reloaded; `values` null when there is none. Stored encrypted; never read by anyone but the borrower.",
    errors: [],
    query: profileDraftQuerySchema,
    response: profileDraftSchema,
  }),
  saveProfileDraft: defineCall('saveProfileDraft', {
    tag: 'profile',
    summary: "Keep a step's unsaved input",
    description: `\`step\`, and \`values\`: a JSON object string of the form's fields as they are (not checked: a draft may be half typed), at most ${PROFILE_DRAFT_MAX_CHARS} characters; without \`values\` the draft is forgotten. The app saves it a moment after each change and forgets it once the step is saved. Refused once the profile is locked (4262).`,
    errors: [...lockedErrors],
    body: profileDraftBodySchema,
    response: profileDraftSchema,
  }),
  getUserInfo: defineCall('getUserInfo', {
    tag: 'profile',
    summary: 'Name and id for display',
    description: '`username` is the KTP name once known, else the masked phone (spec section 7).',
    errors: [],
    response: userInfoSchema,
  }),
};

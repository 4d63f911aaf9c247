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
import { isBusinessDate } from '../pricing/business-date.ts';
import {
  amountField,
  digitsField,
  flagField,
  optionField,
  requiredText,
  wholeNumberField,
} from './form-fields.ts';
import { documentInput } from './input-docs.ts';
import { nikSchema } from './nik.ts';
import { phoneSchema } from './phone.ts';
import { AMOUNT_LIMITS } from './amount-limits.ts';

/** Onboarding forms (spec sections 3 and 5), shared by the server's calls and the web's forms. */

/** The date picker's first day (spec section 2); the last is today, checked with the clock. */
export const BIRTH_DATE_MIN = '1950-01-01';

export { AMOUNT_LIMITS };

/** A KTP name: letters, spaces and the punctuation names carry (apostrophe, dot, comma, hyphen). */
const personName = (requiredKey: string) =>
  requiredText(requiredKey, 100).pipe(z.string().regex(/^[\p{L}][\p{L} .,'-]*$/u, { error: 'name.invalid' }));

export const birthDateField = z
  .preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .string({ error: 'birth_date.required' })
      .trim()
      .refine((v) => isBusinessDate(v) && v >= BIRTH_DATE_MIN, { error: 'birth_date.invalid' }),
  )
  .meta({ format: 'date', description: `YYYY-MM-DD, from ${BIRTH_DATE_MIN}; the borrower must be 21-60.` });

/** Region codes as the regions data writes them; that they form one chain is checked by the server. */
const regionFields = {
  province: digitsLike(/^\d{2}$/, 'province.required'),
  city: digitsLike(/^\d{2}\.\d{2}$/, 'city.required'),
  districts: digitsLike(/^\d{2}\.\d{2}\.\d{2}$/, 'district.required'),
  sub_districts: digitsLike(/^\d{2}\.\d{2}\.\d{2}\.\d{4}$/, 'sub_district.required'),
  address: requiredText('address.required', 200),
};

function digitsLike(pattern: RegExp, requiredKey: string) {
  return requiredText(requiredKey, 20).pipe(z.string().regex(pattern, { error: 'region.invalid' }));
}

/** The identity on the KTP, confirmed or corrected by the borrower after OCR (POST /v1/user/ktp). */
export const ktpIdentitySchema = z.object({
  cardid: nikSchema,
  name: personName('name.required'),
  birth_date: birthDateField,
  gender: optionField(GENDER, 'gender.required'),
  religion: optionField(RELIGION, 'religion.required'),
  marriage: optionField(MARRIAGE, 'marriage.required'),
});

/** Personal information (POST /v1/user/base): where the borrower lives and the rest of the base profile. */
export const baseProfileSchema = z.object({
  education: optionField(EDUCATION, 'education.required'),
  mother_maiden_name: personName('mother_maiden_name.required'),
  ...regionFields,
  zip_code: digitsField(/^\d{5}$/, 'zip_code.required', 'zip_code.invalid'),
  live_duration: optionField(LIVE_DURATION, 'live_duration.required'),
});

/** POST /v5/user/user_other_info. */
export const otherInfoSchema = z.object({
  email: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
    z
      .string({ error: 'email.required' })
      .min(1, { error: 'email.required' })
      .pipe(z.email({ error: 'email.invalid' })),
  ),
  residential_status: optionField(RESIDENCE, 'residential_status.required'),
});

/**
 * Each income range's bounds in rupiah a month, both included (the labels of SALARY_RANGE): the exact income asked
 * after it must fall in the range chosen, or one of the two answers is wrong.
 */
export const SALARY_RANGE_BOUNDS: Record<keyof typeof SALARY_RANGE, { min: number; max: number }> = {
  1: { min: 0, max: 1_999_999 },
  2: { min: 2_000_000, max: 4_000_000 },
  3: { min: 4_000_000, max: 8_000_000 },
  4: { min: 8_000_001, max: Number.MAX_SAFE_INTEGER },
};

const moneyField = (requiredKey: string) =>
  amountField(AMOUNT_LIMITS.money.min, AMOUNT_LIMITS.money.max, requiredKey, 'money.range');

/**
 * Job information (POST /v2/user/work). Without a job (`has_job` 0) there is no work type and no company step;
 * income still comes from somewhere (business or other) and is asked for all the same.
 */
export const jobInfoSchema = z
  .object({
    has_job: flagField('has_job.required'),
    career: z.preprocess(
      (v) => (v === '' ? undefined : v),
      optionField(WORK_TYPE, 'career.required').optional(),
    ),
    income_source: optionField(INCOME_SOURCE, 'income_source.required'),
    salary: optionField(SALARY_RANGE, 'salary.required'),
    salary_day: wholeNumberField(
      AMOUNT_LIMITS.salaryDay.min,
      AMOUNT_LIMITS.salaryDay.max,
      'salary_day.required',
      'salary_day.invalid',
    ),
    income: moneyField('income.required'),
    spending: moneyField('spending.required'),
    other_loan_status: optionField(OTHER_LOAN_STATUS, 'other_loan_status.required'),
    other_platforms: wholeNumberField(
      AMOUNT_LIMITS.otherPlatforms.min,
      AMOUNT_LIMITS.otherPlatforms.max,
      'other_platforms.required',
      'other_platforms.invalid',
    ),
  })
  .superRefine((job, ctx) => {
    if (job.has_job && job.career === undefined) {
      ctx.addIssue({ code: 'custom', path: ['career'], message: 'career.required' });
    }
    const range = SALARY_RANGE_BOUNDS[job.salary as keyof typeof SALARY_RANGE];
    const allowed = job.income >= AMOUNT_LIMITS.money.min && job.income <= AMOUNT_LIMITS.money.max;
    // An income already refused for its own limits keeps that message.
    if (range && allowed && (job.income < range.min || job.income > range.max)) {
      ctx.addIssue({ code: 'custom', path: ['income'], message: 'income.outside_range' });
    }
  })
  .transform((job) => ({ ...job, career: job.has_job ? (job.career ?? null) : null }));

/** Work information (POST /v1/user/company): the employer or the borrower's own business. */
export const companyInfoSchema = z.object({
  company_name: requiredText('company_name.required', 100),
  company_phone: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .string()
      .transform((v) => v.replace(/[\s\-().]/g, ''))
      .pipe(z.string().regex(/^(\+62|62|0)\d{6,13}$/, { error: 'company_phone.invalid' }))
      .optional(),
  ),
  ...regionFields,
});

export const EMERGENCY_CONTACT_COUNT = 2;

const emergencyContactSchema = z.object({
  relation: optionField(RELATION, 'relation.required'),
  name: personName('contact_name.required'),
  phone: phoneSchema,
});

/**
 * Emergency contacts, typed by the borrower (spec: "socials as a JSON string"). They are called only to confirm the
 * borrower, never to collect (lending-rules.md), and only with the borrower's consent.
 */
export const socialSchema = z
  .object({
    socials: documentInput(
      z.preprocess(
        (v) => {
          if (typeof v !== 'string') return v;
          try {
            return JSON.parse(v) as unknown;
          } catch {
            return v;
          }
        },
        z.array(emergencyContactSchema, { error: 'socials.invalid' }).length(EMERGENCY_CONTACT_COUNT, {
          error: 'socials.invalid',
        }),
      ),
      { kind: 'json-text' },
    ).describe(
      'The two emergency contacts: the array as JSON text in a form (what the web app sends), or the array itself in a JSON body.',
    ),
    contact_consent: flagField('contact_consent.required').refine((v) => v, {
      error: 'contact_consent.required',
    }),
    expect_amount: amountField(
      AMOUNT_LIMITS.expectedAmount.min,
      AMOUNT_LIMITS.expectedAmount.max,
      'expect_amount.required',
      'expect_amount.range',
    ),
    expect_period: wholeNumberField(
      AMOUNT_LIMITS.expectedPeriod.min,
      AMOUNT_LIMITS.expectedPeriod.max,
      'expect_period.required',
      'expect_period.range',
    ),
  })
  .superRefine((social, ctx) => {
    const [first, second] = social.socials;
    if (first && second && first.phone === second.phone) {
      ctx.addIssue({ code: 'custom', path: ['socials', 1, 'phone'], message: 'contact.same_phone' });
    }
  });

/** Bank account (POST /v1/user/bank): 9-16 digits (spec section 5) at a bank of GET /v2/config/banklist. */
export const bankAccountSchema = z.object({
  bank: requiredText('bank.required', 10).pipe(z.string().regex(/^[A-Z0-9_]+$/, { error: 'bank.required' })),
  card_num: digitsField(/^\d{9,16}$/, 'card_num.required', 'card_num.invalid'),
  name: personName('holder_name.required'),
});

export type KtpIdentity = z.output<typeof ktpIdentitySchema>;
export type BaseProfileInput = z.output<typeof baseProfileSchema>;
export type OtherInfoInput = z.output<typeof otherInfoSchema>;
export type JobInfoInput = z.output<typeof jobInfoSchema>;
export type CompanyInfoInput = z.output<typeof companyInfoSchema>;
export type SocialInput = z.output<typeof socialSchema>;
export type BankAccountInput = z.output<typeof bankAccountSchema>;

import { boolean, index, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt, integerMoney } from '../../db/columns.ts';
import { users } from '../user/user-schema.ts';

/** One emergency contact as stored: the phone in its normalised form (62...). */
export interface StoredContact {
  relation: number;
  name: string;
  phone: string;
}

/**
 * A borrower's onboarding profile, one row per borrower, filled step by step; each step's `*_saved_at` says it is
 * done. Encrypted columns (`*_enc`) hold DataCipher values bound to the user id (security/encrypted-columns.ts);
 * the NIK is found through its keyed hash, never by its plain value.
 */
export const borrowerProfiles = pgTable(
  'borrower_profiles',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id),
    // KTP: the photo (encrypted file), what OCR read, then the identity as the borrower confirmed it.
    ktpPhotoKey: text('ktp_photo_key'),
    ocrTextEnc: text('ocr_text_enc'),
    nikEnc: text('nik_enc'),
    /** Unique: one NIK, one account (4263). */
    nikHash: text('nik_hash'),
    name: text('name'),
    /** YYYY-MM-DD. */
    birthDate: text('birth_date'),
    gender: smallint('gender'),
    religion: smallint('religion'),
    marriage: smallint('marriage'),
    ktpSavedAt: at('ktp_saved_at'),
    // Personal information
    education: smallint('education'),
    motherMaidenName: text('mother_maiden_name'),
    province: text('province'),
    city: text('city'),
    district: text('district'),
    village: text('village'),
    address: text('address'),
    zipCode: text('zip_code'),
    liveDuration: smallint('live_duration'),
    baseSavedAt: at('base_saved_at'),
    email: text('email'),
    residentialStatus: smallint('residential_status'),
    otherSavedAt: at('other_saved_at'),
    // Job information
    hasJob: boolean('has_job'),
    career: smallint('career'),
    incomeSource: smallint('income_source'),
    salaryRange: smallint('salary_range'),
    salaryDay: smallint('salary_day'),
    /** Integer rupiah a month. */
    monthlyIncome: integerMoney('monthly_income'),
    monthlySpending: integerMoney('monthly_spending'),
    otherLoanStatus: smallint('other_loan_status'),
    otherPlatforms: smallint('other_platforms'),
    jobSavedAt: at('job_saved_at'),
    // Work information
    companyName: text('company_name'),
    companyPhone: text('company_phone'),
    companyProvince: text('company_province'),
    companyCity: text('company_city'),
    companyDistrict: text('company_district'),
    companyVillage: text('company_village'),
    companyAddress: text('company_address'),
    companySavedAt: at('company_saved_at'),
    // Emergency contacts and the expected loan
    contacts: jsonb('contacts').$type<StoredContact[]>(),
    expectedAmount: integerMoney('expected_amount'),
    expectedPeriod: smallint('expected_period'),
    contactsSavedAt: at('contacts_saved_at'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [uniqueIndex('borrower_profiles_nik_hash').on(t.nikHash)],
);

export type BorrowerProfileRow = typeof borrowerProfiles.$inferSelect;

/**
 * What a step's form held before it was saved (GET/POST /v1/user/profile_draft), so a reload (Android ends the page
 * when the borrower switches to the SMS or camera app) does not lose it. One row per borrower and step, the id
 * `<user id>:<step>` so the encryption context stays the row's own; the values are personal data, encrypted as JSON.
 */
export const profileDrafts = pgTable(
  'profile_drafts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    step: text('step').notNull(),
    valuesEnc: text('values_enc').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [index('profile_drafts_user').on(t.userId)],
);

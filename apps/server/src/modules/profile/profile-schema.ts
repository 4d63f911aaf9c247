import { boolean, index, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
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
 * done. Encrypted columns (`*_enc`) hold DataCipher values bound to the user id (security/encrypted-columns.ts),
 * opened and sealed by profile-fields-schema.ts; the NIK and the name's words are found through keyed hashes, never
 * by their plain values. Region codes stay clear: they name a kelurahan, not a person.
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
    nameEnc: text('name_enc'),
    /** Keyed hashes of the name's words: the back office finds a borrower by them (profile-fields-schema.ts). */
    nameWordHashes: text('name_word_hashes').array(),
    /** YYYY-MM-DD, encrypted. */
    birthDateEnc: text('birth_date_enc'),
    gender: smallint('gender'),
    religion: smallint('religion'),
    marriage: smallint('marriage'),
    ktpSavedAt: at('ktp_saved_at'),
    // Personal information
    education: smallint('education'),
    motherMaidenNameEnc: text('mother_maiden_name_enc'),
    province: text('province'),
    city: text('city'),
    district: text('district'),
    village: text('village'),
    addressEnc: text('address_enc'),
    zipCode: text('zip_code'),
    liveDuration: smallint('live_duration'),
    baseSavedAt: at('base_saved_at'),
    emailEnc: text('email_enc'),
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
    companyNameEnc: text('company_name_enc'),
    companyPhoneEnc: text('company_phone_enc'),
    companyProvince: text('company_province'),
    companyCity: text('company_city'),
    companyDistrict: text('company_district'),
    companyVillage: text('company_village'),
    companyAddressEnc: text('company_address_enc'),
    companySavedAt: at('company_saved_at'),
    // Emergency contacts and the expected loan
    /** StoredContact[] as JSON, encrypted. */
    contactsEnc: text('contacts_enc'),
    expectedAmount: integerMoney('expected_amount'),
    expectedPeriod: smallint('expected_period'),
    contactsSavedAt: at('contacts_saved_at'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('borrower_profiles_nik_hash').on(t.nikHash),
    index('borrower_profiles_name_words').using('gin', t.nameWordHashes),
  ],
);

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

import { asc, desc, eq } from 'drizzle-orm';
import { fieldContext } from '../../../security/data-cipher.ts';
import type { DataProtection } from '../../../security/data-protection.ts';
import { storedReadingSchema } from '../../borrowers/pii-reveal-service.ts';
import { OCR_TEXT_PURPOSE } from '../../profile/ktp-service.ts';
import { DRAFT_PURPOSE } from '../../profile/profile-drafts-service.ts';
import { openProfile } from '../../profile/profile-fields-schema.ts';
import { borrowerProfiles, profileDrafts } from '../../profile/profile-schema.ts';
import { NIK_PURPOSE } from '../../profile/profile-service.ts';
import { localPhone } from '@kaskita/domain/validation/phone';
import { CORRECTABLE_FIELDS, CORRECTION_STATUSES } from '@kaskita/domain/legal/personal-data-rights';
import { correctionRequests } from '../personal-data-schema.ts';
import {
  OWN_ID,
  ROW_ID,
  STAFF_ID,
  covers,
  defineSection,
  excluded,
  exported,
} from '../personal-data-registry.ts';
import { PROPOSED_PURPOSE, REASON_PURPOSE } from '../correction-purposes.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** OCR's reading as stored with the KTP photo; null when never read or unreadable. */
function ocrReading(protection: DataProtection, userId: string, encrypted: string | null) {
  if (!encrypted) return null;
  const text = protection.cipher.decryptField(encrypted, fieldContext(OCR_TEXT_PURPOSE, userId));
  try {
    const parsed = storedReadingSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The onboarding profile: the KTP identity (NIK decrypted), personal, job and work information, contacts. */
export const profileSection = defineSection({
  key: 'profile',
  covers: [
    covers(borrowerProfiles, {
      userId: OWN_ID,
      ktpPhotoKey: exported('profile.ktp.ktp_photo_held'),
      ocrTextEnc: exported('profile.ktp.ocr_reading'),
      nikEnc: exported('profile.ktp.nik'),
      nikHash: excluded(
        'a keyed hash of the NIK, to find a second account with it: the NIK itself is exported',
      ),
      nameEnc: exported('profile.ktp.name'),
      nameWordHashes: excluded(
        "keyed hashes of the name's words, for the back office's name search: the name itself is exported",
      ),
      birthDateEnc: exported('profile.ktp.birth_date'),
      gender: exported('profile.ktp.gender'),
      religion: exported('profile.ktp.religion'),
      marriage: exported('profile.ktp.marriage'),
      ktpSavedAt: exported('profile.ktp.saved_at'),
      education: exported('profile.personal.education'),
      motherMaidenNameEnc: exported('profile.personal.mother_maiden_name'),
      province: exported('profile.personal.province'),
      city: exported('profile.personal.city'),
      district: exported('profile.personal.district'),
      village: exported('profile.personal.village'),
      addressEnc: exported('profile.personal.address'),
      zipCode: exported('profile.personal.zip_code'),
      liveDuration: exported('profile.personal.live_duration'),
      baseSavedAt: exported('profile.personal.saved_at'),
      emailEnc: exported('profile.personal.email'),
      residentialStatus: exported('profile.personal.residential_status'),
      otherSavedAt: exported('profile.personal.other_saved_at'),
      hasJob: exported('profile.job.has_job'),
      career: exported('profile.job.career'),
      incomeSource: exported('profile.job.income_source'),
      salaryRange: exported('profile.job.salary_range'),
      salaryDay: exported('profile.job.salary_day'),
      monthlyIncome: exported('profile.job.monthly_income'),
      monthlySpending: exported('profile.job.monthly_spending'),
      otherLoanStatus: exported('profile.job.other_loan_status'),
      otherPlatforms: exported('profile.job.other_platforms'),
      jobSavedAt: exported('profile.job.saved_at'),
      companyNameEnc: exported('profile.company.company_name'),
      companyPhoneEnc: exported('profile.company.company_phone'),
      companyProvince: exported('profile.company.company_province'),
      companyCity: exported('profile.company.company_city'),
      companyDistrict: exported('profile.company.company_district'),
      companyVillage: exported('profile.company.company_village'),
      companyAddressEnc: exported('profile.company.company_address'),
      companySavedAt: exported('profile.company.saved_at'),
      contactsEnc: exported('profile.contacts.list'),
      expectedAmount: exported('profile.contacts.expected_amount'),
      expectedPeriod: exported('profile.contacts.expected_period'),
      contactsSavedAt: exported('profile.contacts.saved_at'),
      createdAt: exported('profile.created_at'),
      updatedAt: exported('profile.updated_at'),
    }),
  ],
  collect: async ({ db, user, protection, regionName }) => {
    const [stored] = await db
      .select()
      .from(borrowerProfiles)
      .where(eq(borrowerProfiles.userId, user.id))
      .limit(1);
    if (!stored) return null;
    const p = openProfile(protection.cipher, stored);
    // As the forms show an address: the four regions by name, once all are chosen.
    const label = (codes: (string | null)[]) =>
      codes.every(Boolean) ? codes.map((c) => regionName(c!) ?? c).join(' / ') : null;
    const nik = p.nikEnc
      ? protection.cipher.decryptField(p.nikEnc, fieldContext(NIK_PURPOSE, user.id))
      : null;
    return {
      ktp: {
        nik,
        name: p.name,
        birth_date: p.birthDate,
        gender: p.gender,
        religion: p.religion,
        marriage: p.marriage,
        ktp_photo_held: Boolean(p.ktpPhotoKey),
        ocr_reading: ocrReading(protection, user.id, p.ocrTextEnc),
        saved_at: iso(p.ktpSavedAt),
      },
      personal: {
        education: p.education,
        mother_maiden_name: p.motherMaidenName,
        province: p.province,
        city: p.city,
        district: p.district,
        village: p.village,
        region_label: label([p.province, p.city, p.district, p.village]),
        address: p.address,
        zip_code: p.zipCode,
        live_duration: p.liveDuration,
        saved_at: iso(p.baseSavedAt),
        email: p.email,
        residential_status: p.residentialStatus,
        other_saved_at: iso(p.otherSavedAt),
      },
      job: {
        has_job: p.hasJob,
        career: p.career,
        income_source: p.incomeSource,
        salary_range: p.salaryRange,
        salary_day: p.salaryDay,
        monthly_income: p.monthlyIncome,
        monthly_spending: p.monthlySpending,
        other_loan_status: p.otherLoanStatus,
        other_platforms: p.otherPlatforms,
        saved_at: iso(p.jobSavedAt),
      },
      company: {
        company_name: p.companyName,
        company_phone: p.companyPhone,
        company_province: p.companyProvince,
        company_city: p.companyCity,
        company_district: p.companyDistrict,
        company_village: p.companyVillage,
        company_region_label: label([p.companyProvince, p.companyCity, p.companyDistrict, p.companyVillage]),
        company_address: p.companyAddress,
        saved_at: iso(p.companySavedAt),
      },
      contacts: {
        // As the contacts step shows them: the local form of each number.
        list: (p.contacts ?? []).map((c) => ({
          relation: c.relation,
          name: c.name,
          phone: localPhone(c.phone),
        })),
        expected_amount: p.expectedAmount,
        expected_period: p.expectedPeriod,
        saved_at: iso(p.contactsSavedAt),
      },
      created_at: p.createdAt.toISOString(),
      updated_at: p.updatedAt.toISOString(),
    };
  },
});

/** Forms typed and not yet saved, decrypted. */
export const draftsSection = defineSection({
  key: 'drafts',
  covers: [
    covers(profileDrafts, {
      id: ROW_ID,
      userId: OWN_ID,
      step: exported('drafts[].step'),
      valuesEnc: exported('drafts[].values'),
      updatedAt: exported('drafts[].saved_at'),
    }),
  ],
  collect: async ({ db, user, protection }) => {
    const rows = await db
      .select()
      .from(profileDrafts)
      .where(eq(profileDrafts.userId, user.id))
      .orderBy(asc(profileDrafts.step));
    return rows.map((d) => {
      const json = protection.cipher.decryptField(d.valuesEnc, fieldContext(DRAFT_PURPOSE, d.id));
      let values: Record<string, unknown> | null = null;
      try {
        const parsed: unknown = JSON.parse(json);
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
          values = parsed as Record<string, unknown>;
      } catch {
        values = null;
      }
      return { step: d.step, values, saved_at: d.updatedAt.toISOString() };
    });
  },
});

const isField = (f: string): f is (typeof CORRECTABLE_FIELDS)[number] =>
  (CORRECTABLE_FIELDS as readonly string[]).includes(f);
const isStatus = (s: string): s is (typeof CORRECTION_STATUSES)[number] =>
  (CORRECTION_STATUSES as readonly string[]).includes(s);

/** The borrower's correction requests, decrypted, newest first. */
export const correctionsSection = defineSection({
  key: 'corrections',
  covers: [
    covers(correctionRequests, {
      id: exported('corrections[].id'),
      userId: OWN_ID,
      field: exported('corrections[].field'),
      proposedEnc: exported('corrections[].proposed_value'),
      reasonEnc: exported('corrections[].reason'),
      status: exported('corrections[].status'),
      answer: exported('corrections[].answer'),
      decidedBy: STAFF_ID,
      decidedAt: exported('corrections[].decided_at'),
      createdAt: exported('corrections[].created_at'),
    }),
  ],
  collect: async ({ db, user, protection }) => {
    const rows = await db
      .select()
      .from(correctionRequests)
      .where(eq(correctionRequests.userId, user.id))
      .orderBy(desc(correctionRequests.createdAt));
    return rows.flatMap((r) =>
      isField(r.field) && isStatus(r.status)
        ? [
            {
              id: r.id,
              field: r.field,
              proposed_value: protection.cipher.decryptField(
                r.proposedEnc,
                fieldContext(PROPOSED_PURPOSE, r.id),
              ),
              reason: protection.cipher.decryptField(r.reasonEnc, fieldContext(REASON_PURPOSE, r.id)),
              status: r.status,
              answer: r.answer,
              created_at: r.createdAt.toISOString(),
              decided_at: iso(r.decidedAt),
            },
          ]
        : [],
    );
  },
});

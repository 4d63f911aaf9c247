import { randomUUID } from 'node:crypto';
import type {
  BankAccountView,
  BaseProfileView,
  OcrResult,
  ProfileProgress,
  SocialView,
  WorkView,
} from '@kaskita/domain/contract/profile';
import { BANKS } from '@kaskita/domain/banking/banks';
import { EMERGENCY_CONTACT_CONSENT_VERSION } from '@kaskita/domain/legal/versions';
import { businessDateAt } from '@kaskita/domain/pricing/business-date';
import { nikIssueField, nikIssues, parseNik } from '@kaskita/domain/validation/nik';
import { localPhone, maskPhone } from '@kaskita/domain/validation/phone';
import type {
  BankAccountInput,
  BaseProfileInput,
  CompanyInfoInput,
  JobInfoInput,
  KtpIdentity,
  OtherInfoInput,
  SocialInput,
} from '@kaskita/domain/validation/profile';
import type { Clock } from '../../clock.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { pgErrorCode } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { fieldContext } from '../../security/data-cipher.ts';
import type { DataProtection } from '../../security/data-protection.ts';
import type { RegionLevel } from '@kaskita/domain/validation/region-code';
import type { UserAccounts } from '../user/user-service.ts';
import { bankView, type BankCardsService } from './bank-cards-service.ts';
import { profileProgress } from './profile-progress.ts';
import type { ProfileChanges, ProfileRepository } from './profile-repository.ts';
import type { BorrowerProfileRow } from './profile-schema.ts';

/** An address's four region codes, by level. */
type AddressCodes = Record<RegionLevel, string>;

/** What the profile needs of the regions data (the regions module's directory). */
export interface RegionLookup {
  isDistrict(code: string): boolean;
  /** Whether the codes exist and each lies in the previous; when not, the first level that breaks the chain. */
  checkAddressChain(address: AddressCodes): { ok: true } | { ok: false; field: RegionLevel };
  find(code: string): { name: string } | undefined;
}

/** The form field of each region level (spec field names). */
const REGION_FIELD: Record<RegionLevel, string> = {
  province: 'province',
  city: 'city',
  district: 'districts',
  village: 'sub_districts',
};

/** An uploaded KTP photo: checked, normalised (EXIF and GPS gone) and read. */
export interface KtpPhotoReader {
  read(upload: { bytes: Buffer; declaredType: string; filename: string }): Promise<{
    /** The normalised JPEG that is stored. */
    photo: Buffer;
    /** What OCR read, and its raw text (kept encrypted, for review of disputed readings). */
    reading: OcrResult;
    text: string;
  }>;
}

/** A profile as the credit decision sees it (ProfileService.creditProfile). */
export interface CreditProfile {
  complete: boolean;
  nik: string | null;
  birthDate: string | null;
  ktpConfirmed: boolean;
  bankAccountVerified: boolean;
  hasJob: boolean;
  career: number | null;
  salaryRange: number | null;
  incomeSource: number | null;
  /** Integer rupiah a month, 0 when not given. */
  monthlyIncome: number;
  monthlySpending: number;
  otherLoanStatus: number | null;
  /** The number of other lending apps the borrower said they use. */
  otherPlatforms: number;
}

export interface ProfileDependencies {
  db: Db;
  repo: ProfileRepository;
  clock: Clock;
  users: Pick<UserAccounts, 'signedIn' | 'recordConsent' | 'mayEditProfile' | 'editableSignedIn'>;
  protection: DataProtection;
  /** Loaded on first use (modules/regions). */
  regions: () => Promise<RegionLookup>;
  ktpReader: KtpPhotoReader;
  /** Checks bank accounts with the bank before any is saved. */
  cards: BankCardsService;
}

const NIK_PURPOSE = 'borrower_profiles.nik';
const OCR_TEXT_PURPOSE = 'borrower_profiles.ocr_text';

/** A rule the schema cannot check alone (it needs the data or the borrower), reported like a schema issue. */
function fieldError(field: string, key: string): AppError {
  return new AppError('VALIDATION', { fields: { [field]: key } }, key);
}

/**
 * Onboarding (KYC): each step's save, the progress, and the borrower's own data back. Every read and write is keyed
 * by the session's user id, so one borrower never reaches another's data. NIK, OCR text, the KTP photo and account
 * numbers are encrypted at rest, found by keyed hash.
 */
export class ProfileService {
  constructor(private readonly deps: ProfileDependencies) {}

  private get db(): Db {
    return this.deps.db;
  }

  async progress(userId: string): Promise<ProfileProgress> {
    const user = await this.deps.users.signedIn(userId);
    const [profile, bank] = await Promise.all([
      this.deps.repo.find(this.db, userId),
      this.deps.repo.currentBankAccount(this.db, userId),
    ]);
    return profileProgress(profile, Boolean(bank), !this.deps.users.mayEditProfile(user));
  }

  /**
   * The saved profile of a borrower who may still change it: saves are refused once the application is submitted,
   * until a rejection's reapply date (UserService.editableSignedIn).
   */
  private async editableProfile(userId: string): Promise<BorrowerProfileRow | undefined> {
    await this.deps.users.editableSignedIn(userId);
    return this.deps.repo.find(this.db, userId);
  }

  /**
   * The progress after a save, from the row the save returned. Not locked: every save has just checked that the
   * profile is editable.
   */
  private async progressAfter(saved: BorrowerProfileRow): Promise<ProfileProgress> {
    const bank = await this.deps.repo.currentBankAccount(this.db, saved.userId);
    return profileProgress(saved, Boolean(bank), false);
  }

  private async saveStep(userId: string, changes: ProfileChanges): Promise<ProfileProgress> {
    return this.progressAfter(await this.deps.repo.save(this.db, userId, changes, this.deps.clock.now()));
  }

  /** POST /v1/user/ocr_check: stores the photo (replacing an earlier one) and answers what OCR read. */
  async uploadKtp(
    userId: string,
    upload: { bytes: Buffer; declaredType: string; filename: string },
  ): Promise<OcrResult> {
    const profile = await this.editableProfile(userId);
    if (profile?.ktpSavedAt) throw new AppError('KTP_SUBMITTED');
    const { photo, reading, text } = await this.deps.ktpReader.read(upload);
    const key = `ktp/${userId}/${randomUUID()}.jpg`;
    await this.deps.protection.files.put(key, photo);
    await this.deps.repo.save(
      this.db,
      userId,
      {
        ktpPhotoKey: key,
        ocrTextEnc: this.deps.protection.cipher.encryptField(text, fieldContext(OCR_TEXT_PURPOSE, userId)),
      },
      this.deps.clock.now(),
    );
    // The earlier photo is deleted only once the new one is recorded: a failure leaves one photo, never none.
    if (profile?.ktpPhotoKey) await this.deps.protection.files.delete(profile.ktpPhotoKey);
    return reading;
  }

  async ktpPhoto(userId: string): Promise<{ content_type: string; data: string }> {
    const photo = await this.ktpPhotoJpeg(userId);
    if (!photo) throw new AppError('NOT_FOUND');
    return { content_type: 'image/jpeg', data: photo.toString('base64') };
  }

  /** The stored KTP photo (an upright JPEG without metadata), decrypted; null before one is uploaded. */
  async ktpPhotoJpeg(userId: string): Promise<Buffer | null> {
    const profile = await this.deps.repo.find(this.db, userId);
    return profile?.ktpPhotoKey ? this.deps.protection.files.get(profile.ktpPhotoKey) : null;
  }

  /** POST /v1/user/ktp: the identity as on the card, checked against itself, the regions data and other accounts. */
  async saveKtp(userId: string, identity: KtpIdentity): Promise<ProfileProgress> {
    const profile = await this.editableProfile(userId);
    if (!profile?.ktpPhotoKey) throw new AppError('KTP_PHOTO_REQUIRED');
    if (profile.ktpSavedAt) throw new AppError('KTP_SUBMITTED');

    const today = businessDateAt(this.deps.clock.now());
    const [issue] = nikIssues(
      { nik: identity.cardid, birthDate: identity.birth_date, gender: identity.gender },
      today,
    );
    if (issue) throw fieldError(nikIssueField(issue), issue);
    const parts = parseNik(identity.cardid);
    const regions = await this.deps.regions();
    if (!parts || !regions.isDistrict(parts.districtCode)) throw fieldError('cardid', 'nik.region');

    const nikHash = this.deps.protection.lookup.hash(NIK_PURPOSE, identity.cardid);
    const owner = await this.deps.repo.ownerOfNik(this.db, nikHash);
    if (owner && owner !== userId) throw new AppError('KTP_REGISTERED');
    try {
      return await this.saveStep(userId, {
        nikEnc: this.deps.protection.cipher.encryptField(identity.cardid, fieldContext(NIK_PURPOSE, userId)),
        nikHash,
        name: identity.name.toUpperCase(),
        birthDate: identity.birth_date,
        gender: identity.gender,
        religion: identity.religion,
        marriage: identity.marriage,
        ktpSavedAt: this.deps.clock.now(),
      });
    } catch (error) {
      // Two accounts saving the same NIK at once: the unique index lets one through, the other hears 4263.
      if (pgErrorCode(error) === '23505') throw new AppError('KTP_REGISTERED');
      throw error;
    }
  }

  /** The four codes exist and each lies in the previous; else the first field that breaks the chain is named. */
  private async checkRegion(address: AddressCodes): Promise<void> {
    const check = (await this.deps.regions()).checkAddressChain(address);
    if (!check.ok) throw fieldError(REGION_FIELD[check.field], 'region.chain');
  }

  async saveBase(userId: string, base: BaseProfileInput): Promise<ProfileProgress> {
    await this.deps.users.editableSignedIn(userId);
    await this.checkRegion({
      province: base.province,
      city: base.city,
      district: base.districts,
      village: base.sub_districts,
    });
    return this.saveStep(userId, {
      education: base.education,
      motherMaidenName: base.mother_maiden_name,
      province: base.province,
      city: base.city,
      district: base.districts,
      village: base.sub_districts,
      address: base.address,
      zipCode: base.zip_code,
      liveDuration: base.live_duration,
      baseSavedAt: this.deps.clock.now(),
    });
  }

  async saveOtherInfo(userId: string, other: OtherInfoInput): Promise<ProfileProgress> {
    await this.deps.users.editableSignedIn(userId);
    return this.saveStep(userId, {
      email: other.email,
      residentialStatus: other.residential_status,
      otherSavedAt: this.deps.clock.now(),
    });
  }

  async saveJob(userId: string, job: JobInfoInput): Promise<ProfileProgress> {
    await this.deps.users.editableSignedIn(userId);
    return this.saveStep(userId, {
      hasJob: job.has_job,
      career: job.career,
      incomeSource: job.income_source,
      salaryRange: job.salary,
      salaryDay: job.salary_day,
      monthlyIncome: job.income,
      monthlySpending: job.spending,
      otherLoanStatus: job.other_loan_status,
      otherPlatforms: job.other_platforms,
      jobSavedAt: this.deps.clock.now(),
    });
  }

  async saveCompany(userId: string, company: CompanyInfoInput): Promise<ProfileProgress> {
    const profile = await this.editableProfile(userId);
    if (!profile?.jobSavedAt) throw new AppError('PROFILE_STEP_MISSING');
    await this.checkRegion({
      province: company.province,
      city: company.city,
      district: company.districts,
      village: company.sub_districts,
    });
    return this.saveStep(userId, {
      companyName: company.company_name,
      companyPhone: company.company_phone ?? null,
      companyProvince: company.province,
      companyCity: company.city,
      companyDistrict: company.districts,
      companyVillage: company.sub_districts,
      companyAddress: company.address,
      companySavedAt: this.deps.clock.now(),
    });
  }

  /** The consent to contact them is recorded with its text version and the address, in the same transaction. */
  async saveSocial(userId: string, social: SocialInput, address: string): Promise<ProfileProgress> {
    const user = await this.deps.users.editableSignedIn(userId);
    social.socials.forEach((contact, index) => {
      if (contact.phone === user.phone) throw fieldError(`socials.${index}.phone`, 'contact.own_phone');
    });
    const now = this.deps.clock.now();
    const saved = await this.db.transaction(async (tx) => {
      const row = await this.deps.repo.save(
        tx,
        userId,
        {
          contacts: social.socials,
          expectedAmount: social.expect_amount,
          expectedPeriod: social.expect_period,
          contactsSavedAt: now,
        },
        now,
      );
      await this.deps.users.recordConsent(
        tx,
        userId,
        'emergency_contacts',
        EMERGENCY_CONTACT_CONSENT_VERSION,
        address,
      );
      return row;
    });
    return this.progressAfter(saved);
  }

  /**
   * POST /v1/user/bank: the bank is asked who holds the account before anything is saved, and the holder must be the
   * borrower named on the KTP: money is only ever sent to the borrower's own account.
   */
  async saveBank(userId: string, input: BankAccountInput): Promise<BankAccountView> {
    const profile = await this.editableProfile(userId);
    if (!profile?.ktpSavedAt || !profile.name) throw new AppError('PROFILE_STEP_MISSING');
    const card = await this.deps.cards.verify(userId, input, profile.name);
    const row = await this.db.transaction((tx) => this.deps.repo.replaceBankAccount(tx, card));
    return { account: bankView(row) };
  }

  bankList(): { list: Array<{ code: string; name: string }> } {
    return { list: BANKS.map(({ code, name }) => ({ code, name })) };
  }

  async baseProfile(userId: string): Promise<BaseProfileView> {
    const p = await this.deps.repo.find(this.db, userId);
    const nik = p?.nikEnc
      ? this.deps.protection.cipher.decryptField(p.nikEnc, fieldContext(NIK_PURPOSE, userId))
      : null;
    return {
      ktp_submitted: Boolean(p?.ktpSavedAt),
      ktp_photo: Boolean(p?.ktpPhotoKey),
      cardid_masked: nik ? `${nik.slice(0, 4)}********${nik.slice(-4)}` : null,
      name: p?.name ?? null,
      birth_date: p?.birthDate ?? null,
      gender: p?.gender ?? null,
      religion: p?.religion ?? null,
      marriage: p?.marriage ?? null,
      education: p?.education ?? null,
      mother_maiden_name: p?.motherMaidenName ?? null,
      ...(await this.regionView(p?.province, p?.city, p?.district, p?.village, p?.address)),
      zip_code: p?.zipCode ?? null,
      live_duration: p?.liveDuration ?? null,
      email: p?.email ?? null,
      residential_status: p?.residentialStatus ?? null,
    };
  }

  async work(userId: string): Promise<WorkView> {
    const p = await this.deps.repo.find(this.db, userId);
    return {
      has_job: p?.hasJob ?? null,
      career: p?.career ?? null,
      income_source: p?.incomeSource ?? null,
      salary: p?.salaryRange ?? null,
      salary_day: p?.salaryDay ?? null,
      income: p?.monthlyIncome ?? null,
      spending: p?.monthlySpending ?? null,
      other_loan_status: p?.otherLoanStatus ?? null,
      other_platforms: p?.otherPlatforms ?? null,
      company_name: p?.companyName ?? null,
      company_phone: p?.companyPhone ?? null,
      ...(await this.regionView(
        p?.companyProvince,
        p?.companyCity,
        p?.companyDistrict,
        p?.companyVillage,
        p?.companyAddress,
      )),
    };
  }

  async social(userId: string): Promise<SocialView> {
    const p = await this.deps.repo.find(this.db, userId);
    return {
      socials: (p?.contacts ?? []).map((c) => ({
        relation: c.relation,
        name: c.name,
        phone: localPhone(c.phone),
      })),
      contact_consent: Boolean(p?.contactsSavedAt),
      expect_amount: p?.expectedAmount ?? null,
      expect_period: p?.expectedPeriod ?? null,
    };
  }

  /**
   * What the credit decision reads of a profile: whether every step is done, the identity and the job answers. The
   * NIK is decrypted for the credit bureau lookup only; callers never store or log it.
   */
  async creditProfile(userId: string, db: DbOrTx = this.db): Promise<CreditProfile> {
    const [p, bank] = await Promise.all([
      this.deps.repo.find(db, userId),
      this.deps.repo.currentBankAccount(db, userId),
    ]);
    return {
      complete: profileProgress(p, Boolean(bank), false).next === null,
      nik: p?.nikEnc
        ? this.deps.protection.cipher.decryptField(p.nikEnc, fieldContext(NIK_PURPOSE, userId))
        : null,
      birthDate: p?.birthDate ?? null,
      ktpConfirmed: Boolean(p?.ktpSavedAt),
      // A bank account row exists only once the bank confirmed its holder is the borrower (saveBank).
      bankAccountVerified: Boolean(bank),
      hasJob: p?.hasJob ?? false,
      career: p?.career ?? null,
      salaryRange: p?.salaryRange ?? null,
      incomeSource: p?.incomeSource ?? null,
      monthlyIncome: p?.monthlyIncome ?? 0,
      monthlySpending: p?.monthlySpending ?? 0,
      otherLoanStatus: p?.otherLoanStatus ?? null,
      otherPlatforms: p?.otherPlatforms ?? 0,
    };
  }

  /**
   * The monthly income the borrower gave (0 when none): what a loan's affordability is checked against. A plain read:
   * creditProfile would decrypt the NIK too, on every plan a borrower looks at.
   */
  async monthlyIncome(userId: string, db: DbOrTx = this.db): Promise<number> {
    return (await this.deps.repo.find(db, userId))?.monthlyIncome ?? 0;
  }

  /** The borrower as a loan agreement names them: the KTP name and the NIK masked (only its last four digits). */
  async agreementParty(
    userId: string,
    db: DbOrTx = this.db,
  ): Promise<{ name: string; nikMasked: string } | null> {
    const p = await this.deps.repo.find(db, userId);
    if (!p?.name || !p.nikEnc) return null;
    const nik = this.deps.protection.cipher.decryptField(p.nikEnc, fieldContext(NIK_PURPOSE, userId));
    return { name: p.name, nikMasked: `${'*'.repeat(12)}${nik.slice(-4)}` };
  }

  /** POST /v5/user/user_info: the KTP name once known, else the masked phone. */
  async userInfo(userId: string): Promise<{ user_info: { username: string; uid: string } }> {
    const user = await this.deps.users.signedIn(userId);
    const profile = await this.deps.repo.find(this.db, userId);
    return { user_info: { username: profile?.name ?? maskPhone(user.phone), uid: user.id } };
  }

  private async regionView(
    province: string | null | undefined,
    city: string | null | undefined,
    district: string | null | undefined,
    village: string | null | undefined,
    address: string | null | undefined,
  ) {
    const codes = [province, city, district, village];
    let label: string | null = null;
    if (codes.every(Boolean)) {
      const regions = await this.deps.regions();
      label = codes.map((code) => regions.find(code!)?.name ?? code).join(' / ');
    }
    return {
      province: province ?? null,
      city: city ?? null,
      districts: district ?? null,
      sub_districts: village ?? null,
      region_label: label,
      address: address ?? null,
    };
  }
}

import type { ProfileProgress } from '@kaskita/domain/contract/profile';
import { ZERO_RUPIAH, type Rupiah } from '@kaskita/domain/money/rupiah';
import { maskPhone } from '@kaskita/domain/validation/phone';
import type { Clock } from '../../clock.ts';
import { pgErrorCode, type Db, type DbOrTx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { fieldContext } from '../../security/data-cipher.ts';
import type { DataProtection } from '../../security/data-protection.ts';
import type { UserAccounts } from '../user/user-service.ts';
import { profileProgress } from './profile-progress.ts';
import type { ProfileChanges, ProfileRepository } from './profile-repository.ts';
import type { BorrowerProfileRow } from './profile-fields-schema.ts';
import { inTurn } from '../../db/in-turn.ts';

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
  /** Rupiah a month, 0 when not given. */
  monthlyIncome: Rupiah;
  monthlySpending: Rupiah;
  otherLoanStatus: number | null;
  /** The number of other lending apps the borrower said they use. */
  otherPlatforms: number;
}

export interface ProfileDependencies {
  db: Db;
  repo: ProfileRepository;
  clock: Clock;
  users: Pick<UserAccounts, 'signedIn' | 'mayEditProfile' | 'editableSignedIn'>;
  protection: DataProtection;
}

/** A KTP field and the value staff approved for it (personal-data module: correction requests). */
export type IdentityCorrection =
  | { field: 'nik' | 'name' | 'birth_date'; value: string }
  | { field: 'gender' | 'religion' | 'marriage'; value: number };

/** What the profile reads of the bank cards module: whether the last step, the bank account, is done. */
export interface BankStepLookup {
  hasDefaultCard(userId: string, db?: DbOrTx): Promise<boolean>;
}

/** The NIK's purpose in its encryption context and lookup hash (security/encrypted-columns.ts). */
export const NIK_PURPOSE = 'borrower_profiles.nik';

/** A rule the schema cannot check alone (it needs the data or the borrower), reported like a schema issue. */
export function fieldError(field: string, key: string): AppError {
  return new AppError('VALIDATION', { fields: { [field]: key } }, key);
}

/**
 * The borrower's onboarding profile as a whole: the progress through its steps, whether it may still change, and what
 * other modules read of it. Each step's save and view is its own service (ktp, personal-info, job-info, contacts;
 * the bank account is the bank cards module's). Every read and write is keyed by the session's user id, so one
 * borrower never reaches another's data. NIK, OCR text and the KTP photo are encrypted at rest, found by keyed hash.
 */
export class ProfileService {
  private bankCards: BankStepLookup = {
    hasDefaultCard: () => Promise.reject(new Error('the bank cards module is not built')),
  };

  constructor(private readonly deps: ProfileDependencies) {}

  /**
   * Whether two accounts confirmed the same NIK (its lookup hash): one person behind both (the referral module refuses
   * a reward to oneself). False when either has no NIK.
   */
  async sameNik(userA: string, userB: string, db: DbOrTx = this.db): Promise<boolean> {
    const [a, b] = await inTurn(
      () => this.deps.repo.find(db, userA),
      () => this.deps.repo.find(db, userB),
    );
    return Boolean(a?.nikHash && b?.nikHash && a.nikHash === b.nikHash);
  }

  /** Set by the bank cards module, which is built after this one (a card is held in the KTP name read here). */
  useBankCards(cards: BankStepLookup): void {
    this.bankCards = cards;
  }

  private get db(): Db {
    return this.deps.db;
  }

  async progress(userId: string): Promise<ProfileProgress> {
    const user = await this.deps.users.signedIn(userId);
    const [profile, bank] = await Promise.all([
      this.deps.repo.find(this.db, userId),
      this.bankCards.hasDefaultCard(userId),
    ]);
    return profileProgress(profile, bank, !this.deps.users.mayEditProfile(user));
  }

  /**
   * The saved profile of a borrower who may still change it: saves are refused once the application is submitted,
   * until a rejection's reapply date (UserService.editableSignedIn).
   */
  async editableProfile(userId: string): Promise<BorrowerProfileRow | undefined> {
    await this.deps.users.editableSignedIn(userId);
    return this.deps.repo.find(this.db, userId);
  }

  /**
   * The progress after a save, from the row the save returned. Not locked: every save has just checked that the
   * profile is editable.
   */
  async progressAfter(saved: BorrowerProfileRow): Promise<ProfileProgress> {
    const bank = await this.bankCards.hasDefaultCard(saved.userId);
    return profileProgress(saved, bank, false);
  }

  /** Saves a step's columns (the caller checked the profile is editable) and answers the progress. */
  async saveStep(userId: string, changes: ProfileChanges): Promise<ProfileProgress> {
    return this.progressAfter(await this.deps.repo.save(this.db, userId, changes, this.deps.clock.now()));
  }

  /** The stored NIK, decrypted; null before the KTP step. */
  nik(profile: BorrowerProfileRow | undefined): string | null {
    return profile?.nikEnc
      ? this.deps.protection.cipher.decryptField(profile.nikEnc, fieldContext(NIK_PURPOSE, profile.userId))
      : null;
  }

  /**
   * The name the onboarding's bank account must be held in: the KTP name. Refused like any step's save once the
   * application is submitted, and before the KTP step (4264).
   */
  async onboardingHolderName(userId: string): Promise<string> {
    const profile = await this.editableProfile(userId);
    if (!profile?.ktpSavedAt || !profile.name) throw new AppError('PROFILE_STEP_MISSING');
    return profile.name;
  }

  /** The stored KTP photo (an upright JPEG without metadata), decrypted; null before one is uploaded. */
  async ktpPhotoJpeg(userId: string): Promise<Buffer | null> {
    const profile = await this.deps.repo.find(this.db, userId);
    return profile?.ktpPhotoKey ? this.deps.protection.files.get(profile.ktpPhotoKey) : null;
  }

  /**
   * What the credit decision reads of a profile: whether every step is done, the identity and the job answers. The
   * NIK is decrypted for the credit bureau lookup only; callers never store or log it.
   */
  async creditProfile(userId: string, db: DbOrTx = this.db): Promise<CreditProfile> {
    const [p, bank] = await inTurn(
      () => this.deps.repo.find(db, userId),
      () => this.bankCards.hasDefaultCard(userId, db),
    );
    return {
      complete: profileProgress(p, bank, false).next === null,
      nik: this.nik(p),
      birthDate: p?.birthDate ?? null,
      ktpConfirmed: Boolean(p?.ktpSavedAt),
      // A bank card exists only once the bank confirmed its holder is the borrower (bank-cards module).
      bankAccountVerified: bank,
      hasJob: p?.hasJob ?? false,
      career: p?.career ?? null,
      salaryRange: p?.salaryRange ?? null,
      incomeSource: p?.incomeSource ?? null,
      monthlyIncome: p?.monthlyIncome ?? ZERO_RUPIAH,
      monthlySpending: p?.monthlySpending ?? ZERO_RUPIAH,
      otherLoanStatus: p?.otherLoanStatus ?? null,
      otherPlatforms: p?.otherPlatforms ?? 0,
    };
  }

  /**
   * The monthly income the borrower gave (0 when none): what a loan's affordability is checked against. A plain read:
   * creditProfile would decrypt the NIK too, on every plan a borrower looks at.
   */
  async monthlyIncome(userId: string, db: DbOrTx = this.db): Promise<Rupiah> {
    return (await this.deps.repo.find(db, userId))?.monthlyIncome ?? ZERO_RUPIAH;
  }

  /** The borrower as a loan agreement names them: the KTP name and the NIK masked (only its last four digits). */
  async agreementParty(
    userId: string,
    db: DbOrTx = this.db,
  ): Promise<{ name: string; nikMasked: string } | null> {
    const p = await this.deps.repo.find(db, userId);
    if (!p?.name || !p.nikEnc) return null;
    const nik = this.nik(p)!;
    return { name: p.name, nikMasked: `${'*'.repeat(12)}${nik.slice(-4)}` };
  }

  /**
   * A staff member's approved correction of a KTP field (Me > My data), in the caller's transaction: the NIK is
   * encrypted and its lookup hash replaced, refused (4263) when another account holds it.
   */
  async correctIdentity(tx: DbOrTx, userId: string, correction: IdentityCorrection): Promise<void> {
    const now = this.deps.clock.now();
    let changes: ProfileChanges;
    switch (correction.field) {
      case 'nik': {
        const nikHash = this.deps.protection.lookup.hash(NIK_PURPOSE, correction.value);
        const owner = await this.deps.repo.ownerOfNik(tx, nikHash);
        if (owner && owner !== userId) throw new AppError('KTP_REGISTERED');
        changes = {
          nikEnc: this.deps.protection.cipher.encryptField(
            correction.value,
            fieldContext(NIK_PURPOSE, userId),
          ),
          nikHash,
        };
        break;
      }
      case 'name':
        changes = { name: correction.value.toUpperCase() };
        break;
      case 'birth_date':
        changes = { birthDate: correction.value };
        break;
      case 'gender':
        changes = { gender: correction.value };
        break;
      case 'religion':
        changes = { religion: correction.value };
        break;
      case 'marriage':
        changes = { marriage: correction.value };
        break;
    }
    let updated: boolean;
    try {
      updated = await this.deps.repo.update(tx, userId, changes, now);
    } catch (error) {
      // Another account saved the same NIK meanwhile: the unique index lets one through.
      if (pgErrorCode(error) === '23505') throw new AppError('KTP_REGISTERED');
      throw error;
    }
    if (!updated) throw new AppError('NOT_FOUND');
  }

  /** The KTP identity as held (the NIK decrypted), for a correction to be compared with; null before the KTP step. */
  async heldIdentity(userId: string, db: DbOrTx = this.db) {
    const p = await this.deps.repo.find(db, userId);
    if (!p?.ktpSavedAt) return null;
    return {
      nik: this.nik(p),
      name: p.name,
      birth_date: p.birthDate,
      gender: p.gender,
      religion: p.religion,
      marriage: p.marriage,
    };
  }

  /**
   * The emergency contacts forgotten when their consent is withdrawn: erased at once, and the contacts step is to do
   * again (with the consent) before any new application.
   */
  async forgetContacts(tx: DbOrTx, userId: string): Promise<void> {
    await this.deps.repo.update(tx, userId, { contacts: null, contactsSavedAt: null }, this.deps.clock.now());
  }

  /** POST /v5/user/user_info: the KTP name once known, else the masked phone. */
  async userInfo(userId: string): Promise<{ user_info: { username: string; uid: string } }> {
    const user = await this.deps.users.signedIn(userId);
    const profile = await this.deps.repo.find(this.db, userId);
    return { user_info: { username: profile?.name ?? maskPhone(user.phone), uid: user.id } };
  }
}

import { randomUUID } from 'node:crypto';
import type { OcrResult, ProfileProgress } from '@kaskita/domain/contract/profile';
import { businessDateAt } from '@kaskita/domain/pricing/business-date';
import { nikIssueField, nikIssues, parseNik } from '@kaskita/domain/validation/nik';
import type { KtpIdentity } from '@kaskita/domain/validation/profile';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { pgErrorCode } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { Limit, RateLimiter } from '../../rate-limit/rate-limiter.ts';
import { fieldContext } from '../../security/data-cipher.ts';
import type { DataProtection } from '../../security/data-protection.ts';
import type { AddressRegions } from './address-regions.ts';
import { KtpReadTurns } from './ktp-read-turns.ts';
import type { ProfileRepository } from './profile-repository.ts';
import { fieldError, NIK_PURPOSE, type ProfileService } from './profile-service.ts';

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

export interface KtpDependencies {
  db: Db;
  repo: ProfileRepository;
  clock: Clock;
  protection: DataProtection;
  regions: AddressRegions;
  ktpReader: KtpPhotoReader;
  profile: ProfileService;
  limiter: RateLimiter;
}

/**
 * KTP photos read for one account a day, unreadable ones included: reading is the costliest call a borrower can make
 * (seconds of CPU on a queue every borrower shares), and nobody honest needs more. Past it: 4029 with retry_after.
 */
export const KTP_READS_PER_USER: Limit = { bucket: 'ktp_read_user', max: 20, windowSeconds: 86_400 };

/**
 * KTP photos read for one address (an IPv4 address or an IPv6 /64) an hour: stops one client with many accounts.
 * High and short because mobile carriers put many subscribers behind one address (carrier-grade NAT): an hour's
 * refusal at a busy gateway passes quickly, and each honest borrower reads one or two photos in all.
 */
export const KTP_READS_PER_ADDRESS: Limit = { bucket: 'ktp_read_address', max: 120, windowSeconds: 3600 };

/** The OCR text's purpose in its encryption context (security/encrypted-columns.ts). */
export const OCR_TEXT_PURPOSE = 'borrower_profiles.ocr_text';

/** The KTP step: the photo, what OCR read of it, then the identity as the borrower confirms it (once). */
export class KtpService {
  private readonly turns = new KtpReadTurns();

  constructor(private readonly deps: KtpDependencies) {}

  /**
   * POST /v1/user/ocr_check: stores the photo (replacing an earlier one) and answers what OCR read. `network` is the
   * client's address as per-address limits count it.
   */
  async uploadKtp(
    userId: string,
    network: string,
    upload: { bytes: Buffer; declaredType: string; filename: string },
  ): Promise<OcrResult> {
    const profile = await this.deps.profile.editableProfile(userId);
    if (profile?.ktpSavedAt) throw new AppError('KTP_SUBMITTED');
    const { photo, reading, text } = await this.turns.run(userId, async () => {
      await this.deps.limiter.attemptEach([
        [KTP_READS_PER_USER, userId],
        [KTP_READS_PER_ADDRESS, network],
      ]);
      return this.deps.ktpReader.read(upload);
    });
    const key = `ktp/${userId}/${randomUUID()}.jpg`;
    await this.deps.protection.files.put(key, photo);
    await this.deps.repo.save(
      this.deps.db,
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
    const photo = await this.deps.profile.ktpPhotoJpeg(userId);
    if (!photo) throw new AppError('NOT_FOUND');
    return { content_type: 'image/jpeg', data: photo.toString('base64') };
  }

  /** POST /v1/user/ktp: the identity as on the card, checked against itself, the regions data and other accounts. */
  async saveKtp(userId: string, identity: KtpIdentity): Promise<ProfileProgress> {
    const profile = await this.deps.profile.editableProfile(userId);
    if (!profile?.ktpPhotoKey) throw new AppError('KTP_PHOTO_REQUIRED');
    if (profile.ktpSavedAt) throw new AppError('KTP_SUBMITTED');

    const today = businessDateAt(this.deps.clock.now());
    const [issue] = nikIssues(
      { nik: identity.cardid, birthDate: identity.birth_date, gender: identity.gender },
      today,
    );
    if (issue) throw fieldError(nikIssueField(issue), issue);
    const parts = parseNik(identity.cardid);
    const regions = await this.deps.regions.directory();
    if (!parts || !regions.isDistrict(parts.districtCode)) throw fieldError('cardid', 'nik.region');

    const nikHash = this.deps.protection.lookup.hash(NIK_PURPOSE, identity.cardid);
    const owner = await this.deps.repo.ownerOfNik(this.deps.db, nikHash);
    if (owner && owner !== userId) throw ktpRegistered();
    try {
      return await this.deps.profile.saveStep(userId, {
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
      if (pgErrorCode(error) === '23505') throw ktpRegistered();
      throw error;
    }
  }
}

/** 4263 on the NIK field, so the form shows it beside the number the borrower typed. */
function ktpRegistered(): AppError {
  return new AppError('KTP_REGISTERED', { fields: { cardid: 'nik.registered' } });
}

import { randomUUID } from 'node:crypto';
import type { SmsCodeResponse } from '@kaskita/domain/contract/auth';
import {
  FACE_CHECKS_PER_DAY,
  type FaceCheckResponse,
  type ReminderChannel,
  type VerificationState,
} from '@kaskita/domain/contract/verification';
import type { Locale } from '@kaskita/domain/i18n/locale';
import { maskPhone } from '@kaskita/domain/validation/phone';
import { secondsUntilJakartaMidnight, startOfJakartaDay, type Clock } from '../../clock.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { FaceCheckProvider } from '../../providers/face-check/face-check-provider.ts';
import { FaceCheckError } from '../../providers/face-check/face-check-provider.ts';
import type { RateLimiter, Limit } from '../../rate-limit/rate-limiter.ts';
import type { DataProtection } from '../../security/data-protection.ts';
import { openWhatsappPhone, sealWhatsappPhone } from './whatsapp-phone-schema.ts';
import type { CodeCheck, CodeRequest } from '../auth/sms-code-service.ts';
import { codeCheckError, requestCountedCode } from '../auth/sms-code-service.ts';
import { readUploadedImage, type ImageUpload } from '../../http/uploaded-image.ts';
import type { UserAccounts } from '../user/user-service.ts';
import type { VerificationRepository } from './verification-repository.ts';

/** Per-borrower limits of the WhatsApp check, on top of those of every verification code (README "Sign-in limits"). */
export const VERIFICATION_LIMITS = {
  /** Codes one account may have sent to WhatsApp numbers a day: nobody needs more, and each one costs money. */
  whatsappCodesPerUser: { bucket: 'wa_code_user', max: 10, windowSeconds: 86_400 },
  /** Confirmations one account may try an hour (each code also locks after SMS_CODE_MAX_TRIES wrong tries). */
  whatsappConfirmsPerUser: { bucket: 'wa_confirm_user', max: 30, windowSeconds: 3600 },
} satisfies Record<string, Limit>;

export interface VerificationDependencies {
  db: Db;
  repo: VerificationRepository;
  users: Pick<UserAccounts, 'signedIn' | 'mayEditProfile' | 'editableSignedIn'>;
  codes: {
    request(req: CodeRequest): Promise<SmsCodeResponse>;
    check(tx: DbOrTx, phone: string, purpose: 'whatsapp', code: string): Promise<CodeCheck>;
  };
  profile: {
    ktpPhotoJpeg(userId: string): Promise<Buffer | null>;
    progress(userId: string): Promise<{ next: string | null }>;
  };
  faceCheck: FaceCheckProvider | null;
  limiter: RateLimiter;
  protection: DataProtection;
  clock: Clock;
  uploadLimitBytes: number;
}

/** What the credit decision needs to know of the checks. */
export interface VerificationFacts {
  whatsappVerified: boolean;
  facePassed: boolean;
}

/**
 * The WhatsApp and face checks of a borrower (contract/verification.ts). Both are refused while an application is
 * auditing or approved: what was decided on stays as it was. Every read and write is the session's own borrower.
 */
export class VerificationService {
  constructor(private readonly deps: VerificationDependencies) {}

  async sendWhatsappCode(
    userId: string,
    request: { phone: string; captcha_id?: string | undefined; captcha_code?: string | undefined },
    client: { ip: string; locale: Locale },
  ): Promise<SmsCodeResponse> {
    await this.deps.users.editableSignedIn(userId);
    return requestCountedCode(this.deps, VERIFICATION_LIMITS.whatsappCodesPerUser, userId, {
      phone: request.phone,
      purpose: 'whatsapp',
      channel: 'whatsapp',
      ip: client.ip,
      locale: client.locale,
      captchaId: request.captcha_id,
      captchaCode: request.captcha_code,
      deliver: true,
    });
  }

  async confirmWhatsapp(userId: string, body: { phone: string; sms_code: string }) {
    await this.deps.users.editableSignedIn(userId);
    const tries = await this.deps.limiter.attempt(VERIFICATION_LIMITS.whatsappConfirmsPerUser, userId);
    const result = await this.deps.db.transaction(async (tx) => {
      const check = await this.deps.codes.check(tx, body.phone, 'whatsapp', body.sms_code);
      if (check.result === 'ok')
        await this.deps.repo.setWhatsapp(
          tx,
          userId,
          sealWhatsappPhone(this.deps.protection.cipher, userId, body.phone),
          this.deps.clock.now(),
        );
      return check;
    });
    // After commit, so a wrong try stays counted on the code.
    if (result.result !== 'ok') throw codeCheckError(result, tries.left);
    return { verified: true as const, phone_masked: maskPhone(body.phone) };
  }

  /** POST /v1/user/face_check: at most FACE_CHECKS_PER_DAY a Jakarta day, engine failures not counted. */
  async checkFace(userId: string, upload: ImageUpload): Promise<FaceCheckResponse> {
    await this.deps.users.editableSignedIn(userId);
    const provider = this.deps.faceCheck;
    if (!provider) throw new AppError('FACE_CHECK_UNAVAILABLE');
    const selfie = await readUploadedImage(upload, { maxBytes: this.deps.uploadLimitBytes, ocrCopy: false });
    const ktp = await this.deps.profile.ktpPhotoJpeg(userId);
    if (!ktp) throw new AppError('KTP_PHOTO_REQUIRED');

    const { checkId, triesLeft } = await this.reserveFaceCheck(userId, provider.name);
    let outcome;
    try {
      outcome = await provider.compare(
        { bytes: selfie.stored.bytes, mimeType: 'image/jpeg' },
        { bytes: ktp, mimeType: 'image/jpeg' },
      );
    } catch (error) {
      await this.deps.repo.dropPendingFaceCheck(this.deps.db, checkId);
      if (error instanceof FaceCheckError) throw new AppError('FACE_CHECK_UNAVAILABLE');
      throw error;
    }

    const now = this.deps.clock.now();
    let selfieKey: string | undefined;
    if (outcome.result === 'pass') {
      // Kept as KYC evidence, encrypted like the KTP photo; the face descriptors are never kept.
      selfieKey = `selfie/${userId}/${randomUUID()}.jpg`;
      await this.deps.protection.files.put(selfieKey, selfie.stored.bytes);
    }
    await this.deps.db.transaction(async (tx) => {
      await this.deps.repo.finishFaceCheck(tx, checkId, {
        result: outcome.result,
        reason: outcome.reason,
        distance: outcome.distance,
      });
      await this.deps.repo.setFace(
        tx,
        userId,
        {
          faceStatus: outcome.result,
          faceReason: outcome.reason,
          ...(selfieKey ? { selfieKey, facePassedAt: now } : {}),
        },
        now,
      );
    });
    return { result: outcome.result, reason: outcome.reason, tries_left: triesLeft };
  }

  /**
   * Counts the try before the engine runs, under the borrower's row lock: two uploads at once cannot both be the
   * last try of the day. The engine runs outside the transaction (a second or more), holding no connection.
   */
  private async reserveFaceCheck(userId: string, providerName: string) {
    return this.deps.db.transaction(async (tx) => {
      const now = this.deps.clock.now();
      await this.deps.repo.lock(tx, userId, now);
      const used = await this.deps.repo.faceChecksSince(tx, userId, startOfJakartaDay(now));
      if (used >= FACE_CHECKS_PER_DAY) {
        throw new AppError('FACE_DAILY_LIMIT', { retry_after: secondsUntilJakartaMidnight(now) });
      }
      const checkId = await this.deps.repo.addFaceCheck(tx, {
        userId,
        result: 'pending',
        provider: providerName,
        createdAt: now,
      });
      return { checkId, triesLeft: FACE_CHECKS_PER_DAY - used - 1 };
    });
  }

  /** Bill reminders to the confirmed WhatsApp number, or back to SMS; WhatsApp needs a confirmed number (4306). */
  async setReminderChannel(
    userId: string,
    channel: ReminderChannel,
  ): Promise<{ reminder_channel: ReminderChannel }> {
    await this.deps.users.signedIn(userId);
    const row = await this.deps.repo.find(this.deps.db, userId);
    if (channel === 'whatsapp' && !factsOf(row).whatsappVerified) throw new AppError('WHATSAPP_NOT_VERIFIED');
    if (row) await this.deps.repo.setReminderChannel(this.deps.db, userId, channel, this.deps.clock.now());
    return { reminder_channel: channel };
  }

  async state(userId: string): Promise<VerificationState> {
    const user = await this.deps.users.signedIn(userId);
    const now = this.deps.clock.now();
    const [row, used, progress] = await Promise.all([
      this.deps.repo.find(this.deps.db, userId),
      this.deps.repo.faceChecksSince(this.deps.db, userId, startOfJakartaDay(now)),
      this.deps.profile.progress(userId),
    ]);
    const facts = factsOf(row);
    const profileComplete = progress.next === null;
    // Before the first submit, or from a rejection's reapply date: the same days the profile may change.
    const mayApply = this.deps.users.mayEditProfile(user);
    return {
      whatsapp: {
        verified: facts.whatsappVerified,
        phone_masked: facts.whatsappVerified
          ? this.maskedWhatsapp(userId, row?.whatsappPhoneEnc ?? null)
          : null,
      },
      reminder_channel: facts.whatsappVerified && row?.reminderChannel === 'whatsapp' ? 'whatsapp' : 'sms',
      face: {
        status: (row?.faceStatus ?? 'none') as VerificationState['face']['status'],
        reason: (row?.faceReason ?? null) as VerificationState['face']['reason'],
        tries_left: Math.max(0, FACE_CHECKS_PER_DAY - used),
      },
      profile_complete: profileComplete,
      can_submit: mayApply && profileComplete && facts.whatsappVerified && facts.facePassed,
    };
  }

  private maskedWhatsapp(userId: string, sealed: string | null): string | null {
    const phone = openWhatsappPhone(this.deps.protection.cipher, userId, sealed);
    return phone === null ? null : maskPhone(phone);
  }

  /** The face distance of the check that passed, for the review rules (credit/review-rules.ts) and the reviewer. */
  passedFaceDistance(userId: string, db: DbOrTx = this.deps.db): Promise<number | null> {
    return this.deps.repo.passedFaceDistance(db, userId);
  }

  /** What the reviewer sees of the face check: its status and whether a selfie is kept. */
  async faceSummary(
    userId: string,
    db: DbOrTx = this.deps.db,
  ): Promise<{ status: string; distance: number | null; selfieKey: string | null }> {
    const row = await this.deps.repo.find(db, userId);
    return {
      status: row?.faceStatus ?? 'none',
      distance: await this.deps.repo.passedFaceDistance(db, userId),
      selfieKey: row?.selfieKey ?? null,
    };
  }

  async verificationFacts(userId: string, db: DbOrTx = this.deps.db): Promise<VerificationFacts> {
    return factsOf(await this.deps.repo.find(db, userId));
  }
}

function factsOf(
  row: { whatsappVerifiedAt: Date | null; faceStatus: string } | undefined,
): VerificationFacts {
  return { whatsappVerified: Boolean(row?.whatsappVerifiedAt), facePassed: row?.faceStatus === 'pass' };
}

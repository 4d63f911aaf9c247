import { randomUUID } from 'node:crypto';
import type { SmsCodeResponse } from '@kaskita/domain/contract/auth';
import {
  FACE_CHECKS_PER_DAY,
  LIVE_FRAME_FIELDS,
  type FaceCheckResponse,
  type LivenessChallenge,
  type ReminderChannel,
  type VerificationState,
} from '@kaskita/domain/contract/verification';
import {
  judgeLiveness,
  type LivenessAction,
  type LivenessFrames,
} from '@kaskita/domain/verification/liveness';
import type { Locale } from '@kaskita/domain/i18n/locale';
import { maskPhone } from '@kaskita/domain/validation/phone';
import { secondsUntilJakartaMidnight, startOfJakartaDay, type Clock } from '../../clock.ts';
import { pgErrorCode, type Db, type DbOrTx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import {
  FaceCheckError,
  type FaceCheckProvider,
  type FaceComparison,
} from '../../providers/face-check/face-check-provider.ts';
import { LivenessError, type LivenessProvider } from '../../providers/liveness/liveness-provider.ts';
import type { ImageInput } from '../../providers/ocr/ocr-provider.ts';
import type { RateLimiter, Limit } from '../../rate-limit/rate-limiter.ts';
import type { DataProtection } from '../../security/data-protection.ts';
import { openWhatsappPhone, sealWhatsappPhone } from './whatsapp-phone-schema.ts';
import type { CodeCheck, CodeRequest } from '../auth/sms-code-service.ts';
import { codeCheckError, requestCountedCode } from '../auth/sms-code-service.ts';
import { readUploadedImage, type ImageUpload } from '../../http/uploaded-image.ts';
import type { UserAccounts } from '../user/user-service.ts';
import { issueChallenge, openChallenge, type OpenedChallenge } from './liveness-challenge.ts';
import type { VerificationRepository } from './verification-repository.ts';

/** Per-borrower limits of the WhatsApp check, on top of those of every verification code (README "Sign-in limits"). */
export const VERIFICATION_LIMITS = {
  /** Codes one account may have sent to WhatsApp numbers a day: nobody needs more, and each one costs money. */
  whatsappCodesPerUser: { bucket: 'wa_code_user', max: 10, windowSeconds: 86_400 },
  /** Confirmations one account may try an hour (each code also locks after SMS_CODE_MAX_TRIES wrong tries). */
  whatsappConfirmsPerUser: { bucket: 'wa_confirm_user', max: 30, windowSeconds: 3600 },
  /**
   * Live-check challenges one account may ask a day: four per check allowed (a camera that fails, a retry) is plenty,
   * and asking again and again until an action one has prepared for comes up is what this stops.
   */
  livenessChallengesPerUser: {
    bucket: 'live_challenge_user',
    max: 4 * FACE_CHECKS_PER_DAY,
    windowSeconds: 86_400,
  },
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
  /** Null: no live check here; every face check is a single selfie whose pass a person reviews. */
  liveness: LivenessProvider | null;
  /** The actions a challenge may ask (LIVENESS_ACTIONS). */
  livenessActions: readonly LivenessAction[];
  limiter: RateLimiter;
  protection: DataProtection;
  clock: Clock;
  uploadLimitBytes: number;
}

/** What the credit decision needs to know of the checks. */
export interface VerificationFacts {
  whatsappVerified: boolean;
  facePassed: boolean;
  /** The passed face check saw a live person (false: the single-selfie fallback, which a person reviews). */
  faceLive: boolean;
}

/** POST /v1/user/face_check's parts: a challenge and three frames, or a single selfie. */
export interface FaceSubmission {
  challengeId: string | null;
  selfie: ImageUpload;
  actionFrame: ImageUpload | null;
  endFrame: ImageUpload | null;
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

  /** POST /v1/user/liveness_challenge: what to do in front of the camera; 4287 when no live check can run here. */
  async livenessChallenge(userId: string): Promise<LivenessChallenge> {
    await this.deps.users.editableSignedIn(userId);
    if (!this.deps.liveness || !this.deps.faceCheck) throw new AppError('FACE_CHECK_UNAVAILABLE');
    const now = this.deps.clock.now();
    // Refused here already, so nobody is asked to turn their head for a check that would be refused.
    if (
      (await this.deps.repo.faceChecksSince(this.deps.db, userId, startOfJakartaDay(now))) >=
      FACE_CHECKS_PER_DAY
    )
      throw new AppError('FACE_DAILY_LIMIT', { retry_after: secondsUntilJakartaMidnight(now) });
    await this.deps.limiter.attempt(VERIFICATION_LIMITS.livenessChallengesPerUser, userId);
    return issueChallenge(this.deps.protection.lookup, userId, this.deps.livenessActions, now);
  }

  /**
   * POST /v1/user/face_check: at most FACE_CHECKS_PER_DAY a Jakarta day, engine failures not counted. With a
   * challenge, three frames must show a live person doing its action before the first is matched with the KTP; a
   * single selfie is the fallback for a camera that cannot, and its pass waits for a person (review-rules.ts).
   */
  async checkFace(userId: string, submission: FaceSubmission): Promise<FaceCheckResponse> {
    await this.deps.users.editableSignedIn(userId);
    const provider = this.deps.faceCheck;
    if (!provider) throw new AppError('FACE_CHECK_UNAVAILABLE');
    const challenge = this.openSubmittedChallenge(userId, submission);
    const read = (upload: ImageUpload) =>
      readUploadedImage(upload, { maxBytes: this.deps.uploadLimitBytes, ocrCopy: false }).then(
        (image): ImageInput => ({ bytes: image.stored.bytes, mimeType: 'image/jpeg' }),
      );
    const selfie = await read(submission.selfie);
    const frames = challenge
      ? { start: selfie, action: await read(submission.actionFrame!), end: await read(submission.endFrame!) }
      : null;
    const ktpPhoto = await this.deps.profile.ktpPhotoJpeg(userId);
    if (!ktpPhoto) throw new AppError('KTP_PHOTO_REQUIRED');
    const ktp: ImageInput = { bytes: ktpPhoto, mimeType: 'image/jpeg' };

    const liveness = challenge ? 'checked' : 'fallback';
    const { checkId, triesLeft } = await this.reserveFaceCheck(userId, {
      provider: challenge ? `${this.deps.liveness!.name}+${provider.name}` : provider.name,
      liveness,
      challenge: challenge?.nonce ?? null,
    });
    let outcome: FaceComparison;
    try {
      outcome =
        challenge && frames
          ? await this.judgeLive(challenge.action, frames, ktp)
          : await provider.compare(selfie, ktp);
    } catch (error) {
      await this.deps.repo.dropPendingFaceCheck(this.deps.db, checkId);
      if (error instanceof FaceCheckError || error instanceof LivenessError)
        throw new AppError('FACE_CHECK_UNAVAILABLE');
      throw error;
    }

    const now = this.deps.clock.now();
    let selfieKey: string | undefined;
    if (outcome.result === 'pass') {
      // Kept as KYC evidence, encrypted like the KTP photo; the other frames and the face descriptors are never kept.
      selfieKey = `selfie/${userId}/${randomUUID()}.jpg`;
      await this.deps.protection.files.put(selfieKey, selfie.bytes);
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
          ...(selfieKey ? { selfieKey, facePassedAt: now, faceLiveness: liveness } : {}),
        },
        now,
      );
    });
    return { result: outcome.result, reason: outcome.reason, tries_left: triesLeft };
  }

  /** The challenge a live check answers, null for a single selfie; 4288 when it is not this borrower's or too old. */
  private openSubmittedChallenge(userId: string, submission: FaceSubmission): OpenedChallenge | null {
    if (submission.challengeId === null) {
      if (submission.actionFrame || submission.endFrame)
        throw new AppError(
          'VALIDATION',
          { fields: { challenge_id: 'challenge_id.required' } },
          'challenge_id.required',
        );
      return null;
    }
    if (!this.deps.liveness) throw new AppError('FACE_CHECK_UNAVAILABLE');
    const missing = Object.entries({
      [LIVE_FRAME_FIELDS.action]: submission.actionFrame,
      [LIVE_FRAME_FIELDS.end]: submission.endFrame,
    })
      .filter(([, upload]) => !upload)
      .map(([field]) => field);
    if (missing.length > 0)
      throw new AppError(
        'VALIDATION',
        { fields: Object.fromEntries(missing.map((field) => [field, `${field}.required`])) },
        `${missing[0]}.required`,
      );
    const challenge = openChallenge(
      this.deps.protection.lookup,
      userId,
      submission.challengeId,
      this.deps.clock.now(),
      this.deps.livenessActions,
    );
    if (!challenge) throw new AppError('LIVENESS_CHALLENGE_EXPIRED');
    return challenge;
  }

  /**
   * One live person doing the action (the domain's judgeLiveness on human's readings), the same person in the frames
   * (face-api: human's similarity separates people poorly, providers/README.md), and that person on the KTP.
   */
  private async judgeLive(
    action: LivenessAction,
    frames: LivenessFrames<ImageInput>,
    ktp: ImageInput,
  ): Promise<FaceComparison> {
    const verdict = judgeLiveness(action, await this.deps.liveness!.read(frames));
    if (verdict.result === 'retry') return { result: 'retry', reason: verdict.reason, distance: null };
    const faceCheck = this.deps.faceCheck!;
    // A blink's closed eyes throw face-api's descriptor off (the same woman measured 0.59 apart, over its 0.5): only
    // human's similarity vouches for that frame, so a lender can ask for turns only (LIVENESS_ACTIONS).
    const sameAsStart = action === 'turn' ? [frames.action, frames.end] : [frames.end];
    for (const frame of sameAsStart) {
      const same = await faceCheck.compare(frame, frames.start);
      if (same.result === 'pass') continue;
      // What face-api could not read in a frame (too dark, no face) is said as such; a face not the start's is
      // another person. The try counts either way.
      const reason =
        same.result === 'fail' || same.reason === 'ktp_no_face' ? 'different_person' : same.reason;
      return { result: 'retry', reason, distance: null };
    }
    return faceCheck.compare(frames.start, ktp);
  }

  /**
   * Counts the try before the engine runs, under the borrower's row lock: two uploads at once cannot both be the
   * last try of the day. The engine runs outside the transaction (a second or more), holding no connection. A
   * challenge already answered is refused here, by face_checks' unique index on it.
   */
  private async reserveFaceCheck(
    userId: string,
    check: { provider: string; liveness: 'checked' | 'fallback'; challenge: string | null },
  ) {
    try {
      return await this.deps.db.transaction(async (tx) => {
        const now = this.deps.clock.now();
        await this.deps.repo.lock(tx, userId, now);
        const used = await this.deps.repo.faceChecksSince(tx, userId, startOfJakartaDay(now));
        if (used >= FACE_CHECKS_PER_DAY) {
          throw new AppError('FACE_DAILY_LIMIT', { retry_after: secondsUntilJakartaMidnight(now) });
        }
        const checkId = await this.deps.repo.addFaceCheck(tx, {
          userId,
          result: 'pending',
          ...check,
          createdAt: now,
        });
        return { checkId, triesLeft: FACE_CHECKS_PER_DAY - used - 1 };
      });
    } catch (error) {
      if (pgErrorCode(error) === '23505') throw new AppError('LIVENESS_CHALLENGE_EXPIRED');
      throw error;
    }
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
  row: { whatsappVerifiedAt: Date | null; faceStatus: string; faceLiveness: string | null } | undefined,
): VerificationFacts {
  const facePassed = row?.faceStatus === 'pass';
  return {
    whatsappVerified: Boolean(row?.whatsappVerifiedAt),
    facePassed,
    faceLive: facePassed && row?.faceLiveness === 'checked',
  };
}

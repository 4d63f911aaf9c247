import { z } from 'zod';
import type { ProfileDraft, ProfileDraftBody, ProfileStep } from '@kaskita/domain/contract/profile';
import type { Clock } from '../../clock.ts';
import { jobType } from '../../jobs/job-type.ts';
import type { Db } from '../../db/client.ts';
import { fieldContext } from '../../security/data-cipher.ts';
import type { DataProtection } from '../../security/data-protection.ts';
import type { UserAccounts } from '../user/user-service.ts';
import type { ProfileRepository } from './profile-repository.ts';

export interface ProfileDraftsDependencies {
  db: Db;
  repo: ProfileRepository;
  clock: Clock;
  users: Pick<UserAccounts, 'signedIn' | 'editableSignedIn'>;
  protection: DataProtection;
}

/**
 * How long a draft nobody touched is kept: a borrower who stops half-way does not leave personal data behind for
 * good (UU PDP 27/2022: kept no longer than its purpose, here finishing the step, needs).
 */
export const DRAFT_KEPT_DAYS = 30;

/** Deletes the drafts untouched for DRAFT_KEPT_DAYS, daily at 03:15 WIB. */
export const PROFILE_DRAFTS_EXPIRY = jobType({
  name: 'profile.drafts-expiry',
  payload: z.object({}),
  retry: { limit: 3, delaySeconds: 300, backoff: true },
  expireInSeconds: 600,
});
export const PROFILE_DRAFTS_EXPIRY_CRON = '15 3 * * *';

/** The drafts' purpose in their encryption context (security/encrypted-columns.ts). */
export const DRAFT_PURPOSE = 'profile_drafts.values';

/**
 * A step's input kept while the borrower types it, for the app to fill the form again after a reload. A draft holds
 * personal data (a NIK, a mother's maiden name, contacts' phones) as typed, so it is stored like the KTP's: encrypted,
 * bound to its row, read only by its borrower. It is never checked: half-typed input is what it is for.
 */
export class ProfileDraftsService {
  constructor(private readonly deps: ProfileDraftsDependencies) {}

  async draft(userId: string, step: ProfileStep): Promise<ProfileDraft> {
    await this.deps.users.signedIn(userId);
    const id = draftId(userId, step);
    const row = await this.deps.repo.draft(this.deps.db, id);
    if (!row) return { step, values: null, saved_at: null };
    const json = this.deps.protection.cipher.decryptField(row.valuesEnc, fieldContext(DRAFT_PURPOSE, id));
    return {
      step,
      values: JSON.parse(json) as Record<string, unknown>,
      saved_at: row.updatedAt.toISOString(),
    };
  }

  /** The expiry job: forgets every draft untouched for DRAFT_KEPT_DAYS. */
  expire(): Promise<number> {
    const before = new Date(this.deps.clock.now().getTime() - DRAFT_KEPT_DAYS * 24 * 3600 * 1000);
    return this.deps.repo.deleteDraftsBefore(this.deps.db, before);
  }

  /** Keeps the values (refused once the profile is locked), or forgets the draft without them. */
  async save(userId: string, { step, values }: ProfileDraftBody): Promise<ProfileDraft> {
    await this.deps.users.editableSignedIn(userId);
    const id = draftId(userId, step);
    if (values === undefined) {
      await this.deps.repo.deleteDraft(this.deps.db, id);
      return { step, values: null, saved_at: null };
    }
    const now = this.deps.clock.now();
    const valuesEnc = this.deps.protection.cipher.encryptField(
      JSON.stringify(values),
      fieldContext(DRAFT_PURPOSE, id),
    );
    await this.deps.repo.saveDraft(this.deps.db, { id, userId, step, valuesEnc, updatedAt: now });
    return { step, values, saved_at: now.toISOString() };
  }
}

const draftId = (userId: string, step: ProfileStep) => `${userId}:${step}`;

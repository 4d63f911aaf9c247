import type { ProfileDraft, ProfileDraftBody, ProfileStep } from '@kaskita/domain/contract/profile';
import type { Clock } from '../../clock.ts';
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

import { eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { DataProtection } from '../../security/data-protection.ts';
import {
  openProfile,
  sealProfileChanges,
  type BorrowerProfileRow,
  type ProfileChanges,
} from './profile-fields-schema.ts';
import { borrowerProfiles, profileDrafts } from './profile-schema.ts';

export type { ProfileChanges } from './profile-fields-schema.ts';

/**
 * The only SQL on the onboarding tables. Every read is by the borrower's own id. Rows go in and out in plain values:
 * the personal fields are sealed on the way in and opened on the way out (profile-fields-schema.ts).
 */
export class ProfileRepository {
  constructor(private readonly protection: Pick<DataProtection, 'cipher' | 'lookup'>) {}

  async find(db: DbOrTx, userId: string): Promise<BorrowerProfileRow | undefined> {
    const [row] = await db
      .select()
      .from(borrowerProfiles)
      .where(eq(borrowerProfiles.userId, userId))
      .limit(1);
    return row && openProfile(this.protection.cipher, row);
  }

  /** Creates the row on the first save of any step; later saves change only the columns given. */
  async save(db: DbOrTx, userId: string, changes: ProfileChanges, now: Date): Promise<BorrowerProfileRow> {
    const sealed = sealProfileChanges(this.protection, userId, changes);
    const [row] = await db
      .insert(borrowerProfiles)
      .values({ userId, ...sealed, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: borrowerProfiles.userId, set: { ...sealed, updatedAt: now } })
      .returning();
    if (!row) throw new Error('profile upsert returned nothing');
    return openProfile(this.protection.cipher, row);
  }

  /** Changes an existing row only (a staff correction, a withdrawn consent): answers whether there was one. */
  async update(db: DbOrTx, userId: string, changes: ProfileChanges, now: Date): Promise<boolean> {
    const rows = await db
      .update(borrowerProfiles)
      .set({ ...sealProfileChanges(this.protection, userId, changes), updatedAt: now })
      .where(eq(borrowerProfiles.userId, userId))
      .returning({ userId: borrowerProfiles.userId });
    return rows.length > 0;
  }

  /** The account of another borrower holding this NIK, if any. */
  async ownerOfNik(db: DbOrTx, nikHash: string): Promise<string | undefined> {
    const [row] = await db
      .select({ userId: borrowerProfiles.userId })
      .from(borrowerProfiles)
      .where(eq(borrowerProfiles.nikHash, nikHash))
      .limit(1);
    return row?.userId;
  }

  async draft(db: DbOrTx, id: string): Promise<{ valuesEnc: string; updatedAt: Date } | undefined> {
    const [row] = await db
      .select({ valuesEnc: profileDrafts.valuesEnc, updatedAt: profileDrafts.updatedAt })
      .from(profileDrafts)
      .where(eq(profileDrafts.id, id))
      .limit(1);
    return row;
  }

  async saveDraft(db: DbOrTx, draft: typeof profileDrafts.$inferInsert): Promise<void> {
    await db
      .insert(profileDrafts)
      .values(draft)
      .onConflictDoUpdate({
        target: profileDrafts.id,
        set: { valuesEnc: draft.valuesEnc, updatedAt: draft.updatedAt },
      });
  }

  async deleteDraft(db: DbOrTx, id: string): Promise<void> {
    await db.delete(profileDrafts).where(eq(profileDrafts.id, id));
  }

  /** Deletes the drafts last saved before `before`; how many there were. */
  async deleteDraftsBefore(db: DbOrTx, before: Date): Promise<number> {
    const gone = await db
      .delete(profileDrafts)
      .where(lt(profileDrafts.updatedAt, before))
      .returning({ id: profileDrafts.id });
    return gone.length;
  }
}

import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { borrowerProfiles, type BorrowerProfileRow } from './profile-schema.ts';

export type ProfileChanges = Partial<Omit<typeof borrowerProfiles.$inferInsert, 'userId' | 'createdAt'>>;

/** The only SQL on the onboarding tables. Every read is by the borrower's own id. */
export class ProfileRepository {
  async find(db: DbOrTx, userId: string): Promise<BorrowerProfileRow | undefined> {
    const [row] = await db
      .select()
      .from(borrowerProfiles)
      .where(eq(borrowerProfiles.userId, userId))
      .limit(1);
    return row;
  }

  /** Creates the row on the first save of any step; later saves change only the columns given. */
  async save(db: DbOrTx, userId: string, changes: ProfileChanges, now: Date): Promise<BorrowerProfileRow> {
    const [row] = await db
      .insert(borrowerProfiles)
      .values({ userId, ...changes, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: borrowerProfiles.userId, set: { ...changes, updatedAt: now } })
      .returning();
    if (!row) throw new Error('profile upsert returned nothing');
    return row;
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
}

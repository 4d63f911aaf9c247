import { and, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  bankAccounts,
  borrowerProfiles,
  type BankAccountRow,
  type BorrowerProfileRow,
} from './profile-schema.ts';

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

  async currentBankAccount(db: DbOrTx, userId: string): Promise<BankAccountRow | undefined> {
    const [row] = await db
      .select()
      .from(bankAccounts)
      .where(and(eq(bankAccounts.userId, userId), isNull(bankAccounts.replacedAt)))
      .orderBy(desc(bankAccounts.createdAt))
      .limit(1);
    return row;
  }

  /** The new account replaces the current one, in one statement pair inside the caller's transaction. */
  async replaceBankAccount(
    db: DbOrTx,
    account: Omit<typeof bankAccounts.$inferInsert, 'replacedAt'> & { id: string },
  ): Promise<BankAccountRow> {
    await db
      .update(bankAccounts)
      .set({ replacedAt: account.createdAt })
      .where(and(eq(bankAccounts.userId, account.userId), isNull(bankAccounts.replacedAt)));
    const [row] = await db.insert(bankAccounts).values(account).returning();
    if (!row) throw new Error('bank account insert returned nothing');
    return row;
  }
}

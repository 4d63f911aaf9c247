import { and, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bankAccounts, type BankAccountRow } from './bank-cards-schema.ts';

type NewCard = Omit<typeof bankAccounts.$inferInsert, 'replacedAt' | 'isDefault'> & { id: string };

/** The only SQL on bank_accounts. Every read is by the borrower's own id. */
export class BankCardsRepository {
  /** The default card: where loans are paid. */
  async defaultCard(db: DbOrTx, userId: string): Promise<BankAccountRow | undefined> {
    const [row] = await db
      .select()
      .from(bankAccounts)
      .where(
        and(
          eq(bankAccounts.userId, userId),
          isNull(bankAccounts.replacedAt),
          eq(bankAccounts.isDefault, true),
        ),
      )
      .limit(1);
    return row;
  }

  /** Every card not removed, the default first, then newest first; `lock` holds them until the transaction ends. */
  async cards(db: DbOrTx, userId: string, lock = false): Promise<BankAccountRow[]> {
    const query = db
      .select()
      .from(bankAccounts)
      .where(and(eq(bankAccounts.userId, userId), isNull(bankAccounts.replacedAt)))
      .orderBy(desc(bankAccounts.isDefault), desc(bankAccounts.createdAt));
    return lock ? query.for('update') : query;
  }

  /** The onboarding step: the new account replaces every card, in one statement pair inside the caller's transaction. */
  async replaceAll(db: DbOrTx, account: NewCard): Promise<BankAccountRow> {
    await db
      .update(bankAccounts)
      .set({ replacedAt: account.createdAt, isDefault: false })
      .where(and(eq(bankAccounts.userId, account.userId), isNull(bankAccounts.replacedAt)));
    const [row] = await db
      .insert(bankAccounts)
      .values({ ...account, isDefault: true })
      .returning();
    if (!row) throw new Error('bank account insert returned nothing');
    return row;
  }

  /** A card added beside the others, as the new default. */
  async addDefault(db: DbOrTx, account: NewCard): Promise<BankAccountRow> {
    await this.clearDefault(db, account.userId);
    const [row] = await db
      .insert(bankAccounts)
      .values({ ...account, isDefault: true })
      .returning();
    if (!row) throw new Error('bank account insert returned nothing');
    return row;
  }

  async setDefault(db: DbOrTx, userId: string, id: string): Promise<void> {
    await this.clearDefault(db, userId);
    await db
      .update(bankAccounts)
      .set({ isDefault: true })
      .where(and(eq(bankAccounts.userId, userId), eq(bankAccounts.id, id), isNull(bankAccounts.replacedAt)));
  }

  /** No card of the borrower's is the default (before another becomes it: one default, by a unique index). */
  private async clearDefault(db: DbOrTx, userId: string): Promise<void> {
    await db
      .update(bankAccounts)
      .set({ isDefault: false })
      .where(and(eq(bankAccounts.userId, userId), eq(bankAccounts.isDefault, true)));
  }

  async remove(db: DbOrTx, id: string, now: Date): Promise<void> {
    await db.update(bankAccounts).set({ replacedAt: now, isDefault: false }).where(eq(bankAccounts.id, id));
  }
}

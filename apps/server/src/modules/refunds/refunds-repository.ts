import { and, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { refunds, type RefundRow } from './refunds-schema.ts';

/** The refunds table: one row per closed loan's refund, moved from state to state by guarded updates. */
export class RefundsRepository {
  /** Inserts the loan's refund; false when the loan already has one. */
  async insert(db: DbOrTx, row: typeof refunds.$inferInsert): Promise<boolean> {
    const inserted = await db
      .insert(refunds)
      .values(row)
      .onConflictDoNothing({ target: refunds.loanId })
      .returning({ id: refunds.id });
    return inserted.length > 0;
  }

  async byId(db: DbOrTx, id: string): Promise<RefundRow | undefined> {
    const [row] = await db.select().from(refunds).where(eq(refunds.id, id));
    return row;
  }

  async ofLoan(db: DbOrTx, loanId: string): Promise<RefundRow | undefined> {
    const [row] = await db.select().from(refunds).where(eq(refunds.loanId, loanId));
    return row;
  }

  /** The borrower's refunds, newest first. */
  ofUser(db: DbOrTx, userId: string): Promise<RefundRow[]> {
    return db.select().from(refunds).where(eq(refunds.userId, userId)).orderBy(desc(refunds.createdAt));
  }

  /**
   * Every refund with its amount and state (the ledger check: a loan's borrower credit in the ledger is its account's
   * credit, and a completed refund has already taken its amount out of both).
   */
  all(db: DbOrTx): Promise<Array<Pick<RefundRow, 'id' | 'loanId' | 'amount' | 'state'>>> {
    return db
      .select({ id: refunds.id, loanId: refunds.loanId, amount: refunds.amount, state: refunds.state })
      .from(refunds);
  }

  /** Moves the refund only from one of `from` (a guarded update: the second of two racers finds nothing). */
  async move(
    db: DbOrTx,
    id: string,
    from: readonly string[],
    changes: Partial<typeof refunds.$inferInsert> & { state: string; updatedAt: Date },
  ): Promise<RefundRow | undefined> {
    const [row] = await db
      .update(refunds)
      .set(changes)
      .where(and(eq(refunds.id, id), inArray(refunds.state, [...from])))
      .returning();
    return row;
  }
}

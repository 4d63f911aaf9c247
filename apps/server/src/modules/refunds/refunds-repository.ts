import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { REFUNDABLE_STATES } from '@kaskita/domain/lifecycle/refund';
import type { DbOrTx } from '../../db/client.ts';
import { loans } from '../loans/loan-orders-schema.ts';
import { refunds, type RefundRow } from './refunds-schema.ts';

/**
 * A refund that may still be sent to its card: waiting for approval, queued, with the provider or between tries. A
 * completed one is done with the card; a `failed` one waits for staff, who pay it to whatever account is right by then,
 * so neither keeps the borrower from removing the card.
 */
const UNFINISHED = ['awaiting_approval', 'queued', 'sending', 'pending', 'retrying'] as const;

/** The refunds table: a closed loan's or a returned payment's refund, moved from state to state by guarded updates. */
export class RefundsRepository {
  /** Inserts the loan's or payment's refund; false when the loan already has one (a payment's is locked before). */
  async insert(db: DbOrTx, row: typeof refunds.$inferInsert): Promise<boolean> {
    const insert = db.insert(refunds).values(row);
    const inserted = await (
      row.loanId ? insert.onConflictDoNothing({ target: refunds.loanId }) : insert
    ).returning({ id: refunds.id });
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

  /** Of `bankAccountIds`, the cards an unfinished refund is to be paid to (they cannot be removed meanwhile). */
  async cardsInUse(db: DbOrTx, bankAccountIds: readonly string[]): Promise<Set<string>> {
    if (bankAccountIds.length === 0) return new Set();
    const rows = await db
      .selectDistinct({ id: refunds.bankAccountId })
      .from(refunds)
      .where(
        and(inArray(refunds.bankAccountId, [...bankAccountIds]), inArray(refunds.state, [...UNFINISHED])),
      );
    return new Set(rows.map((r) => r.id));
  }

  /**
   * Up to `limit` closed loans (by id, after `after`) whose account holds credit and that have no refund: the loans
   * that closed before refunds existed, or whose create job gave up. The credit is read from the stored account's
   * plain `credit` number (stored-loan-account.ts), so loans without credit, most of them, are never decoded.
   */
  unrefundedWithCredit(db: DbOrTx, after: string, limit: number): Promise<Array<{ id: string }>> {
    return db
      .select({ id: loans.id })
      .from(loans)
      .leftJoin(refunds, eq(refunds.loanId, loans.id))
      .where(
        and(
          inArray(loans.state, [...REFUNDABLE_STATES]),
          gt(sql`(${loans.account}->>'credit')::bigint`, 0),
          isNull(refunds.id),
          gt(loans.id, after),
        ),
      )
      .orderBy(asc(loans.id))
      .limit(limit);
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

  /** Refunds in `state`, oldest first, and how many there are (the back office's list). */
  async inState(
    db: DbOrTx,
    state: string,
    { limit, offset, newestFirst }: { limit: number; offset: number; newestFirst: boolean },
  ) {
    const order = newestFirst ? desc : asc;
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(refunds)
        .where(eq(refunds.state, state))
        .orderBy(order(refunds.createdAt), order(refunds.id))
        .limit(limit)
        .offset(offset),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(refunds)
        .where(eq(refunds.state, state)),
    ]);
    return { rows, total: total?.n ?? 0 };
  }
}

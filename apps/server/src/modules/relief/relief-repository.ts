import { and, asc, count, desc, eq, inArray, lt } from 'drizzle-orm';
import { OPEN_RELIEF_STATUSES, type ReliefStatus } from '@kaskita/domain/relief/relief-rules';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { pageWindow, type Paging } from '../../db/paging.ts';
import { approvalRequests } from '../approvals/approvals-schema.ts';
import { loanReliefs, type ReliefRow } from './relief-schema.ts';

/** The approval requests' subject type of a relief offer. */
export const RELIEF_SUBJECT = 'loan_relief';

export class ReliefRepository {
  async insert(tx: DbOrTx, row: typeof loanReliefs.$inferInsert): Promise<void> {
    await tx.insert(loanReliefs).values(row);
  }

  /** One relief, locked for a change in the caller's transaction. */
  async lock(tx: Tx, id: string): Promise<ReliefRow | undefined> {
    const [row] = await tx.select().from(loanReliefs).where(eq(loanReliefs.id, id)).for('update');
    return row;
  }

  async find(db: DbOrTx, id: string): Promise<ReliefRow | undefined> {
    const [row] = await db.select().from(loanReliefs).where(eq(loanReliefs.id, id));
    return row;
  }

  async update(tx: DbOrTx, id: string, changes: Partial<typeof loanReliefs.$inferInsert>): Promise<void> {
    await tx.update(loanReliefs).set(changes).where(eq(loanReliefs.id, id));
  }

  /** The borrower's requests, newest first. */
  ofUser(db: DbOrTx, userId: string): Promise<ReliefRow[]> {
    return db
      .select()
      .from(loanReliefs)
      .where(eq(loanReliefs.userId, userId))
      .orderBy(desc(loanReliefs.askedAt), desc(loanReliefs.id));
  }

  /** How many reliefs a loan was given (accepted). */
  async acceptedOn(db: DbOrTx, loanId: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(loanReliefs)
      .where(and(eq(loanReliefs.loanId, loanId), eq(loanReliefs.status, 'accepted')));
    return row?.n ?? 0;
  }

  /** An offer that can no longer be accepted lapses (when it is still an offer). */
  async expire(db: DbOrTx, id: string, now: Date): Promise<void> {
    await db
      .update(loanReliefs)
      .set({ status: 'expired', closedAt: now, updatedAt: now })
      .where(and(eq(loanReliefs.id, id), eq(loanReliefs.status, 'offered')));
  }

  /** Offers whose time to accept has passed become `expired` (read paths call this first: no job needed). */
  async expireLapsed(db: DbOrTx, now: Date): Promise<void> {
    await db
      .update(loanReliefs)
      .set({ status: 'expired', closedAt: now, updatedAt: now })
      .where(and(eq(loanReliefs.status, 'offered'), lt(loanReliefs.offerExpiresAt, now)));
  }

  async page(
    db: DbOrTx,
    status: ReliefStatus,
    paging: Paging,
  ): Promise<{ rows: Array<ReliefRow & { approval: string | null }>; total: number }> {
    const where = eq(loanReliefs.status, status);
    const order = paging.order === 'desc' ? desc : asc;
    const [rows, [totalRow]] = await Promise.all([
      db
        .select()
        .from(loanReliefs)
        .where(where)
        .orderBy(order(loanReliefs.askedAt), order(loanReliefs.id))
        .limit(pageWindow(paging).limit)
        .offset(pageWindow(paging).offset),
      db.select({ n: count() }).from(loanReliefs).where(where),
    ]);
    const pending = await this.pendingApprovals(
      db,
      rows.map((r) => r.id),
    );
    return {
      rows: rows.map((r) => ({ ...r, approval: pending.get(r.id) ?? null })),
      total: totalRow?.n ?? 0,
    };
  }

  /** The pending approval request of each relief's offer, by relief id. */
  async pendingApprovals(db: DbOrTx, ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ subjectId: approvalRequests.subjectId, state: approvalRequests.state })
      .from(approvalRequests)
      .where(
        and(
          eq(approvalRequests.subjectType, RELIEF_SUBJECT),
          inArray(approvalRequests.subjectId, [...ids]),
          eq(approvalRequests.state, 'pending'),
        ),
      );
    return new Map(rows.map((r) => [r.subjectId, r.state]));
  }
}

/** Whether a status still waits for someone (OPEN_RELIEF_STATUSES). */
export const isOpen = (status: string) => (OPEN_RELIEF_STATUSES as readonly string[]).includes(status);

import { and, asc, count, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ApprovalState } from '@kaskita/domain/contract/admin-approvals';
import type { DbOrTx } from '../../db/client.ts';
import { pageWindow, type Paging } from '../../db/paging.ts';
import { staff } from '../staff/staff-schema.ts';
import { approvalRequests, type ApprovalRequestRow } from './approvals-schema.ts';

/** A request with the names of who asked and who decided (staff names, never a borrower's). */
export type ApprovalRequestWithNames = ApprovalRequestRow & {
  requesterName: string;
  deciderName: string | null;
};

const decider = alias(staff, 'decider');

export class ApprovalsRepository {
  async insert(db: DbOrTx, row: typeof approvalRequests.$inferInsert): Promise<void> {
    await db.insert(approvalRequests).values(row);
  }

  /** The request, locked until the transaction ends: two approvers of one request are serialised. */
  async lock(db: DbOrTx, id: string): Promise<ApprovalRequestRow | undefined> {
    const [row] = await db.select().from(approvalRequests).where(eq(approvalRequests.id, id)).for('update');
    return row;
  }

  async byId(db: DbOrTx, id: string): Promise<ApprovalRequestWithNames | undefined> {
    const [row] = await this.withNames(db, eq(approvalRequests.id, id), [], 1, 0);
    return row;
  }

  /** Leaves `pending` for `state`; false when it was no longer pending. */
  async decide(
    db: DbOrTx,
    id: string,
    decision: {
      state: Exclude<ApprovalState, 'pending'>;
      decidedBy: string;
      decidedAt: Date;
      reason: string;
    },
  ): Promise<boolean> {
    const moved = await db
      .update(approvalRequests)
      .set({
        state: decision.state,
        decidedBy: decision.decidedBy,
        decidedAt: decision.decidedAt,
        decisionReason: decision.reason,
      })
      .where(and(eq(approvalRequests.id, id), eq(approvalRequests.state, 'pending')))
      .returning({ id: approvalRequests.id });
    return moved.length === 1;
  }

  /**
   * Every pending request about a subject, withdrawn with `reason` and no member named: its subject can no longer be
   * approved (a relief request the borrower withdrew). Answers how many were pending.
   */
  async withdrawForSubject(
    db: DbOrTx,
    subject: { type: string; id: string },
    at: Date,
    reason: string,
  ): Promise<number> {
    const moved = await db
      .update(approvalRequests)
      .set({ state: 'withdrawn', decidedBy: null, decidedAt: at, decisionReason: reason })
      .where(
        and(
          eq(approvalRequests.subjectType, subject.type),
          eq(approvalRequests.subjectId, subject.id),
          eq(approvalRequests.state, 'pending'),
        ),
      )
      .returning({ id: approvalRequests.id });
    return moved.length;
  }

  /** Pending requests of `commands` asked by someone other than `staffId`, oldest first (unless `desc`). */
  waiting(db: DbOrTx, staffId: string, commands: readonly string[], paging: Paging) {
    if (commands.length === 0) return Promise.resolve({ rows: [], total: 0 });
    const where = and(
      eq(approvalRequests.state, 'pending'),
      inArray(approvalRequests.command, [...commands]),
      ne(approvalRequests.requestedBy, staffId),
    )!;
    const order = paging.order === 'desc' ? desc : asc;
    return this.page(db, where, [order(approvalRequests.requestedAt)], paging);
  }

  /** The member's own requests, newest first (unless `asc`). */
  mine(db: DbOrTx, staffId: string, paging: Paging) {
    const order = paging.order === 'asc' ? asc : desc;
    return this.page(
      db,
      eq(approvalRequests.requestedBy, staffId),
      [order(approvalRequests.requestedAt)],
      paging,
    );
  }

  /** The pending request of a command on a subject, if any (a payments-to-resolve row shows it). */
  async pendingFor(db: DbOrTx, command: string, subjectIds: readonly string[]) {
    if (subjectIds.length === 0) return [];
    return db
      .select({ id: approvalRequests.id, subjectId: approvalRequests.subjectId })
      .from(approvalRequests)
      .where(
        and(
          eq(approvalRequests.command, command),
          eq(approvalRequests.state, 'pending'),
          inArray(approvalRequests.subjectId, [...subjectIds]),
        ),
      );
  }

  private async page(db: DbOrTx, where: SQL, order: SQL[], paging: Paging) {
    const { limit, offset } = pageWindow(paging);
    const [rows, [total]] = await Promise.all([
      this.withNames(db, where, order, limit, offset),
      db.select({ n: count() }).from(approvalRequests).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  private async withNames(
    db: DbOrTx,
    where: SQL,
    order: SQL[],
    limit: number,
    offset: number,
  ): Promise<ApprovalRequestWithNames[]> {
    const rows = await db
      .select({ request: approvalRequests, requesterName: staff.name, deciderName: decider.name })
      .from(approvalRequests)
      .innerJoin(staff, eq(staff.id, approvalRequests.requestedBy))
      .leftJoin(decider, eq(decider.id, approvalRequests.decidedBy))
      .where(where)
      .orderBy(...order, asc(approvalRequests.id))
      .limit(limit)
      .offset(offset);
    return rows.map((r) => ({ ...r.request, requesterName: r.requesterName, deciderName: r.deciderName }));
  }
}

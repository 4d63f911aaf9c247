import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { pageWindow, type Paging } from '../../db/paging.ts';
import { messageOutbox } from '../../jobs/outbox-schema.ts';
import { feedback } from '../application/application-schema.ts';
import { disbursements, loans } from '../loans/loan-orders-schema.ts';
import { users } from '../user/user-schema.ts';

/** A message's kind: its idempotency key up to the first colon (`sms-code:<id>` is an `sms-code`). */
const kindOf = sql<string>`split_part(${messageOutbox.idempotencyKey}, ':', 1)`;

export interface OutboxFilter {
  userId?: string | undefined;
  kind?: string | undefined;
  status?: string | undefined;
  from?: Date | undefined;
  /** Exclusive. */
  to?: Date | undefined;
}

export type FeedbackRow = typeof feedback.$inferSelect;

/**
 * The care desk's reading of other modules' tables (the outbox, feedback, loans and their tries) and its two writes
 * on feedback. The lists are paged on the server and each follows an index.
 */
export class CareRepository {
  async outbox(db: DbOrTx, filter: OutboxFilter, paging: Paging) {
    const { limit, offset } = pageWindow(paging);
    const conditions: SQL[] = [];
    if (filter.userId) {
      // The outbox keeps the phone, not the borrower: a borrower's messages are the ones to their phone (both hashed
      // with security/phone-lookup.ts's key, so equal numbers have equal hashes).
      const phone = db.select({ hash: users.phoneHash }).from(users).where(eq(users.id, filter.userId));
      conditions.push(inArray(messageOutbox.recipientHash, phone));
    }
    if (filter.kind) conditions.push(sql`${kindOf} = ${filter.kind}`);
    if (filter.status) conditions.push(eq(messageOutbox.status, filter.status));
    if (filter.from) conditions.push(gte(messageOutbox.createdAt, filter.from));
    if (filter.to) conditions.push(lt(messageOutbox.createdAt, filter.to));
    const where = conditions.length ? and(...conditions) : undefined;
    const order = paging.order === 'asc' ? asc : desc;
    const [rows, [total]] = await Promise.all([
      db
        .select({ message: messageOutbox, kind: kindOf, userId: users.id })
        .from(messageOutbox)
        .leftJoin(users, eq(users.phoneHash, messageOutbox.recipientHash))
        .where(where)
        .orderBy(order(messageOutbox.createdAt), order(messageOutbox.id))
        .limit(limit)
        .offset(offset),
      db.select({ n: count() }).from(messageOutbox).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  async feedbackList(
    db: DbOrTx,
    filter: { kind?: string | undefined; status?: string | undefined },
    paging: Paging,
  ) {
    const { limit, offset } = pageWindow(paging);
    const conditions: SQL[] = [];
    if (filter.kind) conditions.push(eq(feedback.kind, filter.kind));
    if (filter.status) conditions.push(eq(feedback.status, filter.status));
    const where = conditions.length ? and(...conditions) : undefined;
    const order = paging.order === 'desc' ? desc : asc;
    // Open first (then answered, then closed); within each the oldest, so the earliest deadline, first.
    const rank = sql`case ${feedback.status} when 'open' then 0 when 'answered' then 1 else 2 end`;
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(feedback)
        .where(where)
        .orderBy(rank, order(feedback.createdAt), order(feedback.id))
        .limit(limit)
        .offset(offset),
      db.select({ n: count() }).from(feedback).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  async feedback(db: DbOrTx, id: string, lock = false): Promise<FeedbackRow | undefined> {
    const query = db.select().from(feedback).where(eq(feedback.id, id));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  async feedbackOf(db: DbOrTx, userId: string): Promise<FeedbackRow[]> {
    return db.select().from(feedback).where(eq(feedback.userId, userId)).orderBy(desc(feedback.createdAt));
  }

  async updateFeedback(db: DbOrTx, id: string, changes: Partial<FeedbackRow>): Promise<FeedbackRow> {
    const [row] = await db.update(feedback).set(changes).where(eq(feedback.id, id)).returning();
    if (!row) throw new Error(`feedback ${id} vanished under its lock`);
    return row;
  }

  /**
   * Loans by the desk's tab, each with its latest try: `pending` waits for its money, `failed` was interrupted,
   * `stuck` has a try sending or at the bank since before `stuckBefore`.
   */
  async disbursements(db: DbOrTx, tab: 'pending' | 'failed' | 'stuck', stuckBefore: Date, paging: Paging) {
    const { limit, offset } = pageWindow(paging);
    const latest = db
      .selectDistinctOn([disbursements.loanId], {
        id: disbursements.id,
        loanId: disbursements.loanId,
        status: disbursements.status,
        failureCode: disbursements.failureCode,
        createdAt: disbursements.createdAt,
        updatedAt: disbursements.updatedAt,
      })
      .from(disbursements)
      .orderBy(disbursements.loanId, desc(disbursements.createdAt))
      .as('latest');
    const attempts = sql<number>`(select count(*)::int from ${disbursements} d where d.loan_id = ${loans.id})`;
    const where =
      tab === 'failed'
        ? eq(loans.state, 'disbursement-failed')
        : tab === 'pending'
          ? eq(loans.state, 'awaiting-disbursement')
          : and(
              eq(loans.state, 'awaiting-disbursement'),
              inArray(latest.status, ['sending', 'pending']),
              lt(latest.updatedAt, stuckBefore),
            );
    const order = paging.order === 'desc' ? desc : asc;
    const [rows, [total]] = await Promise.all([
      db
        .select({
          loan: loans,
          latest: {
            id: latest.id,
            status: latest.status,
            failureCode: latest.failureCode,
            createdAt: latest.createdAt,
            updatedAt: latest.updatedAt,
          },
          attempts,
        })
        .from(loans)
        .leftJoin(latest, eq(latest.loanId, loans.id))
        .where(where)
        .orderBy(order(loans.updatedAt), order(loans.id))
        .limit(limit)
        .offset(offset),
      db.select({ n: count() }).from(loans).leftJoin(latest, eq(latest.loanId, loans.id)).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }
}

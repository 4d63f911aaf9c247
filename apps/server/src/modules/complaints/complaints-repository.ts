import { and, asc, count, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { WAITING_COMPLAINT_STATUSES } from '@kaskita/domain/complaints/complaint-rules';
import type { DbOrTx } from '../../db/client.ts';
import { pageWindow, type Paging } from '../../db/paging.ts';
import { collectionContacts } from '../collections/collections-schema.ts';
import { loans } from '../loans/loan-orders-schema.ts';
import { payments } from '../repayments/repayments-schema.ts';
import { staff } from '../staff/staff-schema.ts';
import {
  complaintEvents,
  complaints,
  type ComplaintEventRow,
  type ComplaintRow,
  type NewComplaint,
} from './complaints-schema.ts';

export interface ComplaintQueueFilter {
  status?: string | undefined;
  category?: string | undefined;
  /** Waiting and past `today`'s deadline. */
  overdueOn?: string | undefined;
  caseNumber?: string | undefined;
}

export type ComplaintEventWithStaff = ComplaintEventRow & { staffName: string | null };

/** How many of the borrower's loans and payments a complaint form offers. */
const SUBJECTS_SHOWN = 20;

/**
 * The complaints' rows and their history, and the two reads of other modules' tables a complaint needs: whether a loan
 * or a payment is the borrower's own, and the ones to offer.
 */
export class ComplaintsRepository {
  async insert(db: DbOrTx, row: NewComplaint): Promise<ComplaintRow> {
    const [inserted] = await db.insert(complaints).values(row).returning();
    if (!inserted) throw new Error('complaint insert returned nothing');
    return inserted;
  }

  async byId(db: DbOrTx, id: string, lock = false): Promise<ComplaintRow | undefined> {
    const query = db.select().from(complaints).where(eq(complaints.id, id));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  /** The case only if it is the borrower's: another's is as absent as one that never was. */
  async ofUserById(db: DbOrTx, userId: string, id: string): Promise<ComplaintRow | undefined> {
    const [row] = await db
      .select()
      .from(complaints)
      .where(and(eq(complaints.id, id), eq(complaints.userId, userId)));
    return row;
  }

  ofUser(db: DbOrTx, userId: string, limit = 50): Promise<ComplaintRow[]> {
    return db
      .select()
      .from(complaints)
      .where(eq(complaints.userId, userId))
      .orderBy(desc(complaints.createdAt), desc(complaints.id))
      .limit(limit);
  }

  async update(db: DbOrTx, id: string, changes: Partial<ComplaintRow>): Promise<ComplaintRow> {
    const [row] = await db.update(complaints).set(changes).where(eq(complaints.id, id)).returning();
    if (!row) throw new Error(`complaint ${id} vanished under its lock`);
    return row;
  }

  /** Appends a step; the caller holds the case's row lock, so positions never collide. */
  async addEvent(
    db: DbOrTx,
    event: Omit<ComplaintEventRow, 'position' | 'text' | 'answerBy' | 'staffId'> &
      Partial<Pick<ComplaintEventRow, 'text' | 'answerBy' | 'staffId'>>,
  ): Promise<void> {
    const [last] = await db
      .select({ n: count() })
      .from(complaintEvents)
      .where(eq(complaintEvents.complaintId, event.complaintId));
    await db.insert(complaintEvents).values({ ...event, position: last?.n ?? 0 });
  }

  events(db: DbOrTx, complaintId: string): Promise<ComplaintEventWithStaff[]> {
    return db
      .select({
        id: complaintEvents.id,
        complaintId: complaintEvents.complaintId,
        position: complaintEvents.position,
        kind: complaintEvents.kind,
        text: complaintEvents.text,
        answerBy: complaintEvents.answerBy,
        staffId: complaintEvents.staffId,
        createdAt: complaintEvents.createdAt,
        staffName: staff.name,
      })
      .from(complaintEvents)
      .leftJoin(staff, eq(staff.id, complaintEvents.staffId))
      .where(eq(complaintEvents.complaintId, complaintId))
      .orderBy(asc(complaintEvents.position));
  }

  /**
   * The desk's queue. By default the cases still waiting come first, the earliest deadline (so the overdue) first,
   * then the answered, then the closed; `sort=filed_at` orders by filing alone.
   */
  async queue(db: DbOrTx, filter: ComplaintQueueFilter, paging: Paging & { sort?: string | undefined }) {
    const { limit, offset } = pageWindow(paging);
    const waiting = inArray(complaints.status, [...WAITING_COMPLAINT_STATUSES]);
    const conditions: SQL[] = [];
    if (filter.status) conditions.push(eq(complaints.status, filter.status));
    if (filter.category) conditions.push(eq(complaints.category, filter.category));
    if (filter.caseNumber) conditions.push(eq(complaints.caseNumber, filter.caseNumber));
    if (filter.overdueOn) conditions.push(waiting, lt(complaints.answerBy, filter.overdueOn));
    const where = conditions.length ? and(...conditions) : undefined;
    const direction = paging.order === 'desc' ? desc : asc;
    const rank = sql`case when ${waiting} then 0 when ${complaints.status} = 'answered' then 1 else 2 end`;
    const order =
      paging.sort === 'filed_at'
        ? [direction(complaints.createdAt), direction(complaints.id)]
        : [rank, direction(complaints.answerBy), asc(complaints.createdAt), asc(complaints.id)];
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(complaints)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
      db.select({ n: count() }).from(complaints).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  async ownsLoan(db: DbOrTx, userId: string, loanId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: loans.id })
      .from(loans)
      .where(and(eq(loans.id, loanId), eq(loans.userId, userId)));
    return Boolean(row);
  }

  /** The loan of a collection contact about one of `userId`'s loans; null when it is not theirs (or not at all). */
  async contactLoan(db: DbOrTx, userId: string, contactId: string): Promise<string | null> {
    const [row] = await db
      .select({ loanId: loans.id })
      .from(collectionContacts)
      .innerJoin(loans, eq(loans.id, collectionContacts.loanId))
      .where(and(eq(collectionContacts.id, contactId), eq(loans.userId, userId)));
    return row?.loanId ?? null;
  }

  async ownsPayment(db: DbOrTx, userId: string, paymentId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.id, paymentId), eq(payments.userId, userId)));
    return Boolean(row);
  }

  loansOf(db: DbOrTx, userId: string) {
    return db
      .select({ id: loans.id, amount: loans.amount, state: loans.state, createdAt: loans.createdAt })
      .from(loans)
      .where(eq(loans.userId, userId))
      .orderBy(desc(loans.createdAt))
      .limit(SUBJECTS_SHOWN);
  }

  paymentsOf(db: DbOrTx, userId: string) {
    return db
      .select({ id: payments.id, loanId: payments.loanId, amount: payments.amount, paidAt: payments.paidAt })
      .from(payments)
      .where(eq(payments.userId, userId))
      .orderBy(desc(payments.paidAt))
      .limit(SUBJECTS_SHOWN);
  }
}

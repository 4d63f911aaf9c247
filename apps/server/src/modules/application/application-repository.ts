import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, gte } from 'drizzle-orm';
import type { Rupiah } from '@kaskita/domain/money/rupiah';
import type { DbOrTx } from '../../db/client.ts';
import type { DataCipher } from '../../security/data-cipher.ts';
import { creditApplications, feedback, sealLocation, type SubmitLocation } from './application-schema.ts';

export type ApplicationRow = typeof creditApplications.$inferSelect;
export type NewApplication = Omit<
  typeof creditApplications.$inferInsert,
  'id' | 'state' | 'reasons' | 'locationEnc'
> & { location: SubmitLocation };

/** The decision as written once: state, limit or reapply date, reasons and the whole explanation. */
export interface DecisionRecord {
  state: 'approved' | 'rejected';
  decidedAt: Date;
  decidedBy: string;
  limitAmount: Rupiah | null;
  reapplyDate: string | null;
  reasons: string[];
  decision: unknown;
}

/** The only SQL on credit_applications and feedback. */
export class ApplicationRepository {
  constructor(private readonly cipher: DataCipher) {}

  async latest(db: DbOrTx, userId: string): Promise<ApplicationRow | undefined> {
    const [row] = await db
      .select()
      .from(creditApplications)
      .where(eq(creditApplications.userId, userId))
      .orderBy(desc(creditApplications.submittedAt))
      .limit(1);
    return row;
  }

  async byId(db: DbOrTx, id: string): Promise<ApplicationRow | undefined> {
    const [row] = await db.select().from(creditApplications).where(eq(creditApplications.id, id)).limit(1);
    return row;
  }

  /** The location is encrypted here, as its context is the new row's id. */
  async insert(db: DbOrTx, { location, ...application }: NewApplication): Promise<ApplicationRow> {
    const id = randomUUID();
    const [row] = await db
      .insert(creditApplications)
      .values({ id, state: 'auditing', locationEnc: sealLocation(this.cipher, id, location), ...application })
      .returning();
    if (!row) throw new Error('application insert returned nothing');
    return row;
  }

  /**
   * Writes the decision of an application still auditing; answers undefined when it was decided already (a second
   * run of the job, or a reviewer first), so a decision is written exactly once.
   */
  async decide(
    db: DbOrTx,
    id: string,
    record: DecisionRecord,
    from: 'auditing' | 'review' = 'auditing',
  ): Promise<ApplicationRow | undefined> {
    const [row] = await db
      .update(creditApplications)
      .set(record)
      .where(and(eq(creditApplications.id, id), eq(creditApplications.state, from)))
      .returning();
    return row;
  }

  /** Hands an application still auditing to a person (the review queue); undefined when it was decided already. */
  async queueForReview(
    db: DbOrTx,
    id: string,
    review: { reviewFlags: string[]; queuedAt: Date; decision: unknown },
  ): Promise<ApplicationRow | undefined> {
    const [row] = await db
      .update(creditApplications)
      .set({ state: 'review', ...review })
      .where(and(eq(creditApplications.id, id), eq(creditApplications.state, 'auditing')))
      .returning();
    return row;
  }

  /** A reviewer's change of a decided application (the back office): the record keeps every override. */
  async override(db: DbOrTx, id: string, record: DecisionRecord): Promise<ApplicationRow | undefined> {
    const [row] = await db
      .update(creditApplications)
      .set(record)
      .where(eq(creditApplications.id, id))
      .returning();
    return row;
  }

  async addFeedback(db: DbOrTx, row: Omit<typeof feedback.$inferInsert, 'id'>): Promise<void> {
    await db.insert(feedback).values({ id: randomUUID(), ...row });
  }

  async feedbackSince(db: DbOrTx, userId: string, since: Date): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(feedback)
      .where(and(eq(feedback.userId, userId), gte(feedback.createdAt, since)));
    return row?.n ?? 0;
  }
}

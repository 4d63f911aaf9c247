import { and, asc, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { creditApplications } from '../application/application-schema.ts';
import { borrowerProfiles } from '../profile/profile-schema.ts';

export type ReviewApplicationRow = typeof creditApplications.$inferSelect;

/** The review queue's reads: applications waiting for a person, oldest first (a partial index holds only those). */
export class ReviewRepository {
  async queue(
    db: DbOrTx,
    page: { offset: number; limit: number },
  ): Promise<{ total: number; rows: ReviewApplicationRow[] }> {
    const inReview = eq(creditApplications.state, 'review');
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(creditApplications)
        .where(inReview)
        .orderBy(asc(creditApplications.queuedAt), asc(creditApplications.id))
        .offset(page.offset)
        .limit(page.limit),
      db.select({ n: count() }).from(creditApplications).where(inReview),
    ]);
    return { total: total?.n ?? 0, rows };
  }

  async application(db: DbOrTx, id: string): Promise<ReviewApplicationRow | undefined> {
    const [row] = await db.select().from(creditApplications).where(eq(creditApplications.id, id)).limit(1);
    return row;
  }

  /** The application still in review, locked for the reviewer's decision (the job or another reviewer wait). */
  async inReviewForUpdate(db: DbOrTx, id: string): Promise<ReviewApplicationRow | undefined> {
    const [row] = await db
      .select()
      .from(creditApplications)
      .where(and(eq(creditApplications.id, id), eq(creditApplications.state, 'review')))
      .for('update')
      .limit(1);
    return row;
  }

  async profile(db: DbOrTx, userId: string) {
    const [row] = await db
      .select()
      .from(borrowerProfiles)
      .where(eq(borrowerProfiles.userId, userId))
      .limit(1);
    return row;
  }
}

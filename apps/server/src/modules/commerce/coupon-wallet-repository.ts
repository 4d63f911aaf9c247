import { and, desc, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { borrowerCoupons, type BorrowerCouponRow } from './commerce-schema.ts';

/** The SQL of the coupon wallet (borrower_coupons). */
export class CouponWalletRepository {
  /** Inserts the coupon unless one of the same source and reference exists; returns it when this call made it. */
  async insertOnce(db: DbOrTx, row: BorrowerCouponRow): Promise<BorrowerCouponRow | undefined> {
    const [inserted] = await db.insert(borrowerCoupons).values(row).onConflictDoNothing().returning();
    return inserted;
  }

  /** The borrower's coupon by id (another borrower's is not found), locked for the caller's transaction on request. */
  async ofUser(db: DbOrTx, userId: string, id: string, lock = false): Promise<BorrowerCouponRow | undefined> {
    const query = db
      .select()
      .from(borrowerCoupons)
      .where(and(eq(borrowerCoupons.id, id), eq(borrowerCoupons.userId, userId)))
      .limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  /** The borrower's coupons still to use at `now`. */
  available(db: DbOrTx, userId: string, now: Date): Promise<BorrowerCouponRow[]> {
    return db
      .select()
      .from(borrowerCoupons)
      .where(
        and(
          eq(borrowerCoupons.userId, userId),
          eq(borrowerCoupons.state, 'available'),
          gt(borrowerCoupons.expiresAt, now),
        ),
      )
      .orderBy(borrowerCoupons.expiresAt);
  }

  /** Every coupon of the borrower from one source, newest first. */
  bySource(db: DbOrTx, userId: string, source?: string): Promise<BorrowerCouponRow[]> {
    return db
      .select()
      .from(borrowerCoupons)
      .where(
        source === undefined
          ? eq(borrowerCoupons.userId, userId)
          : and(eq(borrowerCoupons.userId, userId), eq(borrowerCoupons.source, source)),
      )
      .orderBy(desc(borrowerCoupons.createdAt));
  }

  /** Marks an available coupon used; undefined when it was not available (used meanwhile). */
  async markUsed(
    db: DbOrTx,
    id: string,
    userId: string,
    usedAt: Date,
    loanId: string,
  ): Promise<BorrowerCouponRow | undefined> {
    const [row] = await db
      .update(borrowerCoupons)
      .set({ state: 'used', usedAt, usedLoanId: loanId })
      .where(
        and(
          eq(borrowerCoupons.id, id),
          eq(borrowerCoupons.userId, userId),
          eq(borrowerCoupons.state, 'available'),
        ),
      )
      .returning();
    return row;
  }
}

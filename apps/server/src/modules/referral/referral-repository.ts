import { and, count, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { referralCodes, referrals, type ReferralRow } from './referral-schema.ts';

type CodeRow = typeof referralCodes.$inferSelect;

/** The SQL of referral codes and referrals. */
export class ReferralRepository {
  async codeOf(db: DbOrTx, userId: string): Promise<CodeRow | undefined> {
    const [row] = await db.select().from(referralCodes).where(eq(referralCodes.userId, userId)).limit(1);
    return row;
  }

  async byCode(db: DbOrTx, code: string): Promise<CodeRow | undefined> {
    const [row] = await db.select().from(referralCodes).where(eq(referralCodes.code, code)).limit(1);
    return row;
  }

  /** Inserts the code unless the borrower has one or the code is taken; returns it when this call made it. */
  async insertCode(db: DbOrTx, row: CodeRow): Promise<CodeRow | undefined> {
    const [inserted] = await db.insert(referralCodes).values(row).onConflictDoNothing().returning();
    return inserted;
  }

  async setLocale(db: DbOrTx, userId: string, locale: string): Promise<void> {
    await db.update(referralCodes).set({ locale }).where(eq(referralCodes.userId, userId));
  }

  /** Records the friend's sign-up through a code, once (a friend has one referrer). */
  async insertReferral(db: DbOrTx, row: ReferralRow): Promise<void> {
    await db.insert(referrals).values(row).onConflictDoNothing();
  }

  /** The friend's referral, locked for the caller's transaction on request. */
  async ofFriend(db: DbOrTx, friendUserId: string, lock = false): Promise<ReferralRow | undefined> {
    const query = db.select().from(referrals).where(eq(referrals.friendUserId, friendUserId)).limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  /** The friend's referral still waiting for its first disbursement. */
  async pendingOfFriend(db: DbOrTx, friendUserId: string): Promise<ReferralRow | undefined> {
    const [row] = await db
      .select()
      .from(referrals)
      .where(and(eq(referrals.friendUserId, friendUserId), isNull(referrals.outcome)))
      .limit(1);
    return row;
  }

  async friendsOf(db: DbOrTx, referrerUserId: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(referrals)
      .where(eq(referrals.referrerUserId, referrerUserId));
    return row?.n ?? 0;
  }

  async settle(
    db: DbOrTx,
    friendUserId: string,
    outcome: { outcome: string; rewardedAt: Date; couponId: string | null },
  ): Promise<void> {
    await db
      .update(referrals)
      .set(outcome)
      .where(and(eq(referrals.friendUserId, friendUserId), isNull(referrals.outcome)));
  }
}

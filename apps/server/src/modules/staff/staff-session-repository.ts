import { and, eq, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { staff, staffSessions } from './staff-schema.ts';

/** A live-looking session with what the guard needs of its staff member (expiry is the service's to judge). */
export interface StaffSessionView {
  id: string;
  staffId: string;
  role: (typeof staff.$inferSelect)['role'];
  passwordIsOneTime: boolean;
  secondFactorAt: Date | null;
  lastSeenAt: Date;
  expiresAt: Date;
}

/** SQL of staff sessions. Every method takes the db or a transaction. */
export class StaffSessionRepository {
  async insert(db: DbOrTx, row: typeof staffSessions.$inferInsert): Promise<void> {
    await db.insert(staffSessions).values(row);
  }

  /** The session of a token hash, unless revoked or its member disabled. */
  async findActive(db: DbOrTx, tokenHash: string): Promise<StaffSessionView | undefined> {
    const [row] = await db
      .select({
        id: staffSessions.id,
        staffId: staffSessions.staffId,
        role: staff.role,
        passwordIsOneTime: staff.passwordIsOneTime,
        secondFactorAt: staffSessions.secondFactorAt,
        lastSeenAt: staffSessions.lastSeenAt,
        expiresAt: staffSessions.expiresAt,
      })
      .from(staffSessions)
      .innerJoin(staff, eq(staff.id, staffSessions.staffId))
      .where(
        and(
          eq(staffSessions.tokenHash, tokenHash),
          isNull(staffSessions.revokedAt),
          isNull(staff.disabledAt),
        ),
      )
      .limit(1);
    return row;
  }

  async touch(db: DbOrTx, id: string, now: Date): Promise<void> {
    await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.id, id));
  }

  async markSecondFactor(db: DbOrTx, id: string, now: Date): Promise<void> {
    await db
      .update(staffSessions)
      .set({ secondFactorAt: now, lastSeenAt: now })
      .where(eq(staffSessions.id, id));
  }

  async revoke(db: DbOrTx, id: string, now: Date): Promise<void> {
    await db
      .update(staffSessions)
      .set({ revokedAt: now })
      .where(and(eq(staffSessions.id, id), isNull(staffSessions.revokedAt)));
  }

  /** Revokes every live session of a member, but one (the caller's, when it stays). */
  async revokeAllOf(db: DbOrTx, staffId: string, now: Date, exceptId?: string): Promise<void> {
    await db
      .update(staffSessions)
      .set({ revokedAt: now })
      .where(
        and(
          eq(staffSessions.staffId, staffId),
          isNull(staffSessions.revokedAt),
          exceptId ? ne(staffSessions.id, exceptId) : undefined,
        ),
      );
  }
}

import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { sessions } from './auth-schema.ts';

export type SessionRow = typeof sessions.$inferSelect;

/** SQL of sessions (token pairs and their families). Every method takes the db or a transaction. */
export class SessionRepository {
  async insert(db: DbOrTx, row: typeof sessions.$inferInsert): Promise<void> {
    await db.insert(sessions).values(row);
  }

  /** A session by its access token's hash, as a prepared statement: the hot path of every signed-in request. */
  prepareFindByAccessHash(db: Db): (accessHash: string) => Promise<SessionRow | undefined> {
    const statement = db
      .select()
      .from(sessions)
      .where(eq(sessions.accessHash, sql.placeholder('accessHash')))
      .limit(1)
      .prepare('session_by_access_hash');
    return async (accessHash) => (await statement.execute({ accessHash }))[0];
  }

  /** Locks the row so two refreshes of one token cannot both rotate it. */
  async findByRefreshHashForUpdate(db: DbOrTx, refreshHash: string): Promise<SessionRow | undefined> {
    const [row] = await db
      .select()
      .from(sessions)
      .where(eq(sessions.refreshHash, refreshHash))
      .limit(1)
      .for('update');
    return row;
  }

  async findByAccessHash(db: DbOrTx, accessHash: string): Promise<SessionRow | undefined> {
    const [row] = await db.select().from(sessions).where(eq(sessions.accessHash, accessHash)).limit(1);
    return row;
  }

  async markRotated(db: DbOrTx, sessionId: string, now: Date, clientHash: string): Promise<void> {
    await db
      .update(sessions)
      .set({ rotatedAt: now, rotatedBy: clientHash })
      .where(eq(sessions.id, sessionId));
  }

  async revokeFamily(db: DbOrTx, familyId: string, now: Date): Promise<void> {
    await db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.familyId, familyId), isNull(sessions.revokedAt)));
  }

  /** Revokes every session of a user, except one family (the caller's own, when it stays signed in). */
  async revokeUserSessions(db: DbOrTx, userId: string, now: Date, exceptFamilyId?: string): Promise<void> {
    const scope = exceptFamilyId
      ? and(eq(sessions.userId, userId), ne(sessions.familyId, exceptFamilyId), isNull(sessions.revokedAt))
      : and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
    await db.update(sessions).set({ revokedAt: now }).where(scope);
  }
}

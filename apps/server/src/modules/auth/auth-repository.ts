import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, gt, gte, isNull, max, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { captchas, sessions, smsCodes, users } from '../../db/schema.ts';

export type CodePurpose = 'login' | 'reset';
export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type SmsCodeRow = typeof smsCodes.$inferSelect;

/** SQL of the sign-in flow: users by phone, sessions, SMS codes and captchas. Every method takes the db or a transaction. */
export class AuthRepository {
  // ---- users

  async findUserByPhone(db: DbOrTx, phone: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.phone, phone)).limit(1);
    return row;
  }

  /** Inserts the user unless the phone exists (a concurrent first login); returns whether this call created it. */
  async findOrCreateUser(db: DbOrTx, phone: string, now: Date): Promise<{ user: UserRow; created: boolean }> {
    const inserted = await db
      .insert(users)
      .values({ id: randomUUID(), phone, createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: users.phone })
      .returning();
    if (inserted[0]) return { user: inserted[0], created: true };
    const existing = await this.findUserByPhone(db, phone);
    if (!existing) throw new Error('user vanished between insert and select');
    return { user: existing, created: false };
  }

  async setPassword(db: DbOrTx, userId: string, passwordHash: string, now: Date): Promise<void> {
    await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
  }

  // ---- sessions

  async insertSession(db: DbOrTx, row: typeof sessions.$inferInsert): Promise<void> {
    await db.insert(sessions).values(row);
  }

  /** A session by its access token's hash, as a prepared statement: the hot path of every signed-in request. */
  prepareFindSessionByAccessHash(db: Db): (accessHash: string) => Promise<SessionRow | undefined> {
    const statement = db
      .select()
      .from(sessions)
      .where(eq(sessions.accessHash, sql.placeholder('accessHash')))
      .limit(1)
      .prepare('session_by_access_hash');
    return async (accessHash) => (await statement.execute({ accessHash }))[0];
  }

  /** Locks the row so two refreshes of one token cannot both rotate it. */
  async findSessionByRefreshHashForUpdate(db: DbOrTx, refreshHash: string): Promise<SessionRow | undefined> {
    const [row] = await db
      .select()
      .from(sessions)
      .where(eq(sessions.refreshHash, refreshHash))
      .limit(1)
      .for('update');
    return row;
  }

  async markRotated(db: DbOrTx, sessionId: string, now: Date): Promise<void> {
    await db.update(sessions).set({ rotatedAt: now }).where(eq(sessions.id, sessionId));
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

  // ---- SMS codes

  /**
   * Serialises code requests of one phone until the transaction ends, so two concurrent requests cannot both pass the
   * cooldown. Works on PostgreSQL and PGlite alike.
   */
  async lockPhone(db: DbOrTx, phone: string): Promise<void> {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${'sms:' + phone}))`);
  }

  /** A phone's codes since two instants, and when its newest code was issued: one query for the sending rules. */
  async phoneCodeStats(
    db: DbOrTx,
    phone: string,
    { dayStart, hourAgo }: { dayStart: Date; hourAgo: Date },
  ): Promise<{ sinceDayStart: number; sinceHourAgo: number; latestAt: Date | null }> {
    const [row] = await db
      .select({
        sinceDayStart:
          sql<number>`count(*) filter (where ${smsCodes.createdAt} >= ${dayStart.toISOString()}::timestamptz)`.mapWith(
            Number,
          ),
        sinceHourAgo:
          sql<number>`count(*) filter (where ${smsCodes.createdAt} >= ${hourAgo.toISOString()}::timestamptz)`.mapWith(
            Number,
          ),
        latestAt: max(smsCodes.createdAt),
      })
      .from(smsCodes)
      .where(eq(smsCodes.phone, phone));
    return {
      sinceDayStart: row?.sinceDayStart ?? 0,
      sinceHourAgo: row?.sinceHourAgo ?? 0,
      latestAt: row?.latestAt ?? null,
    };
  }

  async countCodesForIpSince(db: DbOrTx, ip: string, since: Date): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(smsCodes)
      .where(and(eq(smsCodes.ip, ip), gte(smsCodes.createdAt, since)));
    return Number(row?.n ?? 0);
  }

  /** Issues a code and retires the older live codes of the same phone and purpose; answers the new code's id. */
  async insertCode(db: DbOrTx, row: Omit<typeof smsCodes.$inferInsert, 'id'>): Promise<string> {
    await db
      .update(smsCodes)
      .set({ supersededAt: row.createdAt })
      .where(
        and(
          eq(smsCodes.phone, row.phone),
          eq(smsCodes.purpose, row.purpose),
          isNull(smsCodes.supersededAt),
          isNull(smsCodes.consumedAt),
        ),
      );
    const id = randomUUID();
    await db.insert(smsCodes).values({ id, ...row });
    return id;
  }

  /** The live code of a phone and purpose (not superseded, not consumed), locked for the check. */
  async liveCodeForUpdate(db: DbOrTx, phone: string, purpose: CodePurpose): Promise<SmsCodeRow | undefined> {
    const [row] = await db
      .select()
      .from(smsCodes)
      .where(
        and(
          eq(smsCodes.phone, phone),
          eq(smsCodes.purpose, purpose),
          isNull(smsCodes.supersededAt),
          isNull(smsCodes.consumedAt),
        ),
      )
      .orderBy(desc(smsCodes.createdAt))
      .limit(1)
      .for('update');
    return row;
  }

  async addWrongTry(db: DbOrTx, codeId: string): Promise<void> {
    await db
      .update(smsCodes)
      .set({ tries: sql`${smsCodes.tries} + 1` })
      .where(eq(smsCodes.id, codeId));
  }

  async consumeCode(db: DbOrTx, codeId: string, now: Date): Promise<void> {
    await db.update(smsCodes).set({ consumedAt: now }).where(eq(smsCodes.id, codeId));
  }

  // ---- captchas

  async insertCaptcha(db: DbOrTx, row: typeof captchas.$inferInsert): Promise<void> {
    await db.insert(captchas).values(row);
  }

  /** Marks a live captcha used and returns its answer hash; undefined when unknown, used or expired. Single use. */
  async burnCaptcha(db: DbOrTx, id: string, now: Date): Promise<string | undefined> {
    const [row] = await db
      .update(captchas)
      .set({ usedAt: now })
      .where(and(eq(captchas.id, id), isNull(captchas.usedAt), gt(captchas.expiresAt, now)))
      .returning({ answerHash: captchas.answerHash });
    return row?.answerHash;
  }

  async captchaDevAnswer(db: DbOrTx, id: string): Promise<string | null | undefined> {
    const [row] = await db
      .select({ devAnswer: captchas.devAnswer })
      .from(captchas)
      .where(eq(captchas.id, id))
      .limit(1);
    return row ? row.devAnswer : undefined;
  }
}

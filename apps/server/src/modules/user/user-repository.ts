import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from './user-schema.ts';
import { AppError } from '../../http/app-error.ts';

export type UserRow = typeof users.$inferSelect;

/** Reads of the signed-in borrower's row, shared by every module that serves a session. */
export class UserRepository {
  /** The user behind a session. A session whose user is gone is a lost session (4047), not a server error. */
  async signedIn(db: DbOrTx, userId: string): Promise<UserRow> {
    const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!row) throw new AppError('SESSION_LOST');
    return row;
  }
}

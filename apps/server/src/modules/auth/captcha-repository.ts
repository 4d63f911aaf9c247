import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { captchas } from './auth-schema.ts';

/** SQL of image captchas. Every method takes the db or a transaction. */
export class CaptchaRepository {
  async insert(db: DbOrTx, row: typeof captchas.$inferInsert): Promise<void> {
    await db.insert(captchas).values(row);
  }

  /** Marks a live captcha used and returns its answer hash; undefined when unknown, used or expired. Single use. */
  async burn(db: DbOrTx, id: string, now: Date): Promise<string | undefined> {
    const [row] = await db
      .update(captchas)
      .set({ usedAt: now })
      .where(and(eq(captchas.id, id), isNull(captchas.usedAt), gt(captchas.expiresAt, now)))
      .returning({ answerHash: captchas.answerHash });
    return row?.answerHash;
  }

  async devAnswer(db: DbOrTx, id: string): Promise<string | null | undefined> {
    const [row] = await db
      .select({ devAnswer: captchas.devAnswer })
      .from(captchas)
      .where(eq(captchas.id, id))
      .limit(1);
    return row ? row.devAnswer : undefined;
  }
}

import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, gte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { borrowerVerifications, faceChecks } from './verification-schema.ts';

export type VerificationRow = typeof borrowerVerifications.$inferSelect;
export type FaceCheckRow = typeof faceChecks.$inferSelect;

/** The only SQL on borrower_verifications and face_checks. */
export class VerificationRepository {
  async find(db: DbOrTx, userId: string): Promise<VerificationRow | undefined> {
    const [row] = await db
      .select()
      .from(borrowerVerifications)
      .where(eq(borrowerVerifications.userId, userId))
      .limit(1);
    return row;
  }

  /** The borrower's row, created if missing, locked until the transaction ends (face checks count under it). */
  async lock(tx: DbOrTx, userId: string, now: Date): Promise<VerificationRow> {
    await tx.insert(borrowerVerifications).values({ userId, updatedAt: now }).onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(borrowerVerifications)
      .where(eq(borrowerVerifications.userId, userId))
      .for('update');
    if (!row) throw new Error('verification row vanished');
    return row;
  }

  /** `sealedPhone`: the number as whatsapp-phone-schema.ts seals it. */
  async setWhatsapp(db: DbOrTx, userId: string, sealedPhone: string, now: Date): Promise<void> {
    await db
      .insert(borrowerVerifications)
      .values({ userId, whatsappPhoneEnc: sealedPhone, whatsappVerifiedAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: borrowerVerifications.userId,
        set: { whatsappPhoneEnc: sealedPhone, whatsappVerifiedAt: now, updatedAt: now },
      });
  }

  async setReminderChannel(db: DbOrTx, userId: string, channel: string, now: Date): Promise<void> {
    await db
      .update(borrowerVerifications)
      .set({ reminderChannel: channel, updatedAt: now })
      .where(eq(borrowerVerifications.userId, userId));
  }

  async setFace(
    db: DbOrTx,
    userId: string,
    face: Pick<VerificationRow, 'faceStatus' | 'faceReason'> &
      Partial<Pick<VerificationRow, 'selfieKey' | 'facePassedAt' | 'faceLiveness'>>,
    now: Date,
  ): Promise<void> {
    await db
      .update(borrowerVerifications)
      .set({ ...face, updatedAt: now })
      .where(eq(borrowerVerifications.userId, userId));
  }

  /** Checks counted since an instant (a pending one included: it holds its place while the engine runs). */
  async faceChecksSince(db: DbOrTx, userId: string, since: Date): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(faceChecks)
      .where(and(eq(faceChecks.userId, userId), gte(faceChecks.createdAt, since)));
    return row?.n ?? 0;
  }

  async addFaceCheck(db: DbOrTx, row: Omit<typeof faceChecks.$inferInsert, 'id'>): Promise<string> {
    const id = randomUUID();
    await db.insert(faceChecks).values({ id, ...row });
    return id;
  }

  async finishFaceCheck(
    db: DbOrTx,
    id: string,
    outcome: Pick<FaceCheckRow, 'result' | 'reason' | 'distance'>,
  ): Promise<void> {
    await db.update(faceChecks).set(outcome).where(eq(faceChecks.id, id));
  }

  /** The distance measured by the borrower's latest passed face check; null when none passed or none was measured. */
  async passedFaceDistance(db: DbOrTx, userId: string): Promise<number | null> {
    const [row] = await db
      .select({ distance: faceChecks.distance })
      .from(faceChecks)
      .where(and(eq(faceChecks.userId, userId), eq(faceChecks.result, 'pass')))
      .orderBy(desc(faceChecks.createdAt))
      .limit(1);
    return row?.distance ?? null;
  }

  /** Gives back a reserved try the engine could not run (busy, time-out): it is not the borrower's. */
  async dropPendingFaceCheck(db: DbOrTx, id: string): Promise<void> {
    await db.delete(faceChecks).where(and(eq(faceChecks.id, id), eq(faceChecks.result, 'pending')));
  }
}

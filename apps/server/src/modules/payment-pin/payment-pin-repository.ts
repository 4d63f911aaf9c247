import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { payPins, type PayPinRow } from './payment-pin-schema.ts';

export class PaymentPinRepository {
  async pin(db: DbOrTx, userId: string, lock = false): Promise<PayPinRow | undefined> {
    const query = db.select().from(payPins).where(eq(payPins.userId, userId));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  async setPin(db: DbOrTx, userId: string, pinHash: string, now: Date): Promise<void> {
    await db
      .insert(payPins)
      .values({ userId, pinHash, failedTries: 0, lockedUntil: null, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: payPins.userId,
        set: { pinHash, failedTries: 0, lockedUntil: null, updatedAt: now },
      });
  }

  async setPinTries(
    db: DbOrTx,
    userId: string,
    failedTries: number,
    lockedUntil: Date | null,
    now: Date,
  ): Promise<void> {
    await db
      .update(payPins)
      .set({ failedTries, lockedUntil, updatedAt: now })
      .where(eq(payPins.userId, userId));
  }
}

import { randomUUID } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import type { DataProtection } from '../security/data-protection.ts';
import { phoneLookupHash } from '../security/phone-lookup.ts';
import { sealRecipient } from './outbox-recipient.ts';
import { messageOutbox } from './outbox-schema.ts';

export type OutboxRow = typeof messageOutbox.$inferSelect;
export type OutboxChannel = 'sms' | 'whatsapp';
export type OutboxStatus = 'pending' | 'sent' | 'failed' | 'withheld';

/** SQL of the message outbox. Every method takes the db or a transaction; the recipient is sealed here. */
export class OutboxRepository {
  constructor(private readonly protection: Pick<DataProtection, 'cipher' | 'lookup'>) {}

  /** Inserts a message unless its idempotency key exists; answers the id of the row holding that key. */
  async insert(
    db: DbOrTx,
    row: {
      channel: OutboxChannel;
      recipient: string;
      body: string | null;
      status: Extract<OutboxStatus, 'pending' | 'withheld'>;
      idempotencyKey: string;
      now: Date;
    },
  ): Promise<string> {
    const { now, recipient, ...values } = row;
    const id = randomUUID();
    const [inserted] = await db
      .insert(messageOutbox)
      .values({
        id,
        ...values,
        recipientEnc: sealRecipient(this.protection.cipher, id, recipient),
        recipientHash: phoneLookupHash(this.protection.lookup, recipient),
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: messageOutbox.idempotencyKey })
      .returning({ id: messageOutbox.id });
    if (inserted) return inserted.id;
    const [existing] = await db
      .select({ id: messageOutbox.id })
      .from(messageOutbox)
      .where(eq(messageOutbox.idempotencyKey, row.idempotencyKey));
    if (!existing) throw new Error('outbox row vanished between insert and select');
    return existing.id;
  }

  /** Counts an attempt on a pending message and answers it; undefined when it is no longer pending. */
  async claim(db: DbOrTx, id: string, now: Date): Promise<OutboxRow | undefined> {
    const [row] = await db
      .update(messageOutbox)
      .set({ attempts: sql`${messageOutbox.attempts} + 1`, updatedAt: now })
      .where(and(eq(messageOutbox.id, id), eq(messageOutbox.status, 'pending')))
      .returning();
    return row;
  }

  /** Sent: the body (and any code in it) is dropped. */
  async markSent(db: DbOrTx, id: string, now: Date): Promise<void> {
    await db
      .update(messageOutbox)
      .set({ status: 'sent', body: null, lastError: null, sentAt: now, updatedAt: now })
      .where(eq(messageOutbox.id, id));
  }

  /** Records a failed attempt; a final one gives the message up and drops its body. */
  async recordFailure(db: DbOrTx, id: string, error: string, final: boolean, now: Date): Promise<void> {
    await db
      .update(messageOutbox)
      .set({ lastError: error, updatedAt: now, ...(final ? { status: 'failed', body: null } : {}) })
      .where(and(eq(messageOutbox.id, id), eq(messageOutbox.status, 'pending')));
  }

  /** Gives up messages still pending since before `cutoff`; answers how many. */
  async failPendingBefore(db: DbOrTx, cutoff: Date, reason: string, now: Date): Promise<number> {
    const rows = await db
      .update(messageOutbox)
      .set({ status: 'failed', body: null, lastError: reason, updatedAt: now })
      .where(and(eq(messageOutbox.status, 'pending'), lt(messageOutbox.createdAt, cutoff)))
      .returning({ id: messageOutbox.id });
    return rows.length;
  }

  async find(db: DbOrTx, id: string): Promise<OutboxRow | undefined> {
    const [row] = await db.select().from(messageOutbox).where(eq(messageOutbox.id, id));
    return row;
  }
}

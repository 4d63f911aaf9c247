import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { callbackInbox } from './callback-inbox-schema.ts';
import type { CallbackOutcome } from './callback-endpoint.ts';

export type InboxRow = typeof callbackInbox.$inferSelect;

export class CallbackInboxRepository {
  /**
   * Inserts the row unless (provider, event id) exists, and says whether this call inserted it. ON CONFLICT DO
   * NOTHING rather than "select, then insert": on PostgreSQL a concurrent copy waits on the unique index until the
   * first transaction ends, then sees the row (or inserts it, if the first rolled back). Exactly one copy proceeds.
   */
  async claim(tx: DbOrTx, row: InboxRow): Promise<boolean> {
    const inserted = await tx
      .insert(callbackInbox)
      .values(row)
      .onConflictDoNothing({ target: [callbackInbox.provider, callbackInbox.eventId] })
      .returning({ eventId: callbackInbox.eventId });
    return inserted.length === 1;
  }

  async find(tx: DbOrTx, provider: string, eventId: string): Promise<InboxRow | undefined> {
    const [row] = await tx
      .select()
      .from(callbackInbox)
      .where(and(eq(callbackInbox.provider, provider), eq(callbackInbox.eventId, eventId)));
    return row;
  }

  async finish(
    tx: DbOrTx,
    provider: string,
    eventId: string,
    outcome: CallbackOutcome,
    processedAt: Date,
  ): Promise<void> {
    await tx
      .update(callbackInbox)
      .set({ outcome, processedAt })
      .where(and(eq(callbackInbox.provider, provider), eq(callbackInbox.eventId, eventId)));
  }
}

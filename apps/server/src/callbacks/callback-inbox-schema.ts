import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The inbox of verified provider callbacks: one row per (provider, event id), written in the same transaction as the
 * business change it caused, so a replay finds the row and changes nothing (architecture rule 12). Only a hash of
 * the body is kept: callbacks carry personal data (names, bank accounts, phones) that the business tables already
 * hold where needed, and the hash is enough to tell a true replay from a different body under a reused event id.
 */
export const callbackInbox = pgTable(
  'callback_inbox',
  {
    /** Our name of the provider: its endpoint's `provider` (callback-endpoint.ts), e.g. 'xendit'. */
    provider: text('provider').notNull(),
    /** The provider's id of the event: unique per provider, the key a retry repeats. */
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    /** SHA-256 (hex) of the raw body as received. */
    bodyHash: text('body_hash').notNull(),
    /** When the provider says the event happened, if it says. */
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** 'applied' (state changed) or 'ignored' (verified but nothing to change, e.g. an out-of-order status). */
    outcome: text('outcome').notNull(),
  },
  (t) => [
    primaryKey({ name: 'callback_inbox_pk', columns: [t.provider, t.eventId] }),
    // For a later retention sweep: rows older than every provider's retry horizon can go.
    index('callback_inbox_received_idx').on(t.receivedAt),
  ],
);

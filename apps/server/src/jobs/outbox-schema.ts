import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.ts';

// pg-boss keeps its own tables in schema `pgboss`, created by pg-boss.

/**
 * Transactional outbox: every message to a person (SMS, WhatsApp, later merchant webhooks) is written here in the
 * transaction of the business change that causes it, and a job delivers it after commit. `body` holds the text (with
 * any code in it) only until the message is sent or given up; `withheld` rows stand for messages deliberately not sent
 * (a reset code for an unknown phone), so such requests do the same work as real ones.
 */
export const messageOutbox = pgTable(
  'message_outbox',
  {
    id: text('id').primaryKey(),
    /** 'sms' | 'whatsapp'. */
    channel: text('channel').notNull(),
    /**
     * The normalised phone (62...) for sms and whatsapp, encrypted to the row (outbox-recipient.ts), and its keyed hash
     * (security/phone-lookup.ts) for "the messages sent to this number". Both null once erased (retention-eraser.ts).
     */
    recipientEnc: text('recipient_enc'),
    recipientHash: text('recipient_hash'),
    body: text('body'),
    /** 'pending' | 'sent' | 'failed' | 'withheld'. */
    status: text('status').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** The gateway's last error (no message text). */
    lastError: text('last_error'),
    /** Makes a repeated write of the same message a no-op (e.g. `sms-code:<code id>`); also sent to the gateway. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('message_outbox_status_idx').on(t.status, t.createdAt),
    index('message_outbox_recipient_idx').on(t.recipientHash, t.createdAt),
  ],
);

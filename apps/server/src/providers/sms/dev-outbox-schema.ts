import { index, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';

/** Messages the dev SMS provider "sent" (never used in production). */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: serial('id').primaryKey(),
    channel: text('channel').notNull(),
    toPhone: text('to_phone').notNull(),
    text: text('text').notNull(),
    code: text('code'),
    createdAt: createdAt(),
  },
  (t) => [index('sms_outbox_to_idx').on(t.toPhone, t.id)],
);

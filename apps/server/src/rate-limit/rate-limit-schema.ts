import { index, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.ts';

/** Sliding-window rate-limit log: one row per counted event. In the database so limits survive restarts. */
export const rateEvents = pgTable(
  'rate_events',
  {
    id: serial('id').primaryKey(),
    bucket: text('bucket').notNull(),
    /** The subject's keyed hash (rate-limiter.ts): a phone, an address or an e-mail is never kept here. */
    subject: text('subject').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('rate_events_lookup_idx').on(t.bucket, t.subject, t.createdAt)],
);

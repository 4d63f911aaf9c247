import { sql } from 'drizzle-orm';
import { date, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt } from '../../db/columns.ts';
import { staff } from '../staff/staff-schema.ts';
import { users } from '../user/user-schema.ts';

/**
 * A borrower's request to correct a field of the KTP identity locked after submit (Me > My data), decided by staff.
 * The value asked for and the reason are the borrower's words about their identity: encrypted like the NIK, bound to
 * the row (security/encrypted-columns.ts). One open request per field (unique partial index).
 */
export const correctionRequests = pgTable(
  'correction_requests',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    /** legal/personal-data-rights.ts CORRECTABLE_FIELDS. */
    field: text('field').notNull(),
    proposedEnc: text('proposed_enc').notNull(),
    reasonEnc: text('reason_enc').notNull(),
    /** 'open' | 'approved' | 'refused'. */
    status: text('status').notNull(),
    /** The staff member's reason, shown to the borrower. */
    answer: text('answer'),
    decidedBy: text('decided_by').references(() => staff.id),
    decidedAt: at('decided_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('correction_requests_user').on(t.userId, t.createdAt),
    index('correction_requests_status').on(t.status, t.createdAt),
    uniqueIndex('correction_requests_one_open')
      .on(t.userId, t.field)
      .where(sql`${t.status} = 'open'`),
  ],
);

/**
 * A deleted account: when, what the law makes us keep of it and until when (legal/personal-data-rights.ts), and the
 * number it was registered with, encrypted (the users row holds `closed:<id>` so the number may register again). The
 * daily retention job destroys what was kept from `retain_until` on and sets `purged_at`.
 */
export const accountClosures = pgTable(
  'account_closures',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id),
    closedAt: at('closed_at').notNull(),
    /** 'none' | 'application' | 'relationship'. */
    retention: text('retention').notNull(),
    /** The Jakarta date from which what was kept is destroyed; null when nothing was kept. */
    retainUntil: date('retain_until', { mode: 'string' }),
    /** Null once destroyed. */
    phoneEnc: text('phone_enc'),
    purgedAt: at('purged_at'),
  },
  (t) => [
    index('account_closures_due')
      .on(t.retainUntil)
      .where(sql`${t.purgedAt} is null`),
  ],
);

export type CorrectionRequestRow = typeof correctionRequests.$inferSelect;
export type AccountClosureRow = typeof accountClosures.$inferSelect;

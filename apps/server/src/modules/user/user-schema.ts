import { pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';

/** A borrower. Status columns feed GET /v2/user/status (spec section 4); the loan engine will write them. */
export const users = pgTable('users', {
  id: text('id').primaryKey(),
  /** Normalised phone, 62... (validation/phone.ts). */
  phone: text('phone').notNull().unique(),
  /** scrypt$N$r$p$salt$hash, or null until the borrower sets one. */
  passwordHash: text('password_hash'),
  verify: smallint('verify').notNull().default(0),
  billStatus: smallint('bill_status').notNull().default(0),
  loanFailStatus: smallint('loan_fail_status').notNull().default(0),
  afPushStatus: smallint('af_push_status').notNull().default(0),
  afStatus: smallint('af_status').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
});

import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/** Loan products as the pricing engine defines them (JSON owned by packages/domain/src/pricing). */
export const loanProducts = pgTable('loan_products', {
  id: text('id').primaryKey(),
  data: jsonb('data').notNull(),
  active: smallint('active').notNull().default(1),
  sort: integer('sort').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .default(sql`now()`),
});

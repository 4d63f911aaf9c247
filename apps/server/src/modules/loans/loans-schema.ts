import { sql } from 'drizzle-orm';
import { date, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { at } from '../../db/columns.ts';

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

/**
 * Product versions published by the back office (issue 25): each approved proposal is a new version of a product id,
 * offered from `starts_on` through `ends_on` (inclusive; null: open). Versions of one product never overlap: approving
 * a version ends the one before it on the day before it starts. The seeded row of `loan_products` with the same id is
 * version 0, offered until the first version starts. Rows are never deleted: loans keep the product they were priced
 * with (loans.product), and the back office shows the history.
 */
export const loanProductVersions = pgTable(
  'loan_product_versions',
  {
    productId: text('product_id').notNull(),
    version: integer('version').notNull(),
    data: jsonb('data').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }),
    /** The audit row of the `product.publish` command that published it (its reason names the approval request). */
    commandId: text('command_id').notNull(),
    approvedBy: text('approved_by').notNull(),
    approvedAt: at('approved_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.version] })],
);

import { date, index, pgTable, text } from 'drizzle-orm/pg-core';
import { at, money } from '../../db/columns.ts';
import { loans } from '../loans/loan-orders-schema.ts';
import { staff } from '../staff/staff-schema.ts';

/**
 * The collection contact log: one row per call, message or visit, written by the recordContact command with its
 * audit row. Append-only like the audit log (a trigger in the migration refuses UPDATE and DELETE): what a collector
 * did cannot be rewritten afterwards.
 */
export const collectionContacts = pgTable(
  'collection_contacts',
  {
    id: text('id').primaryKey(),
    loanId: text('loan_id')
      .notNull()
      .references(() => loans.id),
    staffId: text('staff_id')
      .notNull()
      .references(() => staff.id),
    /** call | message | visit */
    channel: text('channel').notNull(),
    outcome: text('outcome').notNull(),
    note: text('note').notNull(),
    contactedAt: at('contacted_at').notNull(),
    /** The audit row of the command that wrote it. */
    commandId: text('command_id').notNull(),
  },
  (t) => [index('collection_contacts_loan').on(t.loanId, t.contactedAt)],
);

/**
 * A borrower's promise to pay `amount` by `promised_date` (Asia/Jakarta), told to a collector. Append-only too: a new
 * promise is a new row, so a broken one stays visible; whether it was kept is computed from the payments.
 */
export const paymentPromises = pgTable(
  'payment_promises',
  {
    id: text('id').primaryKey(),
    loanId: text('loan_id')
      .notNull()
      .references(() => loans.id),
    staffId: text('staff_id')
      .notNull()
      .references(() => staff.id),
    promisedDate: date('promised_date', { mode: 'string' }).notNull(),
    amount: money('amount').notNull(),
    createdAt: at('created_at').notNull(),
    commandId: text('command_id').notNull(),
  },
  (t) => [index('payment_promises_loan').on(t.loanId, t.createdAt)],
);

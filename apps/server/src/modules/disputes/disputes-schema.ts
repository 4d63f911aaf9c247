import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at } from '../../db/columns.ts';
import { loans } from '../loans/loan-orders-schema.ts';

/**
 * What holds a loan under dispute (lifecycle/dispute.ts): one row per case contesting it, a complaint that the
 * borrower never took the loan or a claim that a payment was not credited. The loan is under dispute while any row of
 * it is not released: late fees and reminders stop with the first, and start again the day after the last is
 * released. The rows stay, released, as the record of when the loan was held and why.
 */
export const loanDisputeHolds = pgTable(
  'loan_dispute_holds',
  {
    id: text('id').primaryKey(),
    loanId: text('loan_id')
      .notNull()
      .references(() => loans.id),
    /** 'complaint' | 'payment_claim': the case that holds the loan. */
    source: text('source').notNull(),
    sourceId: text('source_id').notNull(),
    openedAt: at('opened_at').notNull(),
    releasedAt: at('released_at'),
  },
  (t) => [
    uniqueIndex('loan_dispute_holds_source').on(t.source, t.sourceId),
    index('loan_dispute_holds_loan').on(t.loanId),
  ],
);

import { sql } from 'drizzle-orm';
import { date, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt, money } from '../../db/columns.ts';
import { loans } from '../loans/loan-orders-schema.ts';
import { users } from '../user/user-schema.ts';
import { payments } from './repayments-schema.ts';

/**
 * "Paid but not credited?": a borrower's report of a payment their bill does not show, a case the back office
 * answers. `status` is 'open' | 'matched' | 'credited' | 'rejected' (payments/payment-claims.ts). The proof photo is
 * in the encrypted file store under `proof_key`, never in the database.
 */
export const paymentClaims = pgTable(
  'payment_claims',
  {
    id: text('id').primaryKey(),
    /** What the borrower quotes to customer service. */
    caseNumber: text('case_number').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    /** The loan being repaid when the claim was filed, else the latest; null for a borrower who never borrowed. */
    loanId: text('loan_id').references(() => loans.id),
    channelId: text('channel_id').notNull(),
    paidAt: at('paid_at').notNull(),
    /** The Jakarta date of `paid_at`: one open claim per amount and day. */
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    amount: money('amount').notNull(),
    reference: text('reference'),
    proofKey: text('proof_key'),
    status: text('status').notNull(),
    /** The payment found for it (received for review, or applied); one claim per payment. */
    matchedPaymentId: text('matched_payment_id').references(() => payments.id),
    /** The Jakarta date by which an answer was promised. */
    answerBy: date('answer_by', { mode: 'string' }).notNull(),
    /** The back office's answer the borrower reads (why a claim was rejected); null until answered so. */
    answer: text('answer'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('payment_claims_case_number').on(t.caseNumber),
    index('payment_claims_user_time').on(t.userId, t.createdAt),
    // A second claim for the same payment while the first is open would be two cases for one complaint.
    uniqueIndex('payment_claims_one_open')
      .on(t.userId, t.amount, t.paidOn)
      .where(sql`status in ('open', 'matched')`),
    // A rejected claim lets go of its payment: another claim may still be answered by it.
    uniqueIndex('payment_claims_matched_payment')
      .on(t.matchedPaymentId)
      .where(sql`status <> 'rejected'`),
    index('payment_claims_status').on(t.status, t.createdAt),
  ],
);

export type PaymentClaimRow = typeof paymentClaims.$inferSelect;
export type NewPaymentClaim = typeof paymentClaims.$inferInsert;

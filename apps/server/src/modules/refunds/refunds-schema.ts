import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt, money } from '../../db/columns.ts';
import { bankAccounts } from '../bank-cards/bank-cards-schema.ts';
import { loans } from '../loans/loan-orders-schema.ts';
import { payments } from '../repayments/repayments-schema.ts';
import { users } from '../user/user-schema.ts';

/**
 * Money paid back to the borrower's verified default bank account: the credit a loan held when it closed (`loan_id`),
 * or a payment that could not be applied and that staff chose to return (`payment_id`, maker-checker). Exactly one of
 * the two; one refund per loan and one under way per payment (unique indexes: two racing creators cannot both pay it). Each try at the
 * provider has the external id `refund-<id>-<attempt>` (providers/README.md): a retried request of one try never pays
 * twice, a new try after a failure is a new payout, and a refund callback can never be taken for a loan's
 * disbursement. State: contract/refunds.ts `REFUND_STATES`.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: text('id').primaryKey(),
    loanId: text('loan_id').references(() => loans.id),
    paymentId: text('payment_id').references(() => payments.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    bankAccountId: text('bank_account_id')
      .notNull()
      .references(() => bankAccounts.id),
    amount: money('amount').notNull(),
    state: text('state').notNull(),
    /** The current try's number (0 before the first is sent). */
    attempt: integer('attempt').notNull().default(0),
    /** The tries the bank failed. */
    failures: integer('failures').notNull().default(0),
    provider: text('provider').notNull(),
    providerReference: text('provider_reference'),
    failureCode: text('failure_code'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull(),
    completedAt: at('completed_at'),
  },
  (t) => [
    uniqueIndex('refunds_loan').on(t.loanId),
    // A cancelled return leaves the payment in review, free to be returned anew.
    uniqueIndex('refunds_payment')
      .on(t.paymentId)
      .where(sql`state <> 'cancelled'`),
    index('refunds_user').on(t.userId),
    check('refunds_of_loan_or_payment', sql`(${t.loanId} is null) <> (${t.paymentId} is null)`),
  ],
);

export type RefundRow = typeof refunds.$inferSelect;

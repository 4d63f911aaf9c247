import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt, money } from '../../db/columns.ts';
import { bankAccounts } from '../bank-cards/bank-cards-schema.ts';
import { loans } from '../loans/loan-orders-schema.ts';
import { users } from '../user/user-schema.ts';

/**
 * A refund of the credit a loan held when it closed, paid out to the borrower's verified default bank account. One per
 * loan (a unique index: a closed loan's credit is fixed, so two racing creators cannot both pay it). Each try at the
 * provider has the external id `refund-<id>-<attempt>` (providers/README.md): a retried request of one try never pays
 * twice, a new try after a failure is a new payout, and a refund callback can never be taken for a loan's
 * disbursement. State: contract/refunds.ts `REFUND_STATES`.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: text('id').primaryKey(),
    loanId: text('loan_id')
      .notNull()
      .references(() => loans.id),
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
  (t) => [uniqueIndex('refunds_loan').on(t.loanId), index('refunds_user').on(t.userId)],
);

export type RefundRow = typeof refunds.$inferSelect;

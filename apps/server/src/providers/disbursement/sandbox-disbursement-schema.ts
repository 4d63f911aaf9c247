import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt, money } from '../../db/columns.ts';

/**
 * The sandbox bank's own book of disbursements (outside production only): what a provider such as Xendit or Flip
 * keeps on its side. `external_id` is unique, as at a real provider, so our retried request never pays twice. The
 * callback body is fixed once the outcome is, so every retry of it sends the same bytes (the inbox tells a replay by
 * its body hash). Only the account's last digits are kept.
 */
export const sandboxDisbursements = pgTable(
  'sandbox_disbursements',
  {
    reference: text('reference').primaryKey(),
    externalId: text('external_id').notNull(),
    amount: money('amount').notNull(),
    bankCode: text('bank_code').notNull(),
    accountLastDigits: text('account_last_digits').notNull(),
    /** 'PENDING' | 'COMPLETED' | 'FAILED'. */
    status: text('status').notNull(),
    /** What the test account will answer (null: COMPLETED); the dev page may choose otherwise. */
    plannedFailure: text('planned_failure'),
    failureCode: text('failure_code'),
    callbackBody: text('callback_body'),
    /** When the last callback was answered 2xx. */
    callbackAt: at('callback_at'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [uniqueIndex('sandbox_disbursements_external').on(t.externalId)],
);

export type SandboxDisbursementRow = typeof sandboxDisbursements.$inferSelect;

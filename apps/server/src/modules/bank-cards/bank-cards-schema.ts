import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt } from '../../db/columns.ts';
import { users } from '../user/user-schema.ts';

/**
 * Bank accounts a loan can be paid into, each checked with the bank (account inquiry) before it is saved. The
 * borrower's current account is the newest one not replaced.
 */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    bankCode: text('bank_code').notNull(),
    accountNumberEnc: text('account_number_enc').notNull(),
    /** Who else uses this account number (fraud review) without decrypting every row. */
    accountNumberHash: text('account_number_hash').notNull(),
    /** As the bank answered it, encrypted (bank-card-fields.ts). */
    holderNameEnc: text('holder_name_enc').notNull(),
    /** The last four digits, for masked display without decrypting. */
    lastDigits: text('last_digits').notNull(),
    verifiedAt: at('verified_at').notNull(),
    /** Removed by the borrower, or replaced by the onboarding step. */
    replacedAt: at('replaced_at'),
    /** The card loans are paid into: exactly one of the borrower's cards not removed (unique partial index). */
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('bank_accounts_user').on(t.userId),
    index('bank_accounts_number').on(t.accountNumberHash),
    uniqueIndex('bank_accounts_one_default')
      .on(t.userId)
      .where(sql`${t.isDefault} and ${t.replacedAt} is null`),
  ],
);

export type BankAccountRow = typeof bankAccounts.$inferSelect;

import { bigint, date, index, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';

/**
 * The general ledger: every money movement of a loan as a balanced double entry (lifecycle/ledger.ts builds them).
 * Entries are only ever inserted, in the transaction of the change that caused them; `npm run ledger:check` proves
 * each balances and each loan's receivables equal what its account says is owed.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: text('id').primaryKey(),
    loanId: text('loan_id').notNull(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    /** The engine's movement (disbursement, contract-charges, repayment ...). */
    movement: text('movement').notNull(),
    /** What caused it, e.g. `disbursement:<id>`. */
    source: text('source').notNull(),
    memo: text('memo'),
    createdAt: createdAt(),
  },
  (t) => [index('ledger_entries_loan').on(t.loanId, t.businessDate)],
);

export const ledgerLines = pgTable(
  'ledger_lines',
  {
    entryId: text('entry_id')
      .notNull()
      .references(() => ledgerEntries.id),
    line: smallint('line').notNull(),
    loanId: text('loan_id').notNull(),
    account: text('account').notNull(),
    /** 'debit' | 'credit'. */
    side: text('side').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.entryId, t.line] }), index('ledger_lines_loan').on(t.loanId, t.account)],
);

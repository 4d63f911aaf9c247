import { date, index, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { auditLog } from '../../commands/audit-schema.ts';
import { createdAt, money } from '../../db/columns.ts';

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
    /**
     * The command that wrote it (its audit row); null for the nightly accrual, which is not a command. The foreign key
     * is checked at commit (migration 0012), since the executor writes the audit row after the handler's entries.
     */
    commandId: text('command_id').references(() => auditLog.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_loan').on(t.loanId, t.businessDate),
    index('ledger_entries_command').on(t.commandId),
  ],
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
    amount: money('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.entryId, t.line] }), index('ledger_lines_loan').on(t.loanId, t.account)],
);

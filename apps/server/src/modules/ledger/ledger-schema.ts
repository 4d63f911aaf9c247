import { sql } from 'drizzle-orm';
import { date, index, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { auditLog } from '../../commands/audit-schema.ts';
import { createdAt, key, money } from '../../db/columns.ts';

/**
 * The general ledger: every money movement of a loan as a balanced double entry (lifecycle/ledger.ts builds them).
 * Entries are only ever inserted, in the transaction of the change that caused them (triggers refuse any update or
 * delete of either table, as audit_log's do: a correction is a new entry); `npm run ledger:check` proves
 * each balances and each loan's receivables equal what its account says is owed.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: key('id').primaryKey(),
    loanId: key('loan_id').notNull(),
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
    // Most entries are the nightly accrual's, which has no command: indexing their nulls only cost the night time.
    index('ledger_entries_command')
      .on(t.commandId)
      .where(sql`${t.commandId} is not null`),
  ],
);

export const ledgerLines = pgTable(
  'ledger_lines',
  {
    /**
     * Its entry's id. Not a foreign key: migration 0048's trigger checks every line's entry once per inserting
     * statement, where the key checked (and share-locked) the entry once per line: on the nightly book's worst night
     * those checks were ~30 ms of each batch's ~190 (6,000 lines). What the key also guarded, an entry deleted or
     * re-keyed under its lines, cannot happen: both tables are append-only (the same migration).
     */
    entryId: key('entry_id').notNull(),
    line: smallint('line').notNull(),
    loanId: text('loan_id').notNull(),
    account: text('account').notNull(),
    /** 'debit' | 'credit'. */
    side: text('side').notNull(),
    amount: money('amount').notNull(),
  },
  // No index by loan: one loan's lines are found through its entries (ledger_entries_loan, then this key), which
  // spares the nightly book one index write per line (measured in issue 24's note).
  (t) => [primaryKey({ columns: [t.entryId, t.line] })],
);

/** The condition for one loan's lines, through its entries: lines carry no index by loan (see above). */
export const linesOfLoan = (loanId: string) =>
  sql`${ledgerLines.entryId} in (select ${ledgerEntries.id} from ${ledgerEntries} where ${ledgerEntries.loanId} = ${loanId})`;

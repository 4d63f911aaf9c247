import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Account, JournalEntry } from '@kaskita/domain/lifecycle/ledger';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { ledgerEntries, ledgerLines, linesOfLoan } from './ledger-schema.ts';

/** One account's balance of one loan, debit-positive. */
export interface LoanAccountBalance {
  loanId: string;
  account: Account;
  balance: number;
}

/** Writes the engine's journal entries and reads balances back; entries are never updated or deleted. */
/** Rows per insert: 7 columns each, well under PostgreSQL's parameter limit. */
const CHUNK = 5000;

export class LedgerRepository {
  /** Appends entries in the caller's transaction (the one that changes the loan). */
  async append(
    tx: Tx,
    loanId: string,
    source: string,
    entries: readonly JournalEntry[],
    now: Date,
    commandId?: string,
  ): Promise<void> {
    await this.appendMany(tx, [{ loanId, source, entries, commandId }], now);
  }

  /**
   * Many loans' entries in a few statements (the daily accrual writes thousands): entries, then their lines, in chunks
   * that stay under PostgreSQL's 65,535 parameters.
   */
  async appendMany(
    tx: Tx,
    batches: ReadonlyArray<{
      loanId: string;
      source: string;
      entries: readonly JournalEntry[];
      commandId?: string;
    }>,
    now: Date,
  ): Promise<void> {
    const entryRows: Array<typeof ledgerEntries.$inferInsert> = [];
    const lineRows: Array<typeof ledgerLines.$inferInsert> = [];
    for (const { loanId, source, entries, commandId } of batches)
      for (const entry of entries) {
        const entryId = randomUUID();
        entryRows.push({
          id: entryId,
          loanId,
          businessDate: entry.date,
          movement: entry.movement,
          source,
          memo: entry.memo ?? null,
          commandId: commandId ?? null,
          createdAt: now,
        });
        entry.lines.forEach((line, index) =>
          lineRows.push({
            entryId,
            line: index + 1,
            loanId,
            account: line.account,
            side: line.side,
            amount: line.amount,
          }),
        );
      }
    // One JSON parameter per statement: thousands of rows bind and parse far faster than as separate parameters.
    for (let i = 0; i < entryRows.length; i += CHUNK)
      await tx.execute(sql`insert into ${ledgerEntries} (id, loan_id, business_date, movement, source, memo, command_id, created_at)
        select id, loan_id, business_date::date, movement, source, memo, command_id, ${now}
        from jsonb_to_recordset(${JSON.stringify(
          entryRows.slice(i, i + CHUNK).map((e) => ({
            id: e.id,
            loan_id: e.loanId,
            business_date: e.businessDate,
            movement: e.movement,
            source: e.source,
            memo: e.memo,
            command_id: e.commandId,
          })),
        )}::jsonb) as v(id text, loan_id text, business_date text, movement text, source text, memo text,
          command_id text)`);
    for (let i = 0; i < lineRows.length; i += CHUNK)
      await tx.execute(sql`insert into ${ledgerLines} (entry_id, line, loan_id, account, side, amount)
        select entry_id, line, loan_id, account, side, amount
        from jsonb_to_recordset(${JSON.stringify(
          lineRows.slice(i, i + CHUNK).map((l) => ({
            entry_id: l.entryId,
            line: l.line,
            loan_id: l.loanId,
            account: l.account,
            side: l.side,
            amount: l.amount,
          })),
        )}::jsonb) as v(entry_id text, line int, loan_id text, account text, side text, amount bigint)`);
  }

  /** Entries whose debits and credits differ (none, unless something wrote around the engine). */
  async unbalancedEntries(db: DbOrTx): Promise<Array<{ entryId: string; net: number }>> {
    const rows = await db
      .select({
        entryId: ledgerLines.entryId,
        net: sql<string>`sum(case when ${ledgerLines.side} = 'debit' then ${ledgerLines.amount} else -${ledgerLines.amount} end)`,
      })
      .from(ledgerLines)
      .groupBy(ledgerLines.entryId)
      .having(
        sql`sum(case when ${ledgerLines.side} = 'debit' then ${ledgerLines.amount} else -${ledgerLines.amount} end) <> 0`,
      );
    return rows.map((r) => ({ entryId: r.entryId, net: Number(r.net) }));
  }

  /** Every loan's balance per account. */
  async balances(db: DbOrTx, loanId?: string): Promise<LoanAccountBalance[]> {
    const query = db
      .select({
        loanId: ledgerLines.loanId,
        account: ledgerLines.account,
        balance: sql<string>`sum(case when ${ledgerLines.side} = 'debit' then ${ledgerLines.amount} else -${ledgerLines.amount} end)`,
      })
      .from(ledgerLines);
    const rows = await (loanId ? query.where(linesOfLoan(loanId)) : query).groupBy(
      ledgerLines.loanId,
      ledgerLines.account,
    );
    return rows.map((r) => ({ loanId: r.loanId, account: r.account as Account, balance: Number(r.balance) }));
  }

  async movements(db: DbOrTx, loanId: string): Promise<string[]> {
    const rows = await db
      .select({ movement: ledgerEntries.movement })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.loanId, loanId))
      .orderBy(ledgerEntries.createdAt, ledgerEntries.movement);
    return rows.map((r) => r.movement);
  }
}

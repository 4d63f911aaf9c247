import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rupiah } from '@kaskita/domain/money/rupiah';
import { ledgerEntries, ledgerLines } from '../../src/modules/ledger/ledger-schema.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

// The database alone: nothing here goes through the app.
const t = {} as { database: TestDatabase['database'] };
let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
  t.database = testDb.database;
});
afterAll(() => testDb.destroy());

const entry = (id: string) => ({
  id,
  loanId: 'ledger-test-loan',
  businessDate: '2026-12-02',
  movement: 'repayment',
  source: `test:${id}`,
  createdAt: new Date(),
});
const lines = (entryId: string, amount = rupiah(1000)) => [
  { entryId, line: 1, loanId: 'ledger-test-loan', account: 'cash', side: 'debit', amount },
  { entryId, line: 2, loanId: 'ledger-test-loan', account: 'principal-receivable', side: 'credit', amount },
];
/** What the database answered a refused statement (drizzle puts it in the error's cause), or 'accepted'. */
async function refusal(statement: PromiseLike<unknown>): Promise<string> {
  try {
    await statement;
    return 'accepted';
  } catch (error) {
    const cause = (error as Error).cause as Error | undefined;
    return `${(error as Error).message} ${cause?.message ?? ''}`;
  }
}
const linesOf = (entryId: string) =>
  t.database.db.select().from(ledgerLines).where(eq(ledgerLines.entryId, entryId)).orderBy(ledgerLines.line);

describe('the ledger (migration 0048)', () => {
  it("takes lines whose entry exists, in the entry's transaction or in the same statement", async () => {
    const id = randomUUID();
    await t.database.db.transaction(async (tx) => {
      await tx.insert(ledgerEntries).values(entry(id));
      await tx.insert(ledgerLines).values(lines(id));
    });
    expect(await linesOf(id)).toHaveLength(2);
    // As the nightly book writes them: entries and lines from one statement's CTEs.
    const together = randomUUID();
    await t.database.db.execute(sql`with e as (
        insert into ledger_entries (id, loan_id, business_date, movement, source, created_at)
        values (${together}, 'ledger-test-loan', '2026-12-02', 'repayment', 'test', now()))
      insert into ledger_lines (entry_id, line, loan_id, account, side, amount)
      values (${together}, 1, 'ledger-test-loan', 'cash', 'debit', 5), (${together}, 2, 'ledger-test-loan', 'cash', 'credit', 5)`);
    expect(await linesOf(together)).toHaveLength(2);
  });

  it('refuses a statement with any line whose entry does not exist, and keeps none of its lines', async () => {
    const id = randomUUID();
    await t.database.db.insert(ledgerEntries).values(entry(id));
    const missing = randomUUID();
    expect(await refusal(t.database.db.insert(ledgerLines).values(lines(missing)))).toMatch(
      /ledger line without its entry/,
    );
    expect(
      await refusal(
        t.database.db.insert(ledgerLines).values([...lines(id), { ...lines(missing)[0]!, line: 3 }]),
      ),
    ).toMatch(/ledger line without its entry/);
    expect(await linesOf(id)).toEqual([]);
    expect(await linesOf(missing)).toEqual([]);
  });

  it('refuses to update or delete an entry or a line: a correction is a new entry', async () => {
    const id = randomUUID();
    await t.database.db.transaction(async (tx) => {
      await tx.insert(ledgerEntries).values(entry(id));
      await tx.insert(ledgerLines).values(lines(id));
    });
    const before = await linesOf(id);
    const db = t.database.db;
    expect(
      await refusal(
        db
          .update(ledgerLines)
          .set({ amount: rupiah(1) })
          .where(eq(ledgerLines.entryId, id)),
      ),
    ).toMatch(/ledger_lines is append-only/);
    expect(await refusal(db.delete(ledgerLines).where(eq(ledgerLines.entryId, id)))).toMatch(
      /ledger_lines is append-only/,
    );
    expect(
      await refusal(db.update(ledgerEntries).set({ id: randomUUID() }).where(eq(ledgerEntries.id, id))),
    ).toMatch(/ledger_entries is append-only/);
    expect(await refusal(db.delete(ledgerEntries).where(eq(ledgerEntries.id, id)))).toMatch(
      /ledger_entries is append-only/,
    );
    expect(await linesOf(id)).toEqual(before);
    expect(await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.id, id))).toHaveLength(1);
  });
});

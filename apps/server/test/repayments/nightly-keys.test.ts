import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/raw-rows.ts';
import * as schema from '../../src/db/schema.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.destroy());

/** Every column the schema declares with db/columns.ts `key`, as `table.column`. */
function keyColumns(): string[] {
  return Object.values(schema as Record<string, unknown>)
    .filter((table): table is PgTable => table instanceof PgTable)
    .flatMap((table) => {
      const { name, columns } = getTableConfig(table);
      return columns.filter((c) => c.getSQLType() === 'text collate "C"').map((c) => `${name}.${c.name}`);
    })
    .sort();
}

describe('the nightly book compares its keys byte by byte', () => {
  it('has every key column of the schema in collation "C" on the migrated database', async () => {
    // What the night's statement (accrual-in-sql.ts) sorts, joins and indexes by.
    expect(keyColumns()).toEqual(
      expect.arrayContaining([
        'ledger_entries.id',
        'ledger_entries.loan_id',
        'ledger_lines.entry_id',
        'loan_bills.loan_id',
        'loan_bills.state',
        'loans.id',
        'loans.state',
        'loans.user_id',
      ]),
    );
    const rows = rowsOf<{ name: string }>(
      await db.database.query(
        `select table_name || '.' || column_name as name
         from information_schema.columns where table_schema = 'public' and collation_name = 'C'`,
      ),
    );
    expect(rows.map((r) => r.name).sort()).toEqual(keyColumns());
  });
});

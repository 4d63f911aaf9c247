import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disburseLoan, openLoan } from '@kaskita/domain/lifecycle/loan-account';
import { rupiah } from '@kaskita/domain/money/rupiah';
import { cashLoanProduct } from '@kaskita/domain/pricing/default-products';
import { plan } from '@kaskita/domain/pricing/plan';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_DIR } from '../../src/db/client.ts';
import { rowsOf } from '../../src/db/raw-rows.ts';
import * as schema from '../../src/db/schema.ts';
import { accrueInSql } from '../../src/modules/repayments/accrual-in-sql.ts';
import { seedLoanBook } from '../helpers/loan-book-seed.ts';
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

/** The loans' text columns kept in the row by migration 0050 (every one the API bounds). */
const IN_ROW = [
  'accepted_ip',
  'agreement_sha256',
  'agreement_version',
  'bank_account_id',
  'id',
  'idempotency_key',
  'late_fee_base',
  'locale',
  'period',
  'product_id',
  'state',
  'user_id',
];

/** Ids as the app makes them (36-character uuids). */
const UUID_IDS = { loanIdOf: "md5('l' || g)::uuid::text", userIdOf: "md5('u' || g)::uuid::text" };

/** A 3-month loan of Rp2,000,000 disbursed on `start`. */
const loanOn = (start: string) =>
  disburseLoan(
    openLoan('x', plan(cashLoanProduct, rupiah(2_000_000), { unit: 'month', length: 3 }, start)),
    start,
  );

/** A book of loans with ids as the app makes them (36-character uuids), their JSON as large as a real loan's. */
async function seedUuidBook(count: number): Promise<void> {
  await seedLoanBook(db.database, count, [loanOn('2026-03-01')], '0', UUID_IDS);
  // A hash as the app stores it (64 characters), not the seed's placeholder.
  await db.database.query(`update loans set agreement_sha256 = encode(sha256(id::bytea), 'hex')`);
}

/**
 * Loans whose `column` is not in their row: a value in TOAST measures its bare length (pg_column_size), one in the row
 * its length and a byte of header.
 */
async function outOfRow(column: string): Promise<number> {
  const [row] = rowsOf<{ n: number | string }>(
    await db.database.query(
      `select count(*) as n from loans where ${column} is not null and pg_column_size(${column}) <= octet_length(${column})`,
    ),
  );
  return Number(row!.n);
}

/** The values in the loans' TOAST table. */
async function valuesInToast(): Promise<number> {
  const [table] = rowsOf<{ name: string }>(
    await db.database.query(
      `select reltoastrelid::regclass::text as name from pg_class where relname = 'loans'`,
    ),
  );
  const [row] = rowsOf<{ n: number | string }>(
    await db.database.query(`select count(distinct chunk_id) as n from ${table!.name}`),
  );
  return Number(row!.n);
}

describe("a loan's keys stay in its row", () => {
  it('keeps every bounded text column of loans out of TOAST, the JSON still out of the row', async () => {
    const storage = rowsOf<{ name: string; storage: string }>(
      await db.database.query(
        `select attname as name, attstorage as storage from pg_attribute
         where attrelid = 'loans'::regclass and atttypid = 'text'::regtype and attnum > 0 and not attisdropped`,
      ),
    );
    // A new text column of loans is a choice: in the row when the API bounds it, else in this list's complement.
    expect(
      storage
        .filter((c) => c.storage === 'p')
        .map((c) => c.name)
        .sort(),
    ).toEqual(IN_ROW);
    expect(storage.filter((c) => c.storage !== 'p').map((c) => c.name)).toEqual(['failure_reason']);

    await seedUuidBook(20);
    for (const column of IN_ROW)
      expect({ column, outOfRow: await outOfRow(column) }).toEqual({ column, outOfRow: 0 });
    // 0047's lower TOAST target still moves the product, plan and account out of the night's rows, and nothing else.
    expect(await valuesInToast()).toBe(3 * 20);
  });

  it('brings keys an older version left in TOAST back into their rows, changing no value', async () => {
    // The loans' columns as they were before 0050, and rows written under them.
    for (const column of IN_ROW)
      await db.database.query(`alter table loans alter column ${column} set storage extended`);
    await seedUuidBook(20);
    expect(await outOfRow('id')).toBe(20);
    const digest = `select md5(string_agg(${IN_ROW.join(" || '/' || ")}, ',' order by id)) as d from loans`;
    const before = rowsOf<{ d: string }>(await db.database.query(digest));

    const migration = readFileSync(join(MIGRATIONS_DIR, '0050_loans_keys_in_row.sql'), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) await db.database.query(statement);

    for (const column of IN_ROW)
      expect({ column, outOfRow: await outOfRow(column) }).toEqual({ column, outOfRow: 0 });
    expect(rowsOf<{ d: string }>(await db.database.query(digest))).toEqual(before);
  });
});

describe("a night's bill updates write no index entry", () => {
  it('indexes the bills by their key alone and leaves a quarter of each page free', async () => {
    // A new index on loan_bills is a choice: one on a column the night changes (state, late fee, income) makes every
    // bill update of the night write an entry in every index again.
    const indexes = rowsOf<{ name: string }>(
      await db.database.query(
        `select indexrelid::regclass::text as name from pg_index where indrelid = 'loan_bills'::regclass`,
      ),
    );
    expect(indexes.map((i) => i.name)).toEqual(['loan_bills_loan_id_number_pk']);
    const [table] = rowsOf<{ options: string[] | string | null }>(
      await db.database.query(`select reloptions as options from pg_class where relname = 'loan_bills'`),
    );
    expect(String(table!.options)).toContain('fillfactor=75');
  });

  it('updates every bill of a night in place (HOT) on pages as full as the fill factor leaves them', async () => {
    // One loan in five has a night to write: its first bill fell due on 1 April and is unpaid on the 5th (overdue), its
    // second earns income. The others were disbursed on 2 April: nothing to write before 1 May. So each page of bills,
    // filled to 75 %, meets about four updates: room enough in the quarter left free, and none without it (a full page
    // sends the new version to another page, with a new entry in every index). One transaction, so nothing depends on
    // PostgreSQL pruning the old versions between batches, which a transaction running elsewhere can hold back.
    await seedLoanBook(
      db.database,
      100,
      [loanOn('2026-03-01'), loanOn('2026-04-02')],
      'case when g % 5 = 0 then 0 else 1 end',
      UUID_IDS,
    );
    const counts = await db.database.db.transaction(async (tx) => {
      // The backend's counts not yet reported, read before and after in the transaction.
      const updates = async () => {
        const [row] = rowsOf<{ updated: number | string; hot: number | string }>(
          await tx.execute(sql`select pg_stat_get_xact_tuples_updated('loan_bills'::regclass) as updated,
            pg_stat_get_xact_tuples_hot_updated('loan_bills'::regclass) as hot`),
        );
        return { updated: Number(row!.updated), hot: Number(row!.hot) };
      };
      const before = await updates();
      const night = await accrueInSql(tx, '2026-04-05', 1000, new Date('2026-04-05T01:00:00Z'));
      const after = await updates();
      return {
        loans: night.loans,
        overdue: night.moved.length,
        updated: after.updated - before.updated,
        hot: after.hot - before.hot,
      };
    });
    expect(counts).toEqual({ loans: 20, overdue: 20, updated: 40, hot: 40 });
  });
});

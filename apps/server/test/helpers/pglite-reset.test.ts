import type { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { Database } from '../../src/db/client.ts';
import { resetToSeed, seededStateOf } from './pglite-reset.ts';
import { TEST_ENV, TestClock, signIn } from './test-app.ts';
import { createPgliteDatabase, loadFromDump } from './test-database.ts';

/** Every row of every table (each in its record's text form, sorted) and every sequence's value. */
async function contentOf(client: PGlite): Promise<Record<string, string[]>> {
  const content: Record<string, string[]> = {};
  const { tables } = await seededStateOf(client);
  for (const table of tables)
    content[table] = (
      await client.query<{ row: string }>(`select t::text as row from ${table} t order by 1`)
    ).rows.map((r) => r.row);
  content.sequences = (
    await client.query<{ s: string }>(
      `select format('%s.%s %s', schemaname, sequencename, last_value) as s from pg_sequences order by 1`,
    )
  ).rows.map((r) => r.s);
  return content;
}

/** On PGlite, whatever the suite's database (these are the PGlite test databases' own checks). */
describe('a PGlite test database used again', () => {
  const opened: Database[] = [];
  const open = async () => {
    const database = await loadFromDump();
    opened.push(database);
    return database;
  };
  afterAll(async () => {
    for (const database of opened) await database.close();
  });

  it('holds after its reset what a fresh load holds, row for row, and none of the last session', async () => {
    const fresh = await contentOf((await open()).pglite!);
    const used = await open();
    const client = used.pglite!;
    const seed = await seededStateOf(client);
    // A file's worth of use: the app's start (job queues), a borrower signed in (users, sessions, codes, the
    // outbox, the audit), settings and locks of the session, and a transaction left open.
    const app = await buildApp({
      envSource: {},
      logger: false,
      database: used,
      clock: new TestClock(),
      env: TEST_ENV,
    });
    await signIn(app);
    await app.close();
    await client.exec(`update app_config set value = '"changed"'::jsonb; delete from loan_products`);
    await client.exec(`set statement_timeout = 1234`);
    await client.query(`select pg_advisory_lock(42)`);
    await client.exec('begin');
    await client.exec(`insert into app_config (key, value, updated_at) values ('left open', '1', now())`);
    expect(await contentOf(client)).not.toEqual(fresh);

    expect(await resetToSeed(client, seed)).toBe(true);

    expect(await contentOf(client)).toEqual(fresh);
    expect((await client.query(`select current_setting('statement_timeout') as v`)).rows).toEqual([
      { v: '0' },
    ]);
    expect((await client.query(`select 1 from pg_locks where locktype = 'advisory'`)).rows).toEqual([]);
  });

  it('is not used again once a test has changed its schema', async () => {
    const client = (await open()).pglite!;
    const seed = await seededStateOf(client);
    await client.exec(`alter table app_config add column note text`);
    expect(await resetToSeed(client, seed)).toBe(false);
    // Nothing was emptied: the reset refused before touching the rows.
    expect((await client.query(`select 1 from loan_products`)).rows.length).toBeGreaterThan(0);
  });

  it('is what the next test file of the worker gets', async () => {
    const first = await createPgliteDatabase();
    await first.database.pglite!.exec(`delete from loan_products`);
    await first.destroy();
    const second = await createPgliteDatabase();
    try {
      expect(second.database).toBe(first.database);
      expect(
        (await second.database.pglite!.query(`select 1 from loan_products`)).rows.length,
      ).toBeGreaterThan(0);
    } finally {
      await second.destroy();
    }
  });
});

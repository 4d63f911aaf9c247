import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { takeOverlaps } from '../helpers/one-query-at-a-time.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onPostgres)('the parallel-query watcher (PostgreSQL only: PGlite has no pg client)', () => {
  it('sees two statements of one transaction sent at once, and not the same two sent one after the other', async () => {
    const test = await createTestDatabase();
    try {
      const { db } = test.database;
      await db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await tx.execute(sql`select 2`);
      });
      expect(takeOverlaps()).toEqual([]);
      await db.transaction(async (tx) => {
        await Promise.all([tx.execute(sql`select pg_sleep(0.05)`), tx.execute(sql`select 2`)]);
      });
      const seen = takeOverlaps();
      expect(seen).toHaveLength(1);
      // The statement sent second, the one pg would queue; the stack ends in Drizzle, so the statement says which.
      expect(seen[0]).toMatch(/^select 2\n/);
    } finally {
      await test.destroy();
    }
  });
});

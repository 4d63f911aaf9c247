import { sql, type SQL } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { Database, Tx } from '../db/client.ts';

/** pg-boss on the app's own connection (PGlite or the pg Pool), so it opens no second pool. */
export function databaseExecutor(database: Database): PgBoss.Db {
  return { executeSql: (text, values) => database.query(text, values) as Promise<{ rows: never[] }> };
}

/**
 * pg-boss inside a transaction the app opened (Drizzle), so a job is inserted if and only if the business change
 * commits. Drizzle numbers its own parameters, so pg-boss's `$n` become Drizzle parameters (one per occurrence).
 * Only for pg-boss's insert statements, which hold no dollar-quoted text; on PGlite the transaction owns the one
 * connection, so going around it (the database executor) would wait for it forever.
 */
export function transactionExecutor(tx: Tx): PgBoss.Db {
  return {
    async executeSql(text, values) {
      const result = (await tx.execute(positional(text, values ?? []))) as unknown as { rows: never[] };
      return { rows: result.rows };
    },
  };
}

function positional(text: string, values: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(
    parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1] ?? null}`)),
  );
}

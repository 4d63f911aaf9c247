import { sql } from 'drizzle-orm';
import { checkLedger, type LedgerReport } from '../../src/cli/ledger-check-command.ts';
import type { Db, Tx } from '../../src/db/client.ts';

class Rollback extends Error {}

/**
 * Runs the ledger check inside a transaction after `corrupt`, then rolls everything back. The corruption is a database
 * administrator's, past the ledger's append-only triggers (migration 0048): a superuser's replica role skips triggers.
 */
export async function checkCorrupted(db: Db, corrupt: (tx: Tx) => Promise<unknown>): Promise<LedgerReport> {
  let report: LedgerReport | undefined;
  await db
    .transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await corrupt(tx);
      report = await checkLedger(tx);
      throw new Rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
  return report!;
}

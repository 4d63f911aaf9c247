import { checkLedger, type LedgerReport } from '../../src/cli/ledger-check-command.ts';
import type { Db, Tx } from '../../src/db/client.ts';

class Rollback extends Error {}

/** Runs the ledger check inside a transaction after `corrupt`, then rolls everything back. */
export async function checkCorrupted(db: Db, corrupt: (tx: Tx) => Promise<unknown>): Promise<LedgerReport> {
  let report: LedgerReport | undefined;
  await db
    .transaction(async (tx) => {
      await corrupt(tx);
      report = await checkLedger(tx);
      throw new Rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
  return report!;
}

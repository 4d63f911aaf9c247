import type { JournalEntry } from '@kaskita/domain/lifecycle/ledger';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { LedgerRepository, type LoanAccountBalance } from './ledger-repository.ts';

/**
 * The ledger as other modules use it: entries are appended in the transaction of the change that caused them, and
 * balances are read back (the loans module, `npm run ledger:check`).
 */
export class LedgerService {
  constructor(private readonly repo = new LedgerRepository()) {}

  /** `commandId`: the command run whose audit row explains the entries (every command passes its own). */
  append(
    tx: Tx,
    loanId: string,
    source: string,
    entries: readonly JournalEntry[],
    now: Date,
    commandId?: string,
  ): Promise<void> {
    return this.repo.append(tx, loanId, source, entries, now, commandId);
  }

  appendMany(
    tx: Tx,
    batches: ReadonlyArray<{ loanId: string; source: string; entries: readonly JournalEntry[] }>,
    now: Date,
  ): Promise<void> {
    return this.repo.appendMany(tx, batches, now);
  }

  balances(db: DbOrTx, loanId?: string): Promise<LoanAccountBalance[]> {
    return this.repo.balances(db, loanId);
  }

  unbalancedEntries(db: DbOrTx): Promise<Array<{ entryId: string; net: number }>> {
    return this.repo.unbalancedEntries(db);
  }
}

import { isNotNull } from 'drizzle-orm';
import { outstandingOf, type Loan } from '@kaskita/domain/lifecycle/loan-account';
import { RECEIVABLE_ACCOUNTS } from '@kaskita/domain/lifecycle/ledger';
import { openDatabase, type Database, type DbOrTx } from '../db/client.ts';
import type { Env } from '../env.ts';
import { LedgerService } from '../modules/ledger/ledger-service.ts';
import { loans } from '../modules/loans/loan-orders-schema.ts';
import { decodeLoanAccount } from '../modules/loans/stored-loan-account.ts';

export interface LedgerReport {
  entriesUnbalanced: Array<{ entryId: string; net: number }>;
  /** Loans whose receivables in the ledger differ from what their account says is owed. */
  loansMismatched: Array<{ loanId: string; ledger: number; account: number }>;
  /** Loans with ledger lines but no account (money booked for a loan that was never disbursed). */
  loansWithoutAccount: string[];
  loansChecked: number;
}

/**
 * Proves the books: every journal entry balances, and every disbursed loan's outstanding balance (principal, charges
 * and late fees still owed, from its account) equals the sum of its receivable accounts in the ledger.
 */
export async function checkLedger(db: DbOrTx): Promise<LedgerReport> {
  const ledger = new LedgerService();
  const [entriesUnbalanced, balances, accounts] = await Promise.all([
    ledger.unbalancedEntries(db),
    ledger.balances(db),
    db.select({ id: loans.id, account: loans.account }).from(loans).where(isNotNull(loans.account)),
  ]);
  const receivables = new Map<string, number>();
  for (const b of balances) {
    if (!(RECEIVABLE_ACCOUNTS as readonly string[]).includes(b.account)) {
      if (!receivables.has(b.loanId)) receivables.set(b.loanId, 0);
      continue;
    }
    receivables.set(b.loanId, (receivables.get(b.loanId) ?? 0) + b.balance);
  }
  const loansMismatched: LedgerReport['loansMismatched'] = [];
  for (const row of accounts) {
    const owed = outstandingOf({ ...decodeLoanAccount(row.account), journal: [] } as Loan);
    const booked = receivables.get(row.id) ?? 0;
    if (owed !== booked) loansMismatched.push({ loanId: row.id, ledger: booked, account: owed });
    receivables.delete(row.id);
  }
  return {
    entriesUnbalanced,
    loansMismatched,
    loansWithoutAccount: [...receivables.keys()],
    loansChecked: accounts.length,
  };
}

export function ledgerProblems(report: LedgerReport): number {
  return report.entriesUnbalanced.length + report.loansMismatched.length + report.loansWithoutAccount.length;
}

/** `npm run ledger:check` on the database the settings name. Returns the exit code (0: the books agree). */
export async function runLedgerCheck(
  env: Env,
  write: (line: string) => void,
  database?: Database,
): Promise<number> {
  const db =
    database ??
    (await openDatabase(
      env.DATABASE_URL
        ? { kind: 'postgres', url: env.DATABASE_URL, poolSize: 2 }
        : { kind: 'pglite', dataDir: env.DATA_DIR },
    ));
  try {
    const report = await checkLedger(db.db);
    write(`loans checked: ${report.loansChecked}`);
    for (const e of report.entriesUnbalanced) write(`entry ${e.entryId} does not balance (net ${e.net})`);
    for (const l of report.loansMismatched)
      write(`loan ${l.loanId}: ledger receivables ${l.ledger}, account outstanding ${l.account}`);
    for (const id of report.loansWithoutAccount) write(`loan ${id} has ledger lines but no account`);
    const problems = ledgerProblems(report);
    write(
      problems === 0
        ? 'ledger OK: every entry balances and every loan agrees with its journal'
        : `${problems} problem(s)`,
    );
    return problems === 0 ? 0 : 1;
  } finally {
    if (!database) await db.close();
  }
}

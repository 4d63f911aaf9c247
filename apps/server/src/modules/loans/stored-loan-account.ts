import type { Loan } from '@kaskita/domain/lifecycle/loan-account';

/** The loan account as stored: the engine's Loan without its journal (the journal is ledger_entries/ledger_lines). */
export type StoredLoanAccount = Omit<Loan, 'journal'>;

/** JSON has no bigint; the engine's exact rates (Ratio) carry them, so they travel as `{ "$bigint": "123" }`. */
type Encoded = unknown;

export function encodeLoanAccount(loan: Loan): Encoded {
  const { journal: _journal, ...account } = loan;
  return JSON.parse(
    JSON.stringify(account, (_key, value: unknown) =>
      typeof value === 'bigint' ? { $bigint: value.toString() } : value,
    ),
  );
}

export function decodeLoanAccount(stored: Encoded): StoredLoanAccount {
  return JSON.parse(JSON.stringify(stored), (_key, value: unknown) =>
    value !== null && typeof value === 'object' && '$bigint' in value && typeof value.$bigint === 'string'
      ? BigInt(value.$bigint)
      : value,
  ) as StoredLoanAccount;
}

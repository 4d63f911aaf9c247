/**
 * Double-entry journal of a loan.
 *
 * Contractual interest and fees are booked as receivables at disbursement against unearned income, and
 * recognised as income as days of use pass ("interest accrual"). So the receivable accounts always hold
 * exactly what the borrower owes under the contract, and the loan's outstanding balance is their sum.
 */
import { sumBigInt } from '../money/rounding.ts';
import { fromBigInt, nonNegativeRupiah, type Rupiah } from '../money/rupiah.ts';
import type { BusinessDate } from '../pricing/business-date.ts';

/** Ledger accounts. Receivables are assets; unearned income and borrower credit are liabilities. */
export type Account =
  | 'cash'
  | 'principal-receivable'
  | 'interest-receivable'
  | 'fee-receivable'
  | 'late-fee-receivable'
  | 'unearned-interest'
  | 'unearned-fee'
  | 'interest-income'
  | 'fee-income'
  | 'late-fee-income'
  | 'borrower-credit'
  | 'waiver-expense'
  | 'write-off-expense';

/** The money movements that produce journal entries. */
export type Movement =
  | 'disbursement'
  | 'contract-charges'
  | 'interest-accrual'
  | 'fee-accrual'
  | 'late-fee'
  | 'repayment'
  | 'overpayment-credit'
  | 'credit-refund'
  | 'unused-days-rebate'
  | 'waiver'
  | 'write-off'
  | 'accrual-reversal'
  | 'merchant-refund';

/** One side of an entry. */
export interface JournalLine {
  readonly account: Account;
  readonly side: 'debit' | 'credit';
  readonly amount: Rupiah;
}

/** A balanced journal entry. */
export interface JournalEntry {
  readonly date: BusinessDate;
  readonly movement: Movement;
  readonly lines: readonly JournalLine[];
  readonly memo?: string;
}

/** Thrown when an entry would not balance. */
export class UnbalancedEntryError extends Error {
  override readonly name = 'UnbalancedEntryError';
}

/** A debit line. */
export function debit(account: Account, amount: Rupiah): JournalLine {
  return { account, side: 'debit', amount: nonNegativeRupiah(amount) };
}

/** A credit line. */
export function credit(account: Account, amount: Rupiah): JournalLine {
  return { account, side: 'credit', amount: nonNegativeRupiah(amount) };
}

/** True when an entry's debits equal its credits. */
export function isBalanced(entry: Pick<JournalEntry, 'lines'>): boolean {
  let net = 0n;
  for (const l of entry.lines) net += l.side === 'debit' ? BigInt(l.amount) : -BigInt(l.amount);
  return net === 0n;
}

/**
 * Builds an entry, dropping zero lines; returns `null` when nothing moves.
 * @throws UnbalancedEntryError when debits and credits differ.
 */
export function journalEntry(
  date: BusinessDate,
  movement: Movement,
  lines: readonly JournalLine[],
  memo?: string,
): JournalEntry | null {
  const kept = lines.filter((l) => l.amount !== 0);
  if (!isBalanced({ lines: kept })) throw new UnbalancedEntryError(`${movement} on ${date} does not balance`);
  if (kept.length === 0) return null;
  return memo === undefined ? { date, movement, lines: kept } : { date, movement, lines: kept, memo };
}

/** Balance of every account, debit-positive (assets and expenses positive, liabilities and income negative). */
export function accountBalances(journal: readonly JournalEntry[]): Map<Account, bigint> {
  const balances = new Map<Account, bigint>();
  for (const e of journal) {
    for (const l of e.lines) {
      const delta = l.side === 'debit' ? BigInt(l.amount) : -BigInt(l.amount);
      balances.set(l.account, (balances.get(l.account) ?? 0n) + delta);
    }
  }
  return balances;
}

/** The receivable accounts whose sum is what the borrower owes. */
export const RECEIVABLE_ACCOUNTS = [
  'principal-receivable',
  'interest-receivable',
  'fee-receivable',
  'late-fee-receivable',
] as const satisfies readonly Account[];

/** The loan's outstanding balance (principal, charges and late fees still owed), from its journal alone. */
export function outstandingFromJournal(journal: readonly JournalEntry[]): Rupiah {
  const b = accountBalances(journal);
  return fromBigInt(sumBigInt(RECEIVABLE_ACCOUNTS.map((acc) => b.get(acc) ?? 0n)));
}

/** The borrower's credit (overpayments and rebates held for them), from the journal alone. */
export function creditFromJournal(journal: readonly JournalEntry[]): Rupiah {
  return fromBigInt(-(accountBalances(journal).get('borrower-credit') ?? 0n));
}

/**
 * The ledger check's pure rules: what each ledger account of a loan must hold, recomputed from the loan's own account
 * (its instalments' due, paid, waived, written-off and recognised amounts, its credit) and from the cash tables,
 * without reading the ledger; and which accounts and sides each of the engine's movements may touch. The engine books
 * each movement in packages/domain/src/lifecycle (ledger.ts names the accounts):
 *
 * - disbursement:      principal receivable (Σ due principal) against cash (plan's received) and fee income (deducted)
 * - contract charges:  interest and fee receivable against unearned interest and fee (Σ contractual charges)
 * - accruals:          unearned against income as days of use pass (each instalment's `recognized`); late fees
 *                      receivable against late-fee income (each instalment's due late fee)
 * - repayment:         cash or held credit against the receivables (each instalment's `paid`)
 * - overpayment:       cash against borrower credit (the account's `credit`)
 * - unused-days rebate: unearned against the receivables (the cut of `due`) and borrower credit (the cut already paid)
 * - waiver, write-off: expense against the receivables (each instalment's `waived`, `writtenOff`)
 * - accrual reversal:  income back to unearned, late-fee income against the late fee's receivable, waiver or credit
 * - merchant refund:   cash from the merchant and unearned (or recognised) charges against the receivables and credit
 *
 * So, per loan, with remaining = due − paid − waived − writtenOff (debit-positive: assets and expenses positive,
 * liabilities and income negative):
 *
 *   <component>-receivable = Σ remaining             unearned-<charge> = −(Σ due − Σ recognized)
 *   interest-income        = −Σ recognized interest  fee-income        = −(Σ recognized fee + origination fee deducted)
 *   late-fee-income        = −Σ due late fee         borrower-credit   = −credit
 *   waiver-expense         = Σ waived                write-off-expense = Σ writtenOff
 *   cash                   = payments applied − disbursements completed − refunds paid + merchant refunds (from those
 *                            tables)
 */
import { RECEIVABLE_ACCOUNTS, type Account, type Movement } from '@kaskita/domain/lifecycle/ledger';
import { remainingOf, totalOf } from '@kaskita/domain/lifecycle/loan-account';
import type { LoanState } from '@kaskita/domain/lifecycle/loan-state';
import { ZERO_RUPIAH } from '@kaskita/domain/money/rupiah';
import type { StoredLoanAccount } from '../modules/loans/stored-loan-account.ts';

/** The parts of a stored loan account the check reads (the plan stays in the table, but for its disbursement). */
export type CheckedAccount = Pick<
  StoredLoanAccount,
  'id' | 'state' | 'principal' | 'startDate' | 'asOf' | 'credit' | 'instalments'
>;

/** Every ledger account, each balance debit-positive. */
export type AccountBalances = Record<Account, number>;

/** Loans that have ended: they owe nothing and hold no unearned income. */
export const CLOSED_STATES: readonly LoanState[] = ['paid-off', 'written-off'];

/**
 * What each ledger account of the loan must hold, from its account, the fee deducted at disbursement, and the cash
 * that moved for it (applied payments in, minus disbursements and refunds out).
 */
export function expectedBalances(account: CheckedAccount, deducted: number, cash: number): AccountBalances {
  const sum = {
    principal: 0,
    interest: 0,
    fee: 0,
    lateFee: 0,
    dueInterest: 0,
    dueFee: 0,
    dueLateFee: 0,
    recognizedInterest: 0,
    recognizedFee: 0,
    waived: 0,
    writtenOff: 0,
  };
  for (const i of account.instalments) {
    const r = remainingOf(i);
    sum.principal += r.principal;
    sum.interest += r.interest;
    sum.fee += r.fee;
    sum.lateFee += r.lateFee;
    sum.dueInterest += i.due.interest;
    sum.dueFee += i.due.fee;
    sum.dueLateFee += i.due.lateFee;
    sum.recognizedInterest += i.recognized.interest;
    sum.recognizedFee += i.recognized.fee;
    sum.waived += totalOf(i.waived);
    sum.writtenOff += totalOf(i.writtenOff);
  }
  return {
    cash,
    'principal-receivable': sum.principal,
    'interest-receivable': sum.interest,
    'fee-receivable': sum.fee,
    'late-fee-receivable': sum.lateFee,
    // Liabilities and income are credit balances: negative (written `b − a`, never `−x`, which makes −0 of 0).
    'unearned-interest': sum.recognizedInterest - sum.dueInterest,
    'unearned-fee': sum.recognizedFee - sum.dueFee,
    'interest-income': 0 - sum.recognizedInterest,
    'fee-income': 0 - sum.recognizedFee - deducted,
    'late-fee-income': 0 - sum.dueLateFee,
    'borrower-credit': 0 - account.credit,
    'waiver-expense': sum.waived,
    'write-off-expense': sum.writtenOff,
  };
}

/** Every ledger account, in the order reports list them. */
export const ACCOUNTS = Object.keys(expectedBalances(emptyAccount(), 0, 0)) as Account[];

function emptyAccount(): CheckedAccount {
  return {
    id: '',
    state: 'active',
    principal: ZERO_RUPIAH,
    startDate: '',
    asOf: '',
    credit: ZERO_RUPIAH,
    instalments: [],
  };
}

/** Money the account says the borrower put in: everything paid on its bills plus the credit it holds. */
export function paidAndHeld(account: CheckedAccount): number {
  // A figure of the check, compared with the cash tables like the balances above: a plain number, not an amount to pay.
  let paid: number = account.credit;
  for (const i of account.instalments) paid += totalOf(i.paid);
  return paid;
}

/**
 * The accounts each movement debits and credits, as the engine books it. A movement missing here fails the type check,
 * so a new movement (a refund, say) cannot reach the ledger unchecked.
 */
export const ENTRY_SHAPES: Readonly<
  Record<Movement, { readonly debit: readonly Account[]; readonly credit: readonly Account[] }>
> = {
  disbursement: { debit: ['principal-receivable'], credit: ['cash', 'fee-income'] },
  'contract-charges': {
    debit: ['interest-receivable', 'fee-receivable'],
    credit: ['unearned-interest', 'unearned-fee'],
  },
  'interest-accrual': { debit: ['unearned-interest'], credit: ['interest-income'] },
  'fee-accrual': { debit: ['unearned-fee'], credit: ['fee-income'] },
  'late-fee': { debit: ['late-fee-receivable'], credit: ['late-fee-income'] },
  repayment: { debit: ['cash', 'borrower-credit'], credit: RECEIVABLE_ACCOUNTS },
  'overpayment-credit': { debit: ['cash'], credit: ['borrower-credit'] },
  'unused-days-rebate': {
    debit: ['unearned-interest', 'unearned-fee'],
    credit: ['interest-receivable', 'fee-receivable', 'borrower-credit'],
  },
  // Only late fees can be waived (lifecycle/write-off.ts).
  waiver: { debit: ['waiver-expense'], credit: ['late-fee-receivable'] },
  'write-off': { debit: ['write-off-expense'], credit: RECEIVABLE_ACCOUNTS },
  // Credit held when a loan closed, paid back to the borrower (lifecycle/refund.ts).
  'credit-refund': { debit: ['borrower-credit'], credit: ['cash'] },
  // A payment reported after the accrual passed its date: what the accrual did after it, taken back
  // (lifecycle/late-payment.ts).
  'accrual-reversal': {
    debit: ['interest-income', 'fee-income', 'late-fee-income'],
    credit: ['unearned-interest', 'unearned-fee', 'late-fee-receivable', 'waiver-expense', 'borrower-credit'],
  },
  // A pay-later purchase returned to the merchant (lifecycle/merchant-refund.ts): its money in, the principal and
  // charges no longer owed off their receivables (from unearned income, or income when a full refund undoes it) and
  // what had been paid of them to credit.
  'merchant-refund': {
    debit: ['cash', 'unearned-interest', 'unearned-fee', 'interest-income', 'fee-income'],
    credit: ['principal-receivable', 'interest-receivable', 'fee-receivable', 'borrower-credit'],
  },
};

/** ENTRY_SHAPES as rows (movement, account, side), for the database to find the lines outside them. */
export function allowedLines(): Array<{ movement: string; account: string; side: 'debit' | 'credit' }> {
  return Object.entries(ENTRY_SHAPES).flatMap(([movement, shape]) => [
    ...shape.debit.map((account) => ({ movement, account, side: 'debit' as const })),
    ...shape.credit.map((account) => ({ movement, account, side: 'credit' as const })),
  ]);
}

/** A stored bill (`loan_bills`) as the check reads it. */
export interface StoredBill {
  loanId: string;
  number: number;
  periodStart: string;
  dueDate: string;
  principal: number;
  interest: number;
  fee: number;
  paid: number;
  days: number;
  contractInterest: number;
  contractFee: number;
  returnedInterest: number | null;
  returnedFee: number | null;
  unpaidPrincipal: number;
  unpaidInterest: number;
  unpaidFee: number;
}

/** The fields of each bill that differ from the loan's account: [field, expected (account), found (bill)]. */
export function billDifferences(
  account: CheckedAccount,
  bills: readonly StoredBill[],
): Array<{ bill: number; field: string; expected: number | string; found: number | string }> {
  const out: Array<{ bill: number; field: string; expected: number | string; found: number | string }> = [];
  const shown = (v: number | string | null) => v ?? 'null';
  const byNumber = new Map(bills.map((b) => [b.number, b]));
  for (const i of account.instalments) {
    const bill = byNumber.get(i.number);
    byNumber.delete(i.number);
    if (!bill) {
      out.push({ bill: i.number, field: 'row', expected: 'present', found: 'missing' });
      continue;
    }
    // The copies of the account's figures. The bill's state, late fee and the other nightly fields are the
    // account's own (stored-loan-account.ts): read from the row, they cannot differ from it.
    const left = remainingOf(i);
    const expected: Record<string, number | string | null> = {
      periodStart: i.periodStart,
      dueDate: i.dueDate,
      principal: i.due.principal,
      interest: i.due.interest,
      fee: i.due.fee,
      paid: totalOf(i.paid),
      days: i.days,
      contractInterest: i.contract.interest,
      contractFee: i.contract.fee,
      returnedInterest: i.returnedUse?.interest ?? null,
      returnedFee: i.returnedUse?.fee ?? null,
      unpaidPrincipal: left.principal,
      unpaidInterest: left.interest,
      unpaidFee: left.fee,
    };
    for (const [field, value] of Object.entries(expected)) {
      const found = bill[field as keyof StoredBill];
      if (found !== value) out.push({ bill: i.number, field, expected: shown(value), found: shown(found) });
    }
  }
  for (const bill of byNumber.values())
    out.push({ bill: bill.number, field: 'row', expected: 'absent', found: 'present' });
  return out;
}

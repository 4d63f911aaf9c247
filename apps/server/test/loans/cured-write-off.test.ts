import { and, asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rupiah } from '@kaskita/domain/money/rupiah';
import { addDays, businessDateAt, daysBetween } from '@kaskita/domain/pricing/business-date';
import { checkLedger } from '../../src/cli/ledger-check-command.ts';
import { auditLog } from '../../src/commands/audit-schema.ts';
import { ledgerEntries, ledgerLines } from '../../src/modules/ledger/ledger-schema.ts';
import { loanBills, loans } from '../../src/modules/loans/loan-orders-schema.ts';
import { SERVICING_PERMISSIONS } from '../../src/modules/loans/loan-servicing-service.ts';
import { decodeLoanAccount, storedAccountSql } from '../../src/modules/loans/stored-loan-account.ts';
import { call, signIn, useTestApp } from '../helpers/test-app.ts';
import { codeFor, payCode, repayingBorrower } from '../repayments/repayment-helpers.ts';

/**
 * Issue case 6, through the API: a write-off that finds the borrower's credit covers what is due keeps the contract
 * (no unused-days rebate, no write-off), and settling the loan later leaves no unearned income on it.
 *
 * Held credit now pays each bill on its due date, so a loan made today is never overdue while holding credit; the case
 * is an account stored before that rule. Each loan here is built through the API (bill 1 paid with 750,000 more, held
 * as credit), then its account is shaped as such an account was stored: the credit hidden from the account (the ledger
 * keeps it) while the accrual runs past bill 2's due date, so bill 2 falls overdue and takes late fees, then put back.
 * The ledger never moved, so the books agree with the account again once the credit is back (checked below).
 */
const t = useTestApp();

const EXTRA = 750_000;
const staff = (...permissions: string[]) => ({ kind: 'staff' as const, staffId: 'staff-1', permissions });
const advance = (days: number) => call(t.app, { method: 'POST', url: '/api/dev/clock', payload: { days } });
const today = () => businessDateAt(t.clock.now());

type Borrower = Awaited<ReturnType<typeof repayingBorrower>>;
/** Written off on the day the nightly accrual already brought it to. */
let sameDay: Borrower;
/** Written off the next day, before that night's accrual. */
let nextDay: Borrower;

async function account(loanId: string) {
  const [row] = await t.database.db
    .select({ state: loans.state, account: storedAccountSql })
    .from(loans)
    .where(eq(loans.id, loanId));
  return { state: row!.state, account: decodeLoanAccount(row!.account) };
}

const billRows = (loanId: string) =>
  t.database.db.select().from(loanBills).where(eq(loanBills.loanId, loanId)).orderBy(asc(loanBills.number));

async function movements(loanId: string): Promise<string[]> {
  const rows = await t.database.db
    .select({ movement: ledgerEntries.movement })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.loanId, loanId));
  return rows.map((r) => r.movement);
}

/** An account's balance on one loan in the ledger, debit-positive. */
async function balance(loanId: string, ledgerAccount: string): Promise<number> {
  const [row] = await t.database.db
    .select({
      total: sql<string>`coalesce(sum(case when ${ledgerLines.side} = 'debit' then ${ledgerLines.amount} else -${ledgerLines.amount} end), 0)`,
    })
    .from(ledgerLines)
    .where(and(eq(ledgerLines.loanId, loanId), eq(ledgerLines.account, ledgerAccount)));
  return Number(row!.total);
}

const setCredit = (loanId: string, credit: number) =>
  t.database.db
    .update(loans)
    .set({
      account: sql`jsonb_set(${loans.account}, '{credit}', to_jsonb(${credit}::bigint))`,
      heldCredit: rupiah(credit),
    })
    .where(eq(loans.id, loanId));

beforeAll(async () => {
  sameDay = await repayingBorrower(t.app, t.database.db, t.clock.now());
  nextDay = await repayingBorrower(t.app, t.database.db, t.clock.now());
  for (const b of [sameDay, nextDay]) {
    const code = await codeFor(t.app, b);
    await payCode(t.app, code.code_id, code.amount + EXTRA);
    expect((await account(b.loanId)).account.credit).toBe(EXTRA);
    expect(await balance(b.loanId, 'borrower-credit')).toBe(-EXTRA);
    await setCredit(b.loanId, 0);
  }

  const [, bill2] = await billRows(sameDay.loanId);
  await advance(daysBetween(today(), addDays(bill2!.dueDate, 3)));
  // The nightly accrual ran for each day passed: both accounts are accrued to today.
  for (const b of [sameDay, nextDay]) {
    const { state, account: stored } = await account(b.loanId);
    expect(state).toBe('overdue');
    expect(stored.asOf).toBe(today());
    expect(stored.instalments.map((i) => i.state)).toEqual(['paid', 'overdue', 'pending']);
    expect(stored.instalments[1]!.due.lateFee).toBeGreaterThan(0);
    await setCredit(b.loanId, EXTRA);
  }
  // The legacy accounts agree with the books: overdue, with the credit the ledger holds.
  expect((await checkLedger(t.database.db)).problems).toEqual([]);
}, 120_000);

/** What the write-off must leave alone, taken before it runs. */
async function snapshot(loanId: string) {
  const { account: stored } = await account(loanId);
  return { stored, bills: await billRows(loanId), movements: await movements(loanId) };
}

/** The contract stands: active, bill 2 paid from the credit with no new late fee, bill 3 as it was. */
async function expectCured(loanId: string, was: Awaited<ReturnType<typeof snapshot>>) {
  const { state, account: after } = await account(loanId);
  expect(state).toBe('active');
  expect(after.instalments.map((i) => i.state)).toEqual(['paid', 'paid', 'pending']);
  expect(after.instalments[1]!.due.lateFee).toBe(was.stored.instalments[1]!.due.lateFee);
  expect(after.instalments.map((i) => i.due)).toEqual(was.stored.instalments.map((i) => i.due));
  const bills = await billRows(loanId);
  const bill3 = ({ interest, fee, principal }: (typeof bills)[number]) => ({ principal, interest, fee });
  expect(bill3(bills[2]!)).toEqual(bill3(was.bills[2]!));
  const added = (await movements(loanId)).slice(was.movements.length);
  expect(added).not.toContain('unused-days-rebate');
  expect(added).not.toContain('write-off');
  expect(await balance(loanId, 'write-off-expense')).toBe(0);
  expect(after.credit).toBe(
    EXTRA - (bills[1]!.principal + bills[1]!.interest + bills[1]!.fee + bills[1]!.lateFee),
  );
  const [audit] = await t.database.db
    .select({ outcome: auditLog.outcome })
    .from(auditLog)
    .where(and(eq(auditLog.subjectId, loanId), eq(auditLog.command, 'loan.write_off')));
  expect(audit?.outcome).toBe('cured');
}

const writeOff = (loanId: string) =>
  t.app.loans.servicing.writeOff(
    staff(SERVICING_PERMISSIONS.writeOff),
    { loanId },
    'unreachable since bill 2',
  );

describe('a write-off that turns out cured keeps the contract (case 6)', () => {
  // Staff write off after that night's accrual ran, so the account is already accrued to the write-off date: the
  // credit must still be spent before anything is decided (it once was not, and bill 3's unused days were rebated on
  // a loan that then went on active).
  it('written off on the day the nightly accrual already reached: cured, no rebate, no write-off, bill 3 untouched', async () => {
    const was = await snapshot(sameDay.loanId);
    expect((await writeOff(sameDay.loanId)).state).toBe('active');
    await expectCured(sameDay.loanId, was);
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  });

  it('written off the day after the last accrual: cured, no rebate, no write-off, bill 3 untouched', async () => {
    t.clock.advance(86_400);
    const was = await snapshot(nextDay.loanId);
    expect(was.stored.asOf).toBe(addDays(today(), -1));
    expect((await writeOff(nextDay.loanId)).state).toBe('active');
    await expectCured(nextDay.loanId, was);
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  });

  it('settled later through the API, it closes with no unearned income; the rebate comes only then', async () => {
    const b = nextDay;
    await advance(10);
    const { token } = await signIn(t.app, b.phone);
    const settlement = await codeFor(t.app, { token, loanId: b.loanId }, 'settlement');
    await payCode(t.app, settlement.code_id);
    expect((await account(b.loanId)).state).toBe('paid-off');
    expect((await movements(b.loanId)).filter((m) => m === 'unused-days-rebate')).toHaveLength(1);
    expect(await balance(b.loanId, 'unearned-interest')).toBe(0);
    expect(await balance(b.loanId, 'unearned-fee')).toBe(0);
    // The ledger check's closed-loan rule looks at the same: no unearned income (or receivable) left on a closed loan.
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  });
});

import { and, eq, like, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addRupiah, rupiah } from '@kaskita/domain/money/rupiah';
import {
  checkLedger,
  ledgerProblems,
  runLedgerCheck,
  type LedgerProblem,
} from '../../src/cli/ledger-check-command.ts';
import type { Tx } from '../../src/db/client.ts';
import type { Env } from '../../src/env.ts';
import { ledgerEntries, ledgerLines } from '../../src/modules/ledger/ledger-schema.ts';
import { disbursements, loanBills, loans } from '../../src/modules/loans/loan-orders-schema.ts';
import { SERVICING_PERMISSIONS } from '../../src/modules/loans/loan-servicing-service.ts';
import { payments } from '../../src/modules/repayments/repayments-schema.ts';
import { sandboxDisbursements } from '../../src/providers/disbursement/sandbox-disbursement-schema.ts';
import { sandboxPayments } from '../../src/providers/payment-gateway/sandbox-payment-gateway-schema.ts';
import { call, signIn, TEST_ENV, useTestApp } from '../helpers/test-app.ts';
import { approvedBorrower, order } from '../loans/loan-helpers.ts';
import { codeFor, payCode, repayingBorrower } from '../repayments/repayment-helpers.ts';
import { checkCorrupted as checkCorruptedIn } from '../helpers/corrupted-ledger.ts';

/**
 * The ledger check must be able to fail (issue 21): a realistic book built through the API, then one corruption at a
 * time, each in a transaction rolled back after the check ran inside it. Each must be reported by rule, loan and
 * account; the untouched book must pass.
 */
const t = useTestApp();

const staff = (...permissions: string[]) => ({ kind: 'staff' as const, staffId: 'staff-1', permissions });
const advance = (days: number) => call(t.app, { method: 'POST', url: '/api/dev/clock', payload: { days } });

/** The loans of the book, by what happened to them. */
const book = {
  /** Paid its first bill on day 10, then fell behind. */
  active: '',
  /** Settled in full on the day it was disbursed (unused days rebated): paid off. */
  settled: '',
  /** Paid its first bill with 75,000 more: credit held. */
  credit: '',
  /** Overdue, part of its late fees waived by staff. */
  waived: '',
  /** Written off after 145 days. */
  writtenOff: '',
  /** Ordered, the money still with the bank: no account. */
  pending: '',
  /** The active loan's payment, and a second payment into its used code (held for review). */
  payment: '',
  review: '',
};

/** The ledger check after `corrupt`, rolled back (helpers/corrupted-ledger.ts). */
const checkCorrupted = (corrupt: (tx: Tx) => Promise<unknown>) => checkCorruptedIn(t.database.db, corrupt);

async function entryOf(tx: Tx, loanId: string, movement: string, source?: string) {
  const [entry] = await tx
    .select()
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.loanId, loanId),
        eq(ledgerEntries.movement, movement),
        source ? like(ledgerEntries.source, source) : undefined,
      ),
    )
    .orderBy(ledgerEntries.businessDate)
    .limit(1);
  expect(entry, `${movement} entry of ${loanId}`).toBeDefined();
  return entry!;
}

async function lineOf(tx: Tx, entryId: string, account: string) {
  const [line] = await tx
    .select()
    .from(ledgerLines)
    .where(and(eq(ledgerLines.entryId, entryId), eq(ledgerLines.account, account)));
  expect(line, `${account} line of ${entryId}`).toBeDefined();
  return line!;
}

const problem = (rule: LedgerProblem['rule'], loanId: string | null, account?: string) =>
  expect.objectContaining({ rule, loanId, ...(account ? { account } : {}) });

beforeAll(async () => {
  const now = () => t.clock.now();
  const active = await repayingBorrower(t.app, t.database.db, now());
  const settled = await repayingBorrower(t.app, t.database.db, now());
  const credit = await repayingBorrower(t.app, t.database.db, now());
  const waived = await repayingBorrower(t.app, t.database.db, now());
  const writtenOff = await repayingBorrower(t.app, t.database.db, now());
  const pending = await approvedBorrower(t.app, t.database.db, now());
  const placed = await order(t.app, pending.token);
  expect(placed.body.code).toBe(200);
  Object.assign(book, {
    active: active.loanId,
    settled: settled.loanId,
    credit: credit.loanId,
    waived: waived.loanId,
    writtenOff: writtenOff.loanId,
    pending: placed.body.data.order_id,
  });

  await payCode(t.app, (await codeFor(t.app, settled, 'settlement')).code_id);
  const instalment = await codeFor(t.app, credit);
  await payCode(t.app, instalment.code_id, instalment.amount + 75_000);

  await advance(10);
  const { token } = await signIn(t.app, active.phone);
  const code = await codeFor(t.app, { token, loanId: active.loanId });
  await payCode(t.app, code.code_id);
  await payCode(t.app, code.code_id);
  const paid = await t.database.db.select().from(payments).where(eq(payments.paymentCodeId, code.code_id));
  book.payment = paid.find((p) => p.status === 'applied')!.id;
  book.review = paid.find((p) => p.status === 'review')!.id;

  await advance(35);
  const waiver = await t.app.loans.servicing.waiveLateFees(
    staff(SERVICING_PERMISSIONS.waiveLateFees),
    { loanId: waived.loanId, amount: rupiah(5_000) },
    'hospitalised, documents seen',
  );
  expect(waiver.waived).toBe(5_000);

  await advance(100);
  const writeOff = await t.app.loans.servicing.writeOff(
    staff(SERVICING_PERMISSIONS.writeOff),
    { loanId: writtenOff.loanId },
    'unreachable 100 days',
  );
  expect(writeOff.state).toBe('written-off');

  const states = await t.database.db.select({ id: loans.id, state: loans.state }).from(loans);
  const stateOf = (id: string) => states.find((s) => s.id === id)?.state;
  expect(
    [book.active, book.settled, book.credit, book.waived, book.writtenOff, book.pending].map(stateOf),
  ).toEqual(['overdue', 'paid-off', 'overdue', 'overdue', 'written-off', 'awaiting-disbursement']);
}, 120_000);

describe('the ledger check on an untouched book', () => {
  it('passes, having looked at every loan, entry, payment and disbursement', async () => {
    const started = performance.now();
    const report = await checkLedger(t.database.db);
    const ms = performance.now() - started;
    expect(report.problems).toEqual([]);
    expect(report.loansChecked).toBe(5);
    expect(report.paymentsChecked).toBe(3);
    expect(report.disbursementsChecked).toBe(5);
    expect(report.entriesChecked).toBeGreaterThan(30);
    expect(report.inReview).toEqual({ count: 1, amount: expect.any(Number) });
    // The credit loan's 75,000 paid part of bill 2 on its due date (held credit is spent before anything is late):
    // the book holds no credit now, but the account moved both ways.
    const creditLines = await t.database.db
      .select({ side: ledgerLines.side })
      .from(ledgerLines)
      .where(and(eq(ledgerLines.loanId, book.credit), eq(ledgerLines.account, 'borrower-credit')));
    expect(new Set(creditLines.map((l) => l.side))).toEqual(new Set(['debit', 'credit']));
    for (const account of ['cash', 'late-fee-income', 'waiver-expense', 'write-off-expense'] as const)
      expect(report.book[account], account).not.toBe(0);
    console.log(
      `ledger check, ${report.loansChecked} loans, ${report.entriesChecked} entries: ${ms.toFixed(0)} ms`,
    );
  });
});

describe('the ledger check fails on each corruption, naming the loan and account', () => {
  // The five the old check (receivables per loan) missed on a copy of a real database.
  it('both lines of an accrual inflated together', async () => {
    const report = await checkCorrupted(async (tx) => {
      const entry = await entryOf(tx, book.active, 'interest-accrual', 'accrual:%');
      await tx
        .update(ledgerLines)
        .set({ amount: sql`${ledgerLines.amount} + 1000` })
        .where(eq(ledgerLines.entryId, entry.id));
    });
    expect(report.problems).toContainEqual(problem('account-balance', book.active, 'interest-income'));
    expect(report.problems).toContainEqual(problem('account-balance', book.active, 'unearned-interest'));
  });

  it('a principal repayment relabelled as interest', async () => {
    const report = await checkCorrupted(async (tx) => {
      const entry = await entryOf(tx, book.active, 'repayment', `payment:${book.payment}`);
      await tx
        .update(ledgerLines)
        .set({ account: 'interest-receivable' })
        .where(and(eq(ledgerLines.entryId, entry.id), eq(ledgerLines.account, 'principal-receivable')));
    });
    expect(report.problems).toContainEqual(problem('account-balance', book.active, 'principal-receivable'));
    expect(report.problems).toContainEqual(problem('account-balance', book.active, 'interest-receivable'));
  });

  it('a whole fee-accrual entry deleted', async () => {
    const report = await checkCorrupted(async (tx) => {
      const entry = await entryOf(tx, book.waived, 'fee-accrual');
      await tx.delete(ledgerLines).where(eq(ledgerLines.entryId, entry.id));
      await tx.delete(ledgerEntries).where(eq(ledgerEntries.id, entry.id));
    });
    expect(report.problems).toContainEqual(problem('account-balance', book.waived, 'fee-income'));
    expect(report.problems).toContainEqual(problem('account-balance', book.waived, 'unearned-fee'));
  });

  it("a repayment's cash line relabelled as borrower credit", async () => {
    const report = await checkCorrupted(async (tx) => {
      const entry = await entryOf(tx, book.active, 'repayment', `payment:${book.payment}`);
      await tx
        .update(ledgerLines)
        .set({ account: 'borrower-credit' })
        .where(and(eq(ledgerLines.entryId, entry.id), eq(ledgerLines.account, 'cash')));
    });
    expect(report.problems).toContainEqual(problem('account-balance', book.active, 'cash'));
    expect(report.problems).toContainEqual(problem('account-balance', book.active, 'borrower-credit'));
    expect(report.problems).toContainEqual(problem('payment', book.active, 'cash booked'));
  });

  it("a payment row's amount changed", async () => {
    const report = await checkCorrupted((tx) =>
      tx
        .update(payments)
        .set({ amount: sql`${payments.amount} + 1000` })
        .where(eq(payments.id, book.payment)),
    );
    expect(report.problems).toContainEqual(problem('account-balance', book.active, 'cash'));
    expect(report.problems).toContainEqual(problem('money-in', book.active));
    expect(report.problems).toContainEqual(problem('payment', book.active, 'cash booked'));
    expect(report.problems).toContainEqual(problem('provider', book.active, 'sandbox gateway'));
  });

  // The four it caught, still caught.
  it("a receivable line's amount changed (the entry no longer balances)", async () => {
    const report = await checkCorrupted(async (tx) => {
      const entry = await entryOf(tx, book.credit, 'disbursement');
      const line = await lineOf(tx, entry.id, 'principal-receivable');
      await tx
        .update(ledgerLines)
        .set({ amount: addRupiah(line.amount, rupiah(1)) })
        .where(and(eq(ledgerLines.entryId, entry.id), eq(ledgerLines.line, line.line)));
    });
    expect(report.problems).toContainEqual(
      expect.objectContaining({ rule: 'entry-balance', loanId: book.credit, found: '1' }),
    );
    expect(report.problems).toContainEqual(problem('account-balance', book.credit, 'principal-receivable'));
    expect(report.problems).toContainEqual(problem('book', null, 'principal-receivable'));
  });

  it('a line flipped from debit to credit', async () => {
    const report = await checkCorrupted(async (tx) => {
      const entry = await entryOf(tx, book.waived, 'late-fee');
      await tx
        .update(ledgerLines)
        .set({ side: 'credit' })
        .where(and(eq(ledgerLines.entryId, entry.id), eq(ledgerLines.account, 'late-fee-receivable')));
    });
    expect(report.problems).toContainEqual(problem('entry-balance', book.waived));
    expect(report.problems).toContainEqual(problem('entry-shape', book.waived));
    expect(report.problems).toContainEqual(problem('account-balance', book.waived, 'late-fee-receivable'));
  });

  it("the loan's account says less is owed than the ledger (paid changed in the account)", async () => {
    const report = await checkCorrupted((tx) =>
      tx
        .update(loans)
        .set({
          account: sql`jsonb_set(${loans.account}, '{instalments,1,paid,principal}',
            to_jsonb((${loans.account} #>> '{instalments,1,paid,principal}')::bigint + 5000))`,
        })
        .where(eq(loans.id, book.credit)),
    );
    expect(report.problems).toContainEqual(problem('account-balance', book.credit, 'principal-receivable'));
    expect(report.problems).toContainEqual(problem('money-in', book.credit));
    expect(report.problems).toContainEqual(problem('bill', book.credit, 'bill 2 paid'));
  });

  it('ledger lines on a loan that was never disbursed', async () => {
    const report = await checkCorrupted(async (tx) => {
      const entry = await entryOf(tx, book.active, 'late-fee');
      await tx.update(ledgerEntries).set({ loanId: book.pending }).where(eq(ledgerEntries.id, entry.id));
      await tx.update(ledgerLines).set({ loanId: book.pending }).where(eq(ledgerLines.entryId, entry.id));
    });
    expect(report.problems).toContainEqual(problem('no-account', book.pending));
    expect(report.problems).toContainEqual(problem('account-balance', book.active, 'late-fee-receivable'));
  });

  // More ways a single row can go wrong.
  it("a ledger line's loan id moved to another loan", async () => {
    const report = await checkCorrupted(async (tx) => {
      const entry = await entryOf(tx, book.active, 'interest-accrual');
      await tx
        .update(ledgerLines)
        .set({ loanId: book.credit })
        .where(and(eq(ledgerLines.entryId, entry.id), eq(ledgerLines.account, 'interest-income')));
    });
    expect(report.problems).toContainEqual(
      expect.objectContaining({ rule: 'entry-loan', loanId: book.active, found: book.credit }),
    );
    expect(report.problems).toContainEqual(problem('account-balance', book.active, 'interest-income'));
    expect(report.problems).toContainEqual(problem('account-balance', book.credit, 'interest-income'));
  });

  it('a whole entry (entry and lines) moved to another loan', async () => {
    const report = await checkCorrupted(async (tx) => {
      const entry = await entryOf(tx, book.active, 'repayment', `payment:${book.payment}`);
      await tx.update(ledgerEntries).set({ loanId: book.credit }).where(eq(ledgerEntries.id, entry.id));
      await tx.update(ledgerLines).set({ loanId: book.credit }).where(eq(ledgerLines.entryId, entry.id));
    });
    expect(report.problems).toContainEqual(problem('entry-source', book.credit, 'payment'));
    expect(report.problems).toContainEqual(problem('account-balance', book.active, 'cash'));
    expect(report.problems).toContainEqual(problem('account-balance', book.credit, 'cash'));
  });

  it('an accrual entry dated another day', async () => {
    const report = await checkCorrupted(async (tx) => {
      const entry = await entryOf(tx, book.waived, 'late-fee', 'accrual:%');
      await tx
        .update(ledgerEntries)
        .set({ businessDate: sql`${ledgerEntries.businessDate} - 1` })
        .where(eq(ledgerEntries.id, entry.id));
    });
    expect(report.problems).toContainEqual(problem('entry-date', book.waived, 'date of its source'));
  });

  it("a payment's entry dated a day later", async () => {
    const report = await checkCorrupted(async (tx) => {
      const entry = await entryOf(tx, book.active, 'repayment', `payment:${book.payment}`);
      await tx
        .update(ledgerEntries)
        .set({ businessDate: sql`${ledgerEntries.businessDate} + 1` })
        .where(eq(ledgerEntries.id, entry.id));
    });
    expect(report.problems).toContainEqual(problem('entry-date', book.active, 'date of its source'));
  });

  it('a waiver entry dated a day earlier', async () => {
    const report = await checkCorrupted(async (tx) => {
      const entry = await entryOf(tx, book.waived, 'waiver');
      await tx
        .update(ledgerEntries)
        .set({ businessDate: sql`${ledgerEntries.businessDate} - 1` })
        .where(eq(ledgerEntries.id, entry.id));
    });
    expect(report.problems).toContainEqual(problem('entry-date', book.waived, 'date of its source'));
  });

  it("a bill's paid amount changed", async () => {
    const report = await checkCorrupted((tx) =>
      tx
        .update(loanBills)
        .set({ paid: sql`${loanBills.paid} + 1000` })
        .where(and(eq(loanBills.loanId, book.active), eq(loanBills.number, 1))),
    );
    expect(report.problems).toEqual([
      expect.objectContaining({ rule: 'bill', loanId: book.active, account: 'bill 1 paid' }),
    ]);
  });

  it('a bill row deleted', async () => {
    const report = await checkCorrupted((tx) =>
      tx.delete(loanBills).where(and(eq(loanBills.loanId, book.waived), eq(loanBills.number, 3))),
    );
    expect(report.problems).toContainEqual(problem('bill', book.waived, 'bill 3 row'));
  });

  it('a bill row moved to a loan never disbursed', async () => {
    const report = await checkCorrupted((tx) =>
      tx
        .update(loanBills)
        .set({ loanId: book.pending })
        .where(and(eq(loanBills.loanId, book.credit), eq(loanBills.number, 2))),
    );
    expect(report.problems).toContainEqual(problem('bill', book.credit, 'bill 2 row'));
    expect(report.problems).toContainEqual(problem('no-account', book.pending));
  });

  it("a disbursement row's amount changed", async () => {
    const report = await checkCorrupted((tx) =>
      tx
        .update(disbursements)
        .set({ amount: sql`${disbursements.amount} + 1000` })
        .where(and(eq(disbursements.loanId, book.settled), eq(disbursements.status, 'completed'))),
    );
    expect(report.problems).toContainEqual(problem('disbursement', book.settled, 'cash booked'));
    expect(report.problems).toContainEqual(problem('disbursement', book.settled));
    expect(report.problems).toContainEqual(problem('provider', book.settled, 'sandbox bank'));
    expect(report.problems).toContainEqual(problem('account-balance', book.settled, 'cash'));
  });

  it('a completed disbursement marked failed', async () => {
    const report = await checkCorrupted((tx) =>
      tx
        .update(disbursements)
        .set({ status: 'failed' })
        .where(and(eq(disbursements.loanId, book.settled), eq(disbursements.status, 'completed'))),
    );
    expect(report.problems).toContainEqual(problem('entry-source', book.settled, 'disbursement'));
    expect(report.problems).toContainEqual(problem('disbursement', book.settled, 'completed disbursements'));
    expect(report.problems).toContainEqual(problem('provider', book.settled, 'sandbox bank'));
  });

  it("the sandbox bank's record of a disbursement changed", async () => {
    const [d] = await t.database.db
      .select()
      .from(disbursements)
      .where(and(eq(disbursements.loanId, book.waived), eq(disbursements.status, 'completed')));
    const report = await checkCorrupted((tx) =>
      tx
        .update(sandboxDisbursements)
        .set({ amount: sql`${sandboxDisbursements.amount} - 1` })
        .where(eq(sandboxDisbursements.externalId, d!.id)),
    );
    expect(report.problems).toEqual([
      expect.objectContaining({ rule: 'provider', loanId: book.waived, account: 'sandbox bank' }),
    ]);
  });

  it("the sandbox gateway's record of a payment changed", async () => {
    const [p] = await t.database.db.select().from(payments).where(eq(payments.id, book.payment));
    const report = await checkCorrupted((tx) =>
      tx
        .update(sandboxPayments)
        .set({ amount: sql`${sandboxPayments.amount} + 1` })
        .where(eq(sandboxPayments.paymentId, p!.providerPaymentId)),
    );
    expect(report.problems).toEqual([
      expect.objectContaining({ rule: 'provider', loanId: book.active, account: 'sandbox gateway' }),
    ]);
  });

  it('a payment the gateway confirmed is missing from our payments', async () => {
    const report = await checkCorrupted((tx) => tx.delete(payments).where(eq(payments.id, book.review)));
    expect(report.problems).toContainEqual(problem('provider', null, 'sandbox gateway'));
  });

  it('a duplicated entry', async () => {
    const report = await checkCorrupted(async (tx) => {
      const entry = await entryOf(tx, book.credit, 'late-fee');
      const copy = `${entry.id}-copy`;
      await tx.insert(ledgerEntries).values({ ...entry, id: copy });
      const lines = await tx.select().from(ledgerLines).where(eq(ledgerLines.entryId, entry.id));
      await tx.insert(ledgerLines).values(lines.map((l) => ({ ...l, entryId: copy })));
    });
    expect(report.problems).toContainEqual(problem('account-balance', book.credit, 'late-fee-receivable'));
    expect(report.problems).toContainEqual(problem('account-balance', book.credit, 'late-fee-income'));
  });

  it('a repayment relabelled as a waiver', async () => {
    const report = await checkCorrupted(async (tx) => {
      const entry = await entryOf(tx, book.active, 'repayment', `payment:${book.payment}`);
      await tx.update(ledgerEntries).set({ movement: 'waiver' }).where(eq(ledgerEntries.id, entry.id));
    });
    expect(report.problems.length).toBeGreaterThan(0);
    expect(report.problems.every((p) => p.rule === 'entry-shape' && p.loanId === book.active)).toBe(true);
  });

  it("an entry's source pointed at another loan's payment", async () => {
    const report = await checkCorrupted(async (tx) => {
      const entry = await entryOf(tx, book.credit, 'repayment', 'payment:%');
      await tx
        .update(ledgerEntries)
        .set({ source: `payment:${book.payment}` })
        .where(eq(ledgerEntries.id, entry.id));
    });
    expect(report.problems).toContainEqual(problem('entry-source', book.credit, 'payment'));
    expect(report.problems).toContainEqual(problem('payment', book.active, 'cash booked'));
  });

  it("a waiver's entry detached from its command", async () => {
    const report = await checkCorrupted(async (tx) => {
      const entry = await entryOf(tx, book.waived, 'waiver');
      await tx.update(ledgerEntries).set({ commandId: null }).where(eq(ledgerEntries.id, entry.id));
    });
    expect(report.problems).toContainEqual(problem('entry-source', book.waived, 'command'));
  });

  it("a waiver's amount raised on both lines", async () => {
    const report = await checkCorrupted(async (tx) => {
      const entry = await entryOf(tx, book.waived, 'waiver');
      await tx
        .update(ledgerLines)
        .set({ amount: sql`${ledgerLines.amount} + 500` })
        .where(eq(ledgerLines.entryId, entry.id));
    });
    expect(report.problems).toContainEqual(problem('account-balance', book.waived, 'waiver-expense'));
    expect(report.problems).toContainEqual(problem('account-balance', book.waived, 'late-fee-receivable'));
  });

  it("a write-off's entry deleted", async () => {
    const report = await checkCorrupted(async (tx) => {
      const entry = await entryOf(tx, book.writtenOff, 'write-off');
      await tx.delete(ledgerLines).where(eq(ledgerLines.entryId, entry.id));
      await tx.delete(ledgerEntries).where(eq(ledgerEntries.id, entry.id));
    });
    expect(report.problems).toContainEqual(problem('account-balance', book.writtenOff, 'write-off-expense'));
    expect(report.problems).toContainEqual(problem('closed-loan', book.writtenOff, 'principal-receivable'));
  });

  it("a paid-off loan's interest accrual deleted leaves unearned income on a closed loan", async () => {
    const report = await checkCorrupted(async (tx) => {
      const entry = await entryOf(tx, book.settled, 'interest-accrual');
      await tx.delete(ledgerLines).where(eq(ledgerLines.entryId, entry.id));
      await tx.delete(ledgerEntries).where(eq(ledgerEntries.id, entry.id));
    });
    expect(report.problems).toContainEqual(problem('closed-loan', book.settled, 'unearned-interest'));
    expect(report.problems).toContainEqual(problem('account-balance', book.settled, 'interest-income'));
  });

  it("a loan's held credit raised in its account", async () => {
    const report = await checkCorrupted((tx) =>
      tx
        .update(loans)
        .set({
          account: sql`jsonb_set(${loans.account}, '{credit}', to_jsonb((${loans.account}->>'credit')::bigint + 1000))`,
        })
        .where(eq(loans.id, book.credit)),
    );
    expect(report.problems).toContainEqual(problem('account-balance', book.credit, 'borrower-credit'));
    expect(report.problems).toContainEqual(problem('money-in', book.credit));
    expect(report.problems).toContainEqual(problem('loan-row', book.credit, 'held_credit'));
  });

  it('a loan marked paid off while it still owes', async () => {
    const report = await checkCorrupted((tx) =>
      tx.update(loans).set({ state: 'paid-off' }).where(eq(loans.id, book.active)),
    );
    expect(report.problems).toContainEqual(problem('closed-loan', book.active, 'principal-receivable'));
  });

  it("the copies the nightly accrual reads changed: a loan's late-fee ceiling, a bill's unpaid principal", async () => {
    const report = await checkCorrupted(async (tx) => {
      await tx
        .update(loans)
        .set({ lateFeeCeiling: sql`${loans.lateFeeCeiling} + 1` })
        .where(eq(loans.id, book.active));
      await tx
        .update(loanBills)
        .set({ unpaidPrincipal: sql`${loanBills.unpaidPrincipal} - 1` })
        .where(and(eq(loanBills.loanId, book.waived), eq(loanBills.number, 2)));
    });
    expect(report.problems).toContainEqual(problem('loan-row', book.active, 'late_fee_ceiling'));
    expect(report.problems).toContainEqual(problem('bill', book.waived, 'bill 2 unpaidPrincipal'));
  });

  it('a payment held for review flipped to applied', async () => {
    const report = await checkCorrupted((tx) =>
      tx.update(payments).set({ status: 'applied' }).where(eq(payments.id, book.review)),
    );
    expect(report.problems).toContainEqual(problem('account-balance', book.active, 'cash'));
    expect(report.problems).toContainEqual(problem('payment', book.active, 'cash booked'));
  });

  it("a loan row's accrual day moved back", async () => {
    const report = await checkCorrupted((tx) =>
      tx
        .update(loans)
        .set({ accruedThrough: sql`${loans.accruedThrough} - 3` })
        .where(eq(loans.id, book.waived)),
    );
    expect(report.problems).toContainEqual(problem('entry-date', book.waived, "within the loan's days"));
  });

  it('an entry with an unknown source', async () => {
    const report = await checkCorrupted(async (tx) => {
      const entry = await entryOf(tx, book.credit, 'interest-accrual');
      await tx.update(ledgerEntries).set({ source: 'manual fix' }).where(eq(ledgerEntries.id, entry.id));
    });
    expect(report.problems).toContainEqual(problem('entry-source', book.credit, 'source kind'));
  });
});

describe('npm run ledger:check', () => {
  it('prints each disagreement with its loan, account, expected and found, and exits 1; 0 on a clean book', async () => {
    const lines: string[] = [];
    expect(await runLedgerCheck(TEST_ENV as Env, (line) => lines.push(line), t.database)).toBe(0);
    expect(lines.at(-1)).toMatch(/^ledger OK/);
    await t.database.db
      .update(payments)
      .set({ amount: sql`${payments.amount} + 1000` })
      .where(eq(payments.id, book.payment));
    try {
      lines.length = 0;
      expect(await runLedgerCheck(TEST_ENV as Env, (line) => lines.push(line), t.database)).toBe(1);
      const cash = lines.find((l) => l.startsWith(`loan ${book.active} cash:`));
      expect(cash).toMatch(/^loan \S+ cash: expected -?\d+, found -?\d+ \[account-balance\]$/);
      expect(lines.at(-1)).toMatch(/^\d+ problem\(s\)$/);
    } finally {
      await t.database.db
        .update(payments)
        .set({ amount: sql`${payments.amount} - 1000` })
        .where(eq(payments.id, book.payment));
    }
    expect(ledgerProblems(await checkLedger(t.database.db))).toBe(0);
  });
});

describe('GET /dev/ledger', () => {
  it("reads the command's lines on the server's own database: 200 on a clean book, 409 naming the problem", async () => {
    const clean = await t.app.inject({ method: 'GET', url: '/dev/ledger' });
    expect(clean.statusCode).toBe(200);
    expect(clean.headers['cache-control']).toBe('no-store');
    expect(clean.body).toMatch(/^checked 5 loans, \d+ entries, \d+ payments, \d+ disbursements in \d+ ms\n/);
    expect(clean.body.trim().split('\n').at(-1)).toMatch(/^ledger OK/);
    await t.database.db
      .update(payments)
      .set({ amount: sql`${payments.amount} + 1000` })
      .where(eq(payments.id, book.payment));
    try {
      const broken = await t.app.inject({ method: 'GET', url: '/dev/ledger' });
      expect(broken.statusCode).toBe(409);
      expect(broken.body).toMatch(
        new RegExp(`^loan ${book.active} cash: expected -?\\d+, found -?\\d+ \\[account-balance\\]$`, 'm'),
      );
    } finally {
      await t.database.db
        .update(payments)
        .set({ amount: sql`${payments.amount} - 1000` })
        .where(eq(payments.id, book.payment));
    }
  });
});

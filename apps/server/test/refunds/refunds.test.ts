import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/commands/audit-schema.ts';
import { checkLedger, ledgerProblems } from '../../src/cli/ledger-check-command.ts';
import { ledgerEntries, ledgerLines } from '../../src/modules/ledger/ledger-schema.ts';
import { loans } from '../../src/modules/loans/loan-orders-schema.ts';
import { decodeLoanAccount, storedAccountSql } from '../../src/modules/loans/stored-loan-account.ts';
import { smsOutbox } from '../../src/providers/sms/dev-outbox-schema.ts';
import { useTestApp } from '../helpers/test-app.ts';
import { finishAtBank } from '../loans/loan-helpers.ts';
import {
  expectFinished,
  expectOk,
  OVERPAID,
  overpaidBorrower,
  postCallback,
  refundAtBank,
  refundOfLoan,
  refundsOf,
} from './refund-helpers.ts';

const t = useTestApp({ env: { REFUND_RETRY_DELAY_SECONDS: 0 } });

afterAll(async () => {
  const report = await checkLedger(t.database.db);
  expect(ledgerProblems(report), JSON.stringify(report)).toBe(0);
});

const overpaid = () => overpaidBorrower(t.app, t.database.db, t.clock.now());

/** The credit the loan's account holds, which its row's column must follow (the nightly accrual selects by it). */
async function loanCredit(loanId: string) {
  const [row] = await t.database.db
    .select({ heldCredit: loans.heldCredit, account: storedAccountSql })
    .from(loans)
    .where(eq(loans.id, loanId));
  const { credit } = decodeLoanAccount(row!.account);
  expect(row!.heldCredit).toBe(credit);
  return credit;
}

async function auditOf(refundId: string) {
  const rows = await t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, 'refund'), eq(auditLog.subjectId, refundId)));
  return rows.map((r) => `${r.command}:${r.outcome}:${r.actorKind}`).sort();
}

describe('the refund of credit held when a loan closes', () => {
  it('is created, sent through the sandbox bank and completed by its signed callback', async () => {
    const b = await overpaid();
    const refund = await refundOfLoan(t.database.db, b.loanId);
    expect(refund).toMatchObject({ amount: OVERPAID, state: 'pending', attempt: 1 });
    expect(await loanCredit(b.loanId)).toBe(OVERPAID);
    const before = (await refundsOf(t.app, b.token)).body.data;
    expect(before.held).toBe(OVERPAID);
    expect(before.list).toMatchObject([
      { id: refund!.id, order_id: b.loanId, amount: OVERPAID, state: 'pending' },
    ]);

    const [atBank] = await refundAtBank(t.database.db, refund!.id);
    expect(atBank).toMatchObject({
      externalId: `refund-${refund!.id}-1`,
      amount: OVERPAID,
      status: 'PENDING',
    });
    expectFinished(await finishAtBank(t.app, atBank!.reference, 'complete'));
    await t.app.jobs.whenIdle();

    expect(await refundOfLoan(t.database.db, b.loanId)).toMatchObject({ state: 'completed' });
    expect(await loanCredit(b.loanId)).toBe(0);
    const after = (await refundsOf(t.app, b.token)).body.data;
    expect(after.held).toBe(0);
    expect(after.list[0]).toMatchObject({ state: 'completed', attempts: 1, failure: null });
    expect(after.list[0]!.completed_at).not.toBeNull();

    // One credit-refund entry: borrower credit debited, cash credited, written by the refund.complete run.
    const entries = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.loanId, b.loanId), eq(ledgerEntries.movement, 'credit-refund')));
    expect(entries).toHaveLength(1);
    const lines = await t.database.db
      .select()
      .from(ledgerLines)
      .where(eq(ledgerLines.entryId, entries[0]!.id));
    expect(lines.map((l) => [l.account, l.side, l.amount])).toEqual([
      ['borrower-credit', 'debit', OVERPAID],
      ['cash', 'credit', OVERPAID],
    ]);
    const [completeRun] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.id, entries[0]!.commandId!));
    expect(completeRun).toMatchObject({ command: 'refund.complete', actorKind: 'provider' });
    expect(await auditOf(refund!.id)).toEqual([
      'refund.complete:completed:provider',
      'refund.create:queued:job',
    ]);

    const sms = await t.database.db.select().from(smsOutbox);
    const refunded = sms.filter((m) => m.text.includes('dikembalikan'));
    expect(refunded, JSON.stringify(sms.slice(-3))).toHaveLength(1);
    expect(refunded[0]!.text).toContain('182.000');
  });

  it('retries a failed try as a new payout and completes it; nothing is booked for the failure', async () => {
    const b = await overpaid();
    const refund = await refundOfLoan(t.database.db, b.loanId);
    const [first] = await refundAtBank(t.database.db, refund!.id);
    expectFinished(await finishAtBank(t.app, first!.reference, 'fail', 'BANK_TIMEOUT'));
    await t.app.jobs.whenIdle();

    const retried = await refundOfLoan(t.database.db, b.loanId);
    expect(retried).toMatchObject({ state: 'pending', attempt: 2, failures: 1, failureCode: 'BANK_TIMEOUT' });
    expect(await loanCredit(b.loanId)).toBe(OVERPAID);
    const tries = await refundAtBank(t.database.db, refund!.id);
    expect(tries.map((r) => [r.externalId, r.status])).toEqual([
      [`refund-${refund!.id}-1`, 'FAILED'],
      [`refund-${refund!.id}-2`, 'PENDING'],
    ]);

    // The first try's callback again (the bank's retry) changes nothing.
    expectOk(await postCallback(t.app, tries[0]!.callbackBody!));
    expect(await refundOfLoan(t.database.db, b.loanId)).toMatchObject({ state: 'pending', attempt: 2 });

    expectFinished(await finishAtBank(t.app, tries[1]!.reference, 'complete'));
    await t.app.jobs.whenIdle();
    expect(await refundOfLoan(t.database.db, b.loanId)).toMatchObject({ state: 'completed', attempt: 2 });
    expect(await loanCredit(b.loanId)).toBe(0);
    expect(await auditOf(refund!.id)).toEqual([
      'refund.complete:completed:provider',
      'refund.create:queued:job',
      'refund.fail:retry:provider',
    ]);
  });

  it('keeps a refund failed after the last try, its credit still held and shown', async () => {
    const b = await overpaid();
    const refund = await refundOfLoan(t.database.db, b.loanId);
    for (let n = 1; n <= 3; n++) {
      const tries = await refundAtBank(t.database.db, refund!.id);
      expect(tries).toHaveLength(n);
      expectFinished(await finishAtBank(t.app, tries[n - 1]!.reference, 'fail', 'BANK_TIMEOUT'));
      await t.app.jobs.whenIdle();
    }
    expect(await refundOfLoan(t.database.db, b.loanId)).toMatchObject({ state: 'failed', failures: 3 });
    expect(await loanCredit(b.loanId)).toBe(OVERPAID);
    expect((await refundsOf(t.app, b.token)).body.data).toMatchObject({
      held: OVERPAID,
      list: [{ state: 'failed', failure: 'BANK_TIMEOUT' }],
    });
  });

  it('refuses a forged callback (401, nothing changes) and acknowledges a replayed one (nothing changes)', async () => {
    const b = await overpaid();
    const refund = await refundOfLoan(t.database.db, b.loanId);
    const [atBank] = await refundAtBank(t.database.db, refund!.id);
    const forged = JSON.stringify({
      id: atBank!.reference,
      external_id: atBank!.externalId,
      amount: OVERPAID,
      bank_code: atBank!.bankCode,
      status: 'COMPLETED',
      failure_code: null,
      updated: new Date().toISOString(),
    });
    const refused = await postCallback(t.app, forged, 'not-the-sandbox-secret-but-long-enough-0001');
    expect(refused.statusCode).toBe(401);
    expect(await refundOfLoan(t.database.db, b.loanId)).toMatchObject({ state: 'pending' });
    expect(await loanCredit(b.loanId)).toBe(OVERPAID);

    expectFinished(await finishAtBank(t.app, atBank!.reference, 'complete'));
    await t.app.jobs.whenIdle();
    const [done] = await refundAtBank(t.database.db, refund!.id);
    const replay = await postCallback(t.app, done!.callbackBody!);
    expectOk(replay);
    expect(await refundOfLoan(t.database.db, b.loanId)).toMatchObject({ state: 'completed' });
    expect(await loanCredit(b.loanId)).toBe(0);
    const entries = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.loanId, b.loanId), eq(ledgerEntries.movement, 'credit-refund')));
    expect(entries).toHaveLength(1);
    expect(await auditOf(refund!.id)).toEqual([
      'refund.complete:completed:provider',
      'refund.create:queued:job',
    ]);
  });

  it('creates no refund for a loan closed without credit', async () => {
    const b = await overpaidBorrower(t.app, t.database.db, t.clock.now(), 0);
    expect(await refundOfLoan(t.database.db, b.loanId)).toBeUndefined();
    expect((await refundsOf(t.app, b.token)).body.data).toEqual({ held: 0, list: [] });
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { checkLedger, ledgerProblems } from '../../src/cli/ledger-check-command.ts';
import { auditLog } from '../../src/commands/audit-schema.ts';
import { refunds } from '../../src/modules/refunds/refunds-schema.ts';
import { REFUND_SWEEP } from '../../src/modules/refunds/refunds-service.ts';
import { useTestApp } from '../helpers/test-app.ts';
import { finishAtBank } from '../loans/loan-helpers.ts';
import { codeFor, payCode, repayingBorrower } from '../repayments/repayment-helpers.ts';
import {
  expectFinished,
  OVERPAID,
  overpaidBorrower,
  refundAtBank,
  refundOfLoan,
  refundsOf,
} from './refund-helpers.ts';

// Above REFUND_AUTO_MAX with nothing approving: a loan's refund is created and waits, so deleting it leaves exactly a
// loan closed with credit before refunds existed (nothing was sent, nothing booked).
const t = useTestApp({ env: { REFUND_AUTO_MAX: 100_000, REFUND_AUTO_APPROVE: false } });

afterAll(async () => {
  const report = await checkLedger(t.database.db);
  expect(ledgerProblems(report), JSON.stringify(report)).toBe(0);
});

/** A borrower whose loan closed with `extra` credit and, as before refunds existed, no refund. */
async function closedBeforeRefunds(extra = OVERPAID) {
  const b = await overpaidBorrower(t.app, t.database.db, t.clock.now(), extra);
  await t.database.db.delete(refunds).where(eq(refunds.loanId, b.loanId));
  return b;
}

async function sweep() {
  await t.app.jobs.trigger(REFUND_SWEEP);
  await t.app.jobs.whenIdle();
}

/** The audit rows of the refunds the sweep job created. */
function sweepRuns() {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.command, 'refund.create'), eq(auditLog.actorId, REFUND_SWEEP.name)));
}

describe('the refund sweep (backfill of loans closed with credit before refunds existed)', () => {
  it('creates the missing refund once, keeps its approval rule, and the refund is then paid', async () => {
    const old = await closedBeforeRefunds();
    expect(await refundOfLoan(t.database.db, old.loanId)).toBeUndefined();
    // Shown as held already (the loan's credit), with no refund in the list yet.
    expect((await refundsOf(t.app, old.token)).body.data).toEqual({ held: OVERPAID, list: [] });
    // Two loans the sweep must leave alone: one closed without credit, one whose refund exists.
    const exact = await repayingBorrower(t.app, t.database.db, t.clock.now());
    const code = await codeFor(t.app, exact, 'settlement');
    await payCode(t.app, code.code_id, code.amount);
    const refunded = await overpaidBorrower(t.app, t.database.db, t.clock.now(), 150_000);
    const existing = await refundOfLoan(t.database.db, refunded.loanId);

    await sweep();
    const created = await refundOfLoan(t.database.db, old.loanId);
    // Above REFUND_AUTO_MAX: it waits for approval like any other (the sweep never sends past the rule).
    expect(created).toMatchObject({ amount: OVERPAID, state: 'awaiting_approval', userId: old.userId });
    expect(await refundOfLoan(t.database.db, exact.loanId)).toBeUndefined();
    expect(await refundOfLoan(t.database.db, refunded.loanId)).toEqual(existing);
    expect((await sweepRuns()).map((r) => [r.subjectId, r.outcome])).toEqual([
      [created!.id, 'awaiting_approval'],
    ]);

    // Idempotent: a second run (the next night, or a cron fired twice) changes nothing.
    await sweep();
    expect(await refundOfLoan(t.database.db, old.loanId)).toEqual(created);
    expect(await sweepRuns()).toHaveLength(1);

    // Approved, it goes out like any refund and the borrower sees it paid.
    const staff = { kind: 'staff', staffId: 'staff-1', permissions: ['refunds.approve'] } as const;
    await t.app.infra.commands.run(t.app.refunds.service.approveCommand, { refundId: created!.id }, staff, {
      reason: 'backfilled refund checked',
    });
    t.app.refunds.service.wake();
    await t.app.jobs.whenIdle();
    const [atBank] = await refundAtBank(t.database.db, created!.id);
    expect(atBank).toMatchObject({ amount: OVERPAID, status: 'PENDING' });
    expectFinished(await finishAtBank(t.app, atBank!.reference, 'complete'));
    await t.app.jobs.whenIdle();
    const after = (await refundsOf(t.app, old.token)).body.data;
    expect(after.held).toBe(0);
    expect(after.list).toMatchObject([{ id: created!.id, state: 'completed', amount: OVERPAID }]);
  });
});

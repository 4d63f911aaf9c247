import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger, ledgerProblems } from '../../src/cli/ledger-check-command.ts';
import { auditLog } from '../../src/commands/audit-schema.ts';
import { loans } from '../../src/modules/loans/loan-orders-schema.ts';
import { call, signIn, useTestApp } from '../helpers/test-app.ts';
import { finishAtBank } from '../loans/loan-helpers.ts';
import {
  OVERPAID,
  overpaidBorrower,
  refundAtBank,
  refundOfLoan,
  refundsOf,
} from '../refunds/refund-helpers.ts';
import { bills, repayingBorrower } from '../repayments/repayment-helpers.ts';
import {
  adminCall,
  freshSession,
  verifiedAdministrator,
  verifiedStaff,
  type StaffLogin,
} from '../staff/staff-helpers.ts';

// Above REFUND_AUTO_MAX a refund waits for staff, and no job approves it meanwhile.
const t = useTestApp({
  env: { REFUND_AUTO_MAX: 100_000, REFUND_AUTO_APPROVE: false, REFUND_RETRY_DELAY_SECONDS: 0 },
});

afterAll(async () => {
  const report = await checkLedger(t.database.db);
  expect(ledgerProblems(report), JSON.stringify(report)).toBe(0);
});

let admin: StaffLogin;
let collector: StaffLogin;
let finance: StaffLogin;
let finance2: StaffLogin;
beforeAll(async () => {
  admin = await verifiedAdministrator(t);
  collector = await verifiedStaff(t, admin.token, 'collector');
  finance = await verifiedStaff(t, admin.token, 'finance');
  finance2 = await verifiedStaff(t, admin.token, 'finance');
});

async function advanceDays(days: number) {
  await call(t.app, { method: 'POST', url: '/api/dev/clock', payload: { days } });
  for (const member of [admin, collector, finance, finance2]) member.token = await freshSession(t, member);
}

const post = <T = { request_id: string; state: string }>(token: string, path: string, body: object) =>
  adminCall<T>(t.app, 'POST', path, { token, body: body as Record<string, unknown> });
const approve = (token: string, id: string) =>
  post<{ state: string }>(token, `/approvals/${id}/approve`, { reason: 'documents seen' });

async function loanState(loanId: string) {
  const [row] = await t.database.db.select({ state: loans.state }).from(loans).where(eq(loans.id, loanId));
  return row!.state;
}

describe('late-fee waivers and write-offs need a second person', () => {
  it('a collector asks to waive the late fees, finance approves, and the bills no longer charge them', async () => {
    const b = await repayingBorrower(t.app, t.database.db, t.clock.now());
    await advanceDays(40);
    const { token } = await signIn(t.app, b.phone);
    const lateFees = (await bills(t.app, token)).body.data.bills.reduce(
      (sum, bill) => sum + bill.late_fee,
      0,
    );
    expect(lateFees).toBeGreaterThan(0);

    const asked = await post(collector.token, `/loans/${b.loanId}/waive_late_fees`, {
      reason: 'hospitalised',
    });
    expect(asked.body.code, JSON.stringify(asked.body)).toBe(200);
    // Still charged until someone else approves.
    expect((await bills(t.app, token)).body.data.bills.some((bill) => bill.late_fee > 0)).toBe(true);
    expect((await approve(collector.token, asked.body.data.request_id)).body.code).toBe(4350);
    expect((await approve(finance.token, asked.body.data.request_id)).body.code).toBe(200);
    for (const bill of (await bills(t.app, token)).body.data.bills) expect(bill.late_fee).toBe(0);
    const [waiver] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.command, 'loan.waive_late_fees'), eq(auditLog.subjectId, b.loanId)));
    expect(waiver).toMatchObject({ actorId: finance.staffId, outcome: 'waived' });
  });

  it('a write-off is asked for an overdue loan only, and runs once approved', async () => {
    const b = await repayingBorrower(t.app, t.database.db, t.clock.now());
    // Not overdue: refused when asked, nothing waits.
    expect((await post(finance.token, `/loans/${b.loanId}/write_off`, { reason: 'early' })).body.code).toBe(
      4090,
    );
    // A collector's role does not write off.
    expect((await post(collector.token, `/loans/${b.loanId}/write_off`, { reason: 'x' })).body.code).toBe(
      4033,
    );
    await advanceDays(120);
    const asked = await post(finance.token, `/loans/${b.loanId}/write_off`, {
      reason: 'unreachable 90 days',
    });
    expect(asked.body.code).toBe(200);
    expect(await loanState(b.loanId)).toBe('overdue');
    expect((await approve(finance2.token, asked.body.data.request_id)).body.code).toBe(200);
    expect(await loanState(b.loanId)).toBe('written-off');
  });
});

describe('refunds above the automatic amount, and failed refunds', () => {
  it('a refund waiting for approval is sent once a second member approves it', async () => {
    const b = await overpaidBorrower(t.app, t.database.db, t.clock.now());
    const waiting = (await refundOfLoan(t.database.db, b.loanId))!;
    expect(waiting.state).toBe('awaiting_approval');
    const listed = await adminCall<{ items: { id: string; amount: number }[] }>(t.app, 'GET', '/refunds', {
      token: finance.token,
    });
    expect(listed.body.data.items.find((r) => r.id === waiting.id)).toMatchObject({ amount: OVERPAID });

    const asked = await post(finance.token, `/refunds/${waiting.id}/approve`, { reason: 'account verified' });
    expect(asked.body.code).toBe(200);
    expect(await refundAtBank(t.database.db, waiting.id)).toEqual([]);
    expect((await approve(finance2.token, asked.body.data.request_id)).body.code).toBe(200);
    await t.app.jobs.whenIdle();
    expect(await refundOfLoan(t.database.db, b.loanId)).toMatchObject({ state: 'pending', attempt: 1 });
    expect(await refundAtBank(t.database.db, waiting.id)).toHaveLength(1);
  });

  it('a failed refund is retried as a new try, or cancelled with its credit still held', async () => {
    const b = await overpaidBorrower(t.app, t.database.db, t.clock.now());
    const refund = (await refundOfLoan(t.database.db, b.loanId))!;
    const asked = await post(finance.token, `/refunds/${refund.id}/approve`, { reason: 'account verified' });
    await approve(finance2.token, asked.body.data.request_id);
    await t.app.jobs.whenIdle();
    const failAll = async (from: number, to: number) => {
      for (let n = from; n <= to; n++) {
        const tries = await refundAtBank(t.database.db, refund.id);
        expect(tries).toHaveLength(n);
        await finishAtBank(t.app, tries[n - 1]!.reference, 'fail', 'BANK_TIMEOUT');
        await t.app.jobs.whenIdle();
      }
    };
    await failAll(1, 3);
    expect(await refundOfLoan(t.database.db, b.loanId)).toMatchObject({ state: 'failed' });
    // Only a failed refund is retried or cancelled.
    const failed = await adminCall<{ items: { id: string }[] }>(t.app, 'GET', '/refunds?state=failed', {
      token: finance.token,
    });
    expect(failed.body.data.items.map((r) => r.id)).toContain(refund.id);

    const retried = await post(finance.token, `/refunds/${refund.id}/retry`, { reason: 'bank back up' });
    expect(retried.body).toMatchObject({ code: 200, data: { state: 'queued' } });
    await t.app.jobs.whenIdle();
    expect(await refundAtBank(t.database.db, refund.id)).toHaveLength(4);
    expect((await post(finance.token, `/refunds/${refund.id}/cancel`, { reason: 'x' })).body.code).toBe(4090);
    await failAll(4, 4);
    expect(await refundOfLoan(t.database.db, b.loanId)).toMatchObject({ state: 'failed', attempt: 4 });

    const cancelled = await post(finance.token, `/refunds/${refund.id}/cancel`, { reason: 'account closed' });
    expect(cancelled.body).toMatchObject({ code: 200, data: { state: 'cancelled' } });
    expect((await refundsOf(t.app, b.token)).body.data).toMatchObject({
      held: OVERPAID,
      list: [{ state: 'cancelled' }],
    });
    expect((await post(finance.token, `/refunds/${refund.id}/retry`, { reason: 'x' })).body.code).toBe(4090);
  });
});

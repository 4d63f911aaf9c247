import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ApprovalView } from '@kaskita/domain/contract/admin-approvals';
import { checkLedger, ledgerProblems } from '../../src/cli/ledger-check-command.ts';
import { PERMISSIONS } from '@kaskita/domain/staff/permissions';
import { auditLog } from '../../src/commands/audit-schema.ts';
import { defineCommand } from '../../src/commands/command.ts';
import { messageOutbox } from '../../src/jobs/outbox-schema.ts';
import { approvalRequests } from '../../src/modules/approvals/approvals-schema.ts';
import { payments } from '../../src/modules/repayments/repayments-schema.ts';
import { signIn, useTestApp } from '../helpers/test-app.ts';
import {
  bills,
  codeFor,
  paidXendit,
  payCode,
  repayingBorrower,
  xenditCallback,
} from '../repayments/repayment-helpers.ts';
import {
  adminCall,
  freshSession,
  verifiedAdministrator,
  verifiedStaff,
  type StaffLogin,
} from '../staff/staff-helpers.ts';
import { phoneOfUser, sentTo } from '../helpers/sealed-phones.ts';

const t = useTestApp();

afterAll(async () => {
  // Every payment resolved here moved its money once, and the journal still explains every rupiah.
  const report = await checkLedger(t.database.db);
  expect(ledgerProblems(report), JSON.stringify(report)).toBe(0);
});

let maker: StaffLogin;
let checker: StaffLogin;
let collector: StaffLogin;
beforeAll(async () => {
  const admin = await verifiedAdministrator(t);
  maker = await verifiedStaff(t, admin.token, 'customer_support');
  checker = await verifiedStaff(t, admin.token, 'finance');
  collector = await verifiedStaff(t, admin.token, 'collector');
});

/** Staff sessions end after 30 idle minutes: after the clock jumped a day, each member signs in again. */
async function signInAgain() {
  for (const member of [maker, checker, collector]) member.token = await freshSession(t, member);
}

/** A repaying borrower who paid this instalment's code a day after it expired: the payment waits for review. */
async function latePayment() {
  const b = await repayingBorrower(t.app, t.database.db, t.clock.now());
  const code = await codeFor(t.app, b);
  t.clock.advance(25 * 3600);
  b.token = (await signIn(t.app, b.phone)).token;
  const paid = paidXendit(code.code_id, code.amount, t.clock.now());
  expect((await xenditCallback(t.app, paid)).statusCode).toBe(200);
  const [payment] = await t.database.db
    .select()
    .from(payments)
    .where(eq(payments.paymentCodeId, code.code_id));
  expect(payment).toMatchObject({ status: 'review', reviewReason: 'expired_code' });
  await signInAgain();
  return { b, code, payment: payment! };
}

const ask = (token: string, paymentId: string, loanId: string, reason = 'paid a day late, same borrower') =>
  adminCall<{ request_id: string; state: string }>(t.app, 'POST', `/payments/${paymentId}/apply`, {
    token,
    body: { order_id: loanId, reason },
  });
const decide = (token: string, id: string, how: 'approve' | 'reject' | 'withdraw', ip = '10.9.0.7') =>
  adminCall<{ id: string; state: string }>(t.app, 'POST', `/approvals/${id}/${how}`, {
    token,
    body: { reason: `${how}: checked the bank statement` },
    ip,
  });

async function auditRows(commands: string[], subjectIds: string[]) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(inArray(auditLog.command, commands), inArray(auditLog.subjectId, subjectIds)));
}

async function receiptsTo(userId: string) {
  await t.app.jobs.whenIdle();
  const phone = await phoneOfUser(t.app, t.database.db, userId);
  return t.database.db
    .select()
    .from(messageOutbox)
    .where(and(sentTo(t.app, phone), like(messageOutbox.idempotencyKey, 'payment-receipt:%')));
}

describe('resolving a payment onto a loan (maker-checker)', () => {
  it('an expired-code payment applied through a request and a second person’s approval pays the bill', async () => {
    const { b, payment } = await latePayment();
    expect((await bills(t.app, b.token)).body.data.bills[0]!.state).not.toBe('paid');

    const asked = await ask(maker.token, payment.id, b.loanId);
    expect(asked.body.code, JSON.stringify(asked.body)).toBe(200);
    const requestId = asked.body.data.request_id;
    // Asking changes nothing yet.
    expect((await bills(t.app, b.token)).body.data.bills[0]!.paid).toBe(0);

    const shown = await adminCall<ApprovalView>(t.app, 'GET', `/approvals/${requestId}`, {
      token: checker.token,
    });
    expect(shown.body.data).toMatchObject({
      command: 'payment.resolve',
      state: 'pending',
      requested_by: { id: maker.staffId, name: 'A customer_support' },
      reason: 'paid a day late, same borrower',
      can_decide: true,
      preview: { paymentId: payment.id, loanId: b.loanId, amount: payment.amount, sameBorrower: true },
    });
    const waiting = await adminCall<{ items: ApprovalView[] }>(t.app, 'GET', '/approvals?scope=waiting', {
      token: checker.token,
    });
    expect(waiting.body.data.items.map((r) => r.id)).toContain(requestId);
    // The requester does not see their own request among those waiting for them, but in their own.
    const mine = await adminCall<{ items: ApprovalView[] }>(t.app, 'GET', '/approvals?scope=mine', {
      token: maker.token,
    });
    expect(mine.body.data.items.find((r) => r.id === requestId)).toMatchObject({ can_decide: false });

    const approved = await decide(checker.token, requestId, 'approve');
    expect(approved.body.code, JSON.stringify(approved.body)).toBe(200);
    const view = (await bills(t.app, b.token)).body.data;
    expect(view.bills[0]!.state).toBe('paid');
    expect(view.bills[0]!.paid).toBe(payment.amount);
    const [applied] = await t.database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(applied).toMatchObject({ status: 'applied', loanId: b.loanId, billsPaid: [1] });
    expect(await receiptsTo(b.userId)).toHaveLength(1);

    // Who asked, who approved and the command itself, the last two from the approver's network.
    const rows = await auditRows(
      ['approval.request', 'approval.approve', 'payment.resolve'],
      [requestId, b.loanId],
    );
    const byCommand = Object.fromEntries(rows.map((r) => [r.command, r]));
    expect(byCommand['approval.request']).toMatchObject({ actorId: maker.staffId, outcome: 'requested' });
    expect(byCommand['approval.approve']).toMatchObject({
      actorId: checker.staffId,
      outcome: 'approved',
      network: '10.9.0.7',
    });
    expect(byCommand['payment.resolve']).toMatchObject({
      actorId: checker.staffId,
      outcome: 'applied',
      network: '10.9.0.7',
      reason: `approval ${requestId}: paid a day late, same borrower`,
    });

    // The money moved once: the request is decided, and the payment is no longer one to resolve.
    expect((await decide(checker.token, requestId, 'approve')).body.code).toBe(4351);
    expect((await ask(maker.token, payment.id, b.loanId)).body.code).toBe(4090);
    expect((await bills(t.app, b.token)).body.data.bills[0]!.paid).toBe(payment.amount);
  });

  it('refuses the requester approving or rejecting their own request (4350): it stays pending', async () => {
    const { b, payment } = await latePayment();
    const requestId = (await ask(checker.token, payment.id, b.loanId)).body.data.request_id;
    expect((await decide(checker.token, requestId, 'approve')).body.code).toBe(4350);
    expect((await decide(checker.token, requestId, 'reject')).body.code).toBe(4350);
    const [row] = await t.database.db
      .select()
      .from(approvalRequests)
      .where(eq(approvalRequests.id, requestId));
    expect(row!.state).toBe('pending');
    expect((await bills(t.app, b.token)).body.data.bills[0]!.paid).toBe(0);
    // A second request for the same change is refused while the first waits.
    expect((await ask(maker.token, payment.id, b.loanId)).body.code).toBe(4352);
    // Its requester may withdraw it; then nobody can approve it.
    expect((await decide(maker.token, requestId, 'withdraw')).body.code).toBe(4033);
    expect((await decide(checker.token, requestId, 'withdraw')).body.data.state).toBe('withdrawn');
    expect((await decide(maker.token, requestId, 'approve')).body.code).toBe(4351);
  });

  it('refuses an approver whose role lacks the command’s permission (4033), and hides the request from them', async () => {
    const { b, payment } = await latePayment();
    const requestId = (await ask(maker.token, payment.id, b.loanId)).body.data.request_id;
    expect((await decide(collector.token, requestId, 'approve')).body.code).toBe(4033);
    expect((await decide(collector.token, requestId, 'reject')).body.code).toBe(4033);
    expect(
      (await adminCall(t.app, 'GET', `/approvals/${requestId}`, { token: collector.token })).body.code,
    ).toBe(4040);
    const waiting = await adminCall<{ items: ApprovalView[] }>(t.app, 'GET', '/approvals', {
      token: collector.token,
    });
    expect(waiting.body.data.items.map((r) => r.id)).not.toContain(requestId);
    expect((await bills(t.app, b.token)).body.data.bills[0]!.paid).toBe(0);
    // Rejected by someone who may: nothing ran.
    expect((await decide(checker.token, requestId, 'reject')).body.data.state).toBe('rejected');
    expect((await bills(t.app, b.token)).body.data.bills[0]!.paid).toBe(0);
  });

  it('a command that fails on approval leaves the request pending and no audit row of the approval', async () => {
    const { b, payment } = await latePayment();
    const requestId = (await ask(maker.token, payment.id, b.loanId)).body.data.request_id;
    // Meanwhile the borrower settles the whole loan: there is nothing left to apply the payment onto.
    const settlement = await codeFor(t.app, b, 'settlement');
    await payCode(t.app, settlement.code_id);
    const approved = await decide(checker.token, requestId, 'approve');
    expect(approved.body.code).toBe(4310);
    const [row] = await t.database.db
      .select()
      .from(approvalRequests)
      .where(eq(approvalRequests.id, requestId));
    expect(row).toMatchObject({ state: 'pending', decidedBy: null });
    expect(await auditRows(['approval.approve'], [requestId])).toEqual([]);
    expect(await auditRows(['payment.resolve'], [b.loanId])).toEqual([]);
    const [still] = await t.database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(still!.status).toBe('review');
  });

  it('the command runs in the approval’s transaction: when the approval fails after it, nothing of it stays', async () => {
    const marker = `marker-${Date.now()}`;
    // A command that, once run, takes its own request out of `pending`, so recording the approval then fails.
    const sabotage = defineCommand({
      name: 'test.sabotage',
      input: z.object({ marker: z.string() }),
      actors: ['staff'],
      permission: PERMISSIONS.paymentResolve,
      handle: async (tx, input) => {
        await tx
          .update(approvalRequests)
          .set({ state: 'withdrawn' })
          .where(eq(approvalRequests.subjectId, input.marker));
        return { result: null, outcome: 'done', subject: { type: 'test', id: input.marker } };
      },
    });
    t.app.approvals.register({
      command: sabotage,
      subject: (input) => ({ type: 'test', id: input.marker }),
      preview: async () => ({}),
    });
    const asker = {
      kind: 'staff',
      staffId: maker.staffId,
      permissions: [PERMISSIONS.paymentResolve],
    } as const;
    const approver = { ...asker, staffId: checker.staffId };
    const { id } = await t.app.approvals.request('test.sabotage', { marker }, asker, 'to test');
    await expect(t.app.approvals.approve(id, approver, 'ok')).rejects.toMatchObject({
      key: 'APPROVAL_NOT_PENDING',
    });
    const [row] = await t.database.db.select().from(approvalRequests).where(eq(approvalRequests.id, id));
    expect(row!.state).toBe('pending');
    expect(await auditRows(['test.sabotage'], [marker])).toEqual([]);
    expect(await auditRows(['approval.approve'], [id])).toEqual([]);
    expect(await auditRows(['approval.request'], [id])).toHaveLength(1);
  });
});

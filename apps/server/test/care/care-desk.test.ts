import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../src/commands/audit-schema.ts';
import { messageOutbox } from '../../src/db/schema.ts';
import { DEV_DISBURSEMENT_CALLBACK_SECRET } from '../../src/env.ts';
import { OutboxRepository } from '../../src/jobs/outbox-repository.ts';
import { ledgerEntries } from '../../src/modules/ledger/ledger-schema.ts';
import { disbursements, loans } from '../../src/modules/loans/loan-orders-schema.ts';
import {
  SIGNATURE_HEADER,
  signSandboxCallback,
  TIMESTAMP_HEADER,
} from '../../src/providers/disbursement/disbursement-callback.ts';
import { sandboxDisbursements } from '../../src/providers/disbursement/sandbox-disbursement-schema.ts';
import { call, signIn, useTestApp } from '../helpers/test-app.ts';
import { approvedBorrower, currentOrder, finishAtBank, order, pendingAtBank } from '../loans/loan-helpers.ts';
import { adminCall, verifiedAdministrator, verifiedStaff, type StaffLogin } from '../staff/staff-helpers.ts';
import { phoneOfUser, recipientOf, userByPhone } from '../helpers/sealed-phones.ts';

const t = useTestApp();

let admin: StaffLogin | undefined;
const administrator = async () => (admin ??= await verifiedAdministrator(t));
const member = async (role: 'customer_support' | 'finance') =>
  verifiedStaff(t, (await administrator()).token, role);

const auditOf = (command: string, subjectId: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.command, command), eq(auditLog.subjectId, subjectId)));

describe('feedback and complaints', () => {
  it('a reply reaches the borrower in the app and queues one SMS, and closing keeps the resolution', async () => {
    const borrower = await signIn(t.app);
    const sent = await call(t.app, {
      method: 'POST',
      url: '/api/v1/feedback',
      token: borrower.token,
      payload: { content: 'My payment did not show up for two days', kind: 'complaint' },
    });
    expect(sent.body.code).toBe(200);
    const support = await member('customer_support');

    const list = await adminCall<{ items: { id: string; kind: string; status: string; deadline: string }[] }>(
      t.app,
      'GET',
      '/feedback?status=open&kind=complaint',
      { token: support.token },
    );
    const user = await userByPhone(t.app, t.database.db, borrower.phone);
    const row = list.body.data.items.find((i) => i.status === 'open');
    expect(row).toMatchObject({ kind: 'complaint', status: 'open' });
    // Ten working days from Monday 2 March 2026 (no holiday in between): Monday 16 March.
    expect(row!.deadline).toBe('2026-03-16');
    const id = row!.id;

    const reply = 'We found your payment and credited it on 3 March.';
    const answered = await adminCall<{ status: string; reply: string }>(
      t.app,
      'POST',
      `/feedback/${id}/reply`,
      {
        token: support.token,
        body: { reply },
      },
    );
    expect(answered.body.data).toMatchObject({ status: 'answered', reply });

    const mine = await call<{ list: { id: string; reply: string | null; status: string }[] }>(t.app, {
      method: 'GET',
      url: '/api/v1/feedback',
      token: borrower.token,
    });
    expect(mine.body.data.list).toEqual([expect.objectContaining({ id, reply, status: 'answered' })]);

    const sms = await t.database.db
      .select()
      .from(messageOutbox)
      .where(like(messageOutbox.idempotencyKey, `feedback-reply:${id}:%`));
    expect(sms).toHaveLength(1);
    expect(recipientOf(t.app, sms[0]!)).toBe(await phoneOfUser(t.app, t.database.db, user!.id));

    const [audit] = await auditOf('feedback.reply', id);
    expect(audit).toMatchObject({
      actorKind: 'staff',
      actorId: support.staffId,
      reason: reply,
      outcome: 'answered',
    });

    const closed = await adminCall<{ status: string }>(t.app, 'POST', `/feedback/${id}/close`, {
      token: support.token,
      body: { resolution: 'Credited; apology sent' },
    });
    expect(closed.body.data.status).toBe('closed');
    const again = await adminCall(t.app, 'POST', `/feedback/${id}/reply`, {
      token: support.token,
      body: { reply: 'more' },
    });
    expect(again.body.code).toBe(4372);
    const [closeAudit] = await auditOf('feedback.close', id);
    expect(closeAudit?.reason).toBe('Credited; apology sent');
    const after = await call<{ list: { resolution: string | null }[] }>(t.app, {
      method: 'GET',
      url: '/api/v1/feedback',
      token: borrower.token,
    });
    expect(after.body.data.list[0]!.resolution).toBe('Credited; apology sent');
  });
});

describe('the outbox list', () => {
  it('filters by borrower and kind, and never shows a code', async () => {
    const borrower = await signIn(t.app);
    await new OutboxRepository(t.app.infra.dataProtection).insert(t.database.db, {
      channel: 'sms',
      recipient: borrower.phone,
      body: 'KasKita: your code is 483920, valid 5 minutes',
      status: 'pending',
      idempotencyKey: `care-test-code:${borrower.phone}`,
      now: t.clock.now(),
    });
    const user = await userByPhone(t.app, t.database.db, borrower.phone);
    const auditor = await verifiedStaff(t, (await administrator()).token, 'auditor');
    const listed = await adminCall<{
      items: { kind: string; text: string | null; recipient_masked: string }[];
      total: number;
    }>(t.app, 'GET', `/messages?user_id=${user!.id}&kind=care-test-code`, { token: auditor.token });
    expect(listed.body.data.total).toBe(1);
    const [message] = listed.body.data.items;
    expect(message!.kind).toBe('care-test-code');
    expect(message!.text).toBe('KasKita: your code is ••••••, valid 5 minutes');
    expect(JSON.stringify(listed.body)).not.toContain('483920');
    expect(JSON.stringify(listed.body)).not.toContain(borrower.phone);
  });
});

function sendCallback(body: string) {
  const timestamp = t.clock
    .now()
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z');
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/disbursement/callback/sandbox',
    headers: {
      'content-type': 'application/json',
      [TIMESTAMP_HEADER]: timestamp,
      [SIGNATURE_HEADER]: signSandboxCallback(DEV_DISBURSEMENT_CALLBACK_SECRET, timestamp, body),
    },
    payload: body,
  });
}

async function orderAtBank(cardNum?: string) {
  const b = await approvedBorrower(t.app, t.database.db, t.clock.now(), cardNum ? { cardNum } : {});
  const placed = await order(t.app, b.token);
  expect(placed.body.code, JSON.stringify(placed.body)).toBe(200);
  const loanId = placed.body.data.order_id;
  return { b, loanId, reference: await pendingAtBank(t.app, t.database.db, loanId) };
}

const triesOf = (loanId: string) =>
  t.database.db.select().from(disbursements).where(eq(disbursements.loanId, loanId));

async function paidAtBank(loanId: string) {
  const ids = (await triesOf(loanId)).map((d) => d.id);
  const rows = await t.database.db.select().from(sandboxDisbursements);
  return rows.filter((r) => ids.includes(r.externalId) && r.status === 'COMPLETED');
}

const retry = (token: string, loanId: string) =>
  adminCall<{ outcome: string }>(t.app, 'POST', `/disbursements/${loanId}/retry`, {
    token,
    body: { reason: 'account checked with the borrower' },
  });

describe('disbursements', () => {
  it('a failed disbursement retried twice at once, with the old try’s late success, pays once', async () => {
    const { b, loanId, reference } = await orderAtBank('5432109222');
    await finishAtBank(t.app, reference, 'fail', 'ACCOUNT_NAME_MISMATCH');
    await t.app.jobs.whenIdle();
    const [old] = await triesOf(loanId);
    const finance = await member('finance');

    const failed = await adminCall<{ items: { loan_id: string; can_retry: boolean }[] }>(
      t.app,
      'GET',
      '/disbursements?tab=failed',
      { token: finance.token },
    );
    expect(failed.body.data.items).toContainEqual(
      expect.objectContaining({ loan_id: loanId, can_retry: true }),
    );

    const answers = await Promise.all([retry(finance.token, loanId), retry(finance.token, loanId)]);
    expect(answers.map((a) => a.body.code).sort()).toEqual([200, 4370]);

    const fresh = await pendingAtBank(t.app, t.database.db, loanId);
    // The old try's success arrives late, signed: it finds nothing in flight to complete.
    const late = await sendCallback(
      JSON.stringify({
        id: reference,
        external_id: old!.id,
        amount: old!.amount,
        bank_code: 'BCA',
        status: 'COMPLETED',
        failure_code: null,
        updated: t.clock.now().toISOString(),
      }),
    );
    expect(late.json().data.outcome).toBe('ignored');
    expect((await finishAtBank(t.app, fresh, 'complete')).body.code).toBe(200);
    await t.app.jobs.whenIdle();

    expect(await paidAtBank(loanId)).toHaveLength(1);
    expect((await triesOf(loanId)).map((d) => d.status).sort()).toEqual(['completed', 'failed']);
    const entries = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.loanId, loanId));
    const completed = (await triesOf(loanId)).find((d) => d.status === 'completed');
    // Every ledger entry of the loan comes from the one completed try.
    expect(new Set(entries.map((e) => e.source))).toEqual(new Set([`disbursement:${completed!.id}`]));
    expect((await currentOrder(t.app, b.token)).body.data.order!.state).toBe('active');
    const audits = await auditOf('disbursement.retry', loanId);
    expect(audits.map((a) => [a.outcome, a.reason])).toEqual([
      ['requeued', 'account checked with the borrower'],
    ]);

    // Paid: neither retried nor cancelled.
    expect((await retry(finance.token, loanId)).body.code).toBe(4370);
    const cancel = await adminCall(t.app, 'POST', `/disbursements/${loanId}/cancel`, {
      token: finance.token,
      body: { reason: 'duplicate' },
    });
    expect(cancel.body.code).toBe(4371);
  });

  it('a try stuck in sending is asked for again under its own id (no new try), and the bank pays it once', async () => {
    const { loanId } = await orderAtBank();
    const [stuck] = await triesOf(loanId);
    // As if our write of 'pending' was lost after the provider took it.
    await t.database.db
      .update(disbursements)
      .set({ status: 'sending', updatedAt: new Date(t.clock.now().getTime() - 3_600_000) })
      .where(eq(disbursements.id, stuck!.id));
    const finance = await member('finance');
    const listed = await adminCall<{ items: { loan_id: string }[] }>(
      t.app,
      'GET',
      '/disbursements?tab=stuck',
      {
        token: finance.token,
      },
    );
    expect(listed.body.data.items.map((i) => i.loan_id)).toContain(loanId);

    const answers = await Promise.all([retry(finance.token, loanId), retry(finance.token, loanId)]);
    expect(answers.map((a) => a.body.code).sort()).toEqual([200, 4370]);
    const reference = await pendingAtBank(t.app, t.database.db, loanId);
    expect((await triesOf(loanId)).map((d) => d.id)).toEqual([stuck!.id]);
    expect((await finishAtBank(t.app, reference, 'complete')).body.code).toBe(200);
    await t.app.jobs.whenIdle();
    expect(await paidAtBank(loanId)).toHaveLength(1);
  });

  it('cancels an interrupted loan with the reason: no bills, the borrower sees it cancelled', async () => {
    const { b, loanId, reference } = await orderAtBank('5432109333');
    await finishAtBank(t.app, reference, 'fail', 'ACCOUNT_CLOSED');
    await t.app.jobs.whenIdle();
    const finance = await member('finance');
    const cancelled = await adminCall<{ loan_state: string }>(
      t.app,
      'POST',
      `/disbursements/${loanId}/cancel`,
      {
        token: finance.token,
        body: { reason: 'borrower asked by phone' },
      },
    );
    expect(cancelled.body.data.loan_state).toBe('cancelled');
    const [loan] = await t.database.db.select().from(loans).where(eq(loans.id, loanId));
    expect(loan!.state).toBe('cancelled');
    expect((await currentOrder(t.app, b.token)).body.data.order).toBeNull();
    expect(
      await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.loanId, loanId)),
    ).toHaveLength(0);
    const [sms] = await t.database.db
      .select()
      .from(messageOutbox)
      .where(eq(messageOutbox.idempotencyKey, `loan-cancelled-by-staff:${loanId}`));
    expect(recipientOf(t.app, sms!)).toBe(await phoneOfUser(t.app, t.database.db, b.userId));
    const [audit] = await auditOf('disbursement.cancel', loanId);
    expect(audit).toMatchObject({
      outcome: 'cancelled',
      reason: 'borrower asked by phone',
      actorId: finance.staffId,
    });
  });

  it('refuses to cancel while the try is with the bank', async () => {
    const { loanId } = await orderAtBank();
    const finance = await member('finance');
    const res = await adminCall(t.app, 'POST', `/disbursements/${loanId}/cancel`, {
      token: finance.token,
      body: { reason: 'asked' },
    });
    expect(res.body.code).toBe(4371);
  });
});

import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Rupiah } from '@kaskita/domain/money/rupiah';
import { checkLedger, ledgerProblems } from '../../src/cli/ledger-check-command.ts';
import { auditLog } from '../../src/commands/audit-schema.ts';
import type { Tx } from '../../src/db/client.ts';
import { ledgerEntries } from '../../src/modules/ledger/ledger-schema.ts';
import { refunds } from '../../src/modules/refunds/refunds-schema.ts';
import { payments } from '../../src/modules/repayments/repayments-schema.ts';
import { smsOutbox } from '../../src/providers/sms/dev-outbox-schema.ts';
import { signIn, useTestApp } from '../helpers/test-app.ts';
import { finishAtBank } from '../loans/loan-helpers.ts';
import { expectFinished, refundAtBank, refundsOf } from '../refunds/refund-helpers.ts';
import {
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
import { checkCorrupted as checkCorruptedIn } from '../helpers/corrupted-ledger.ts';

const t = useTestApp({ env: { REFUND_RETRY_DELAY_SECONDS: 0 } });

let support: StaffLogin;
let finance: StaffLogin;
beforeAll(async () => {
  const admin = await verifiedAdministrator(t);
  support = await verifiedStaff(t, admin.token, 'customer_support');
  finance = await verifiedStaff(t, admin.token, 'finance');
});

afterAll(async () => {
  const report = await checkLedger(t.database.db);
  expect(ledgerProblems(report), JSON.stringify(report.problems)).toBe(0);
});

async function signInAgain() {
  for (const member of [support, finance]) member.token = await freshSession(t, member);
}

/** A repaying borrower whose payment came a day after its code expired: held for review, their bank card known. */
async function latePayment() {
  const b = await repayingBorrower(t.app, t.database.db, t.clock.now());
  const code = await codeFor(t.app, b);
  t.clock.advance(25 * 3600);
  b.token = (await signIn(t.app, b.phone)).token;
  await signInAgain();
  await xenditCallback(t.app, paidXendit(code.code_id, code.amount, t.clock.now()));
  const [payment] = await t.database.db
    .select()
    .from(payments)
    .where(eq(payments.paymentCodeId, code.code_id));
  expect(payment).toMatchObject({ status: 'review', reviewReason: 'expired_code' });
  return { b, payment: payment! };
}

function askReturn(paymentId: string, member = support) {
  return adminCall<{ request_id: string }>(t.app, 'POST', `/payments/${paymentId}/return`, {
    token: member.token,
    body: { reason: 'paid twice: the borrower asked for it back' },
  });
}

async function approve(requestId: string) {
  const approved = await adminCall(t.app, 'POST', `/approvals/${requestId}/approve`, {
    token: finance.token,
    body: { reason: 'statement checked' },
  });
  expect(approved.body.code, JSON.stringify(approved.body)).toBe(200);
  await t.app.jobs.whenIdle();
}

async function paymentRow(id: string) {
  const [row] = await t.database.db.select().from(payments).where(eq(payments.id, id));
  return row!;
}

async function returnOf(paymentId: string) {
  const rows = await t.database.db.select().from(refunds).where(eq(refunds.paymentId, paymentId));
  return rows;
}

/** The ledger check after `corrupt`, rolled back (helpers/corrupted-ledger.ts). */
const checkCorrupted = (corrupt: (tx: Tx) => Promise<unknown>) => checkCorruptedIn(t.database.db, corrupt);

describe('returning a payment that belongs on no loan', () => {
  it('is asked by one member, approved by another, paid back to the borrower’s bank and told by SMS', async () => {
    const { b, payment } = await latePayment();
    const asked = await askReturn(payment.id);
    expect(asked.body.code, JSON.stringify(asked.body)).toBe(200);
    // Nothing moves before the second person approves; the queue shows the request.
    expect((await paymentRow(payment.id)).status).toBe('review');
    expect(await returnOf(payment.id)).toHaveLength(0);
    const listed = await adminCall<{
      items: Array<{ payment_id: string; pending_request_id: string | null }>;
    }>(t.app, 'GET', '/payments/review?page_size=100', { token: finance.token });
    expect(listed.body.data.items.find((r) => r.payment_id === payment.id)?.pending_request_id).toBe(
      asked.body.data.request_id,
    );
    const request = await adminCall<{ preview: Record<string, unknown> }>(
      t.app,
      'GET',
      `/approvals/${asked.body.data.request_id}`,
      { token: finance.token },
    );
    expect(request.body.data.preview).toMatchObject({
      paymentId: payment.id,
      amount: payment.amount,
      reviewReason: 'expired_code',
      borrowerId: b.userId,
    });
    expect(String(request.body.data.preview.returnTo)).toMatch(/^\w+ \*{4}\d{4}$/);
    // The requester cannot approve their own request.
    const own = await adminCall(t.app, 'POST', `/approvals/${asked.body.data.request_id}/approve`, {
      token: support.token,
      body: { reason: 'mine' },
    });
    expect(own.body.code).not.toBe(200);

    await approve(asked.body.data.request_id);
    expect((await paymentRow(payment.id)).status).toBe('returning');
    const [refund] = await returnOf(payment.id);
    expect(refund).toMatchObject({
      loanId: null,
      userId: b.userId,
      amount: payment.amount,
      state: 'pending',
    });
    // The borrower sees it on its way, as a refund of that payment.
    expect((await refundsOf(t.app, b.token)).body.data.list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: refund!.id, order_id: null, payment_id: payment.id, state: 'pending' }),
      ]),
    );

    const [atBank] = await refundAtBank(t.database.db, refund!.id);
    expect(atBank).toMatchObject({ amount: payment.amount, status: 'PENDING' });
    expectFinished(await finishAtBank(t.app, atBank!.reference, 'complete'));
    await t.app.jobs.whenIdle();
    expect((await paymentRow(payment.id)).status).toBe('returned');
    expect((await returnOf(payment.id))[0]).toMatchObject({ state: 'completed' });
    // Nothing was booked on the loan: the payment never was.
    const entries = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(like(ledgerEntries.source, `refund:${refund!.id}`));
    expect(entries).toHaveLength(0);
    const sms = await t.database.db.select().from(smsOutbox);
    expect(
      sms.filter(
        (m) => m.text.includes('tidak dapat diterapkan ke pinjaman') && m.text.includes('dikembalikan'),
      ),
    ).toHaveLength(1);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.command, 'payment.return'), eq(auditLog.subjectId, payment.id)));
    expect(audit).toEqual([expect.objectContaining({ actorId: finance.staffId, outcome: 'queued' })]);
    // Once returned, it is neither returned nor applied again.
    expect((await askReturn(payment.id)).body.code).toBe(4090);

    const report = await checkLedger(t.database.db);
    expect(ledgerProblems(report), JSON.stringify(report.problems)).toBe(0);
    // The check sees a returned payment whose refund is missing or whose state disagrees.
    const broken = await checkCorrupted((tx) =>
      tx.update(payments).set({ status: 'review' }).where(eq(payments.id, payment.id)),
    );
    expect(broken.problems).toEqual([
      expect.objectContaining({
        rule: 'payment-return',
        ref: payment.id,
        found: `completed ${payment.amount}`,
      }),
    ]);
    const short = await checkCorrupted((tx) =>
      tx
        .update(refunds)
        .set({ amount: (payment.amount - 1) as Rupiah })
        .where(eq(refunds.id, refund!.id)),
    );
    expect(short.problems.map((p) => [p.rule, p.ref])).toContainEqual(['payment-return', payment.id]);
  });

  it('a failed return that staff cancel puts the payment back in review, to be returned anew', async () => {
    const { b, payment } = await latePayment();
    await approve((await askReturn(payment.id)).body.data.request_id);
    const [refund] = await returnOf(payment.id);
    for (let n = 1; n <= 3; n++) {
      const tries = await refundAtBank(t.database.db, refund!.id);
      expectFinished(await finishAtBank(t.app, tries[n - 1]!.reference, 'fail', 'BANK_TIMEOUT'));
      await t.app.jobs.whenIdle();
    }
    expect((await returnOf(payment.id))[0]).toMatchObject({ state: 'failed' });
    expect((await paymentRow(payment.id)).status).toBe('returning');
    const cancelled = await adminCall(t.app, 'POST', `/refunds/${refund!.id}/cancel`, {
      token: finance.token,
      body: { reason: 'account closed; will ask the borrower for another' },
    });
    expect(cancelled.body.code, JSON.stringify(cancelled.body)).toBe(200);
    expect((await paymentRow(payment.id)).status).toBe('review');
    // Back in the queue, and a second return is a new refund beside the cancelled one.
    const again = await askReturn(payment.id);
    expect(again.body.code).toBe(200);
    await approve(again.body.data.request_id);
    const rows = await returnOf(payment.id);
    expect(rows.map((r) => r.state).sort()).toEqual(['cancelled', 'pending']);
    expect(
      (await refundsOf(t.app, b.token)).body.data.list.filter((r) => r.payment_id === payment.id),
    ).toHaveLength(2);
  });

  it('is refused for a payment whose code named nobody, and for one not in review', async () => {
    const unknown = `pay-unknown-${Date.now()}`;
    await xenditCallback(t.app, paidXendit('no-such-code', 75_000, t.clock.now(), unknown));
    const [orphan] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.providerPaymentId, unknown));
    await signInAgain();
    expect((await askReturn(orphan!.id)).body.code).toBe(4343);

    const b = await repayingBorrower(t.app, t.database.db, t.clock.now());
    const code = await codeFor(t.app, b);
    await payCode(t.app, code.code_id);
    const [applied] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.paymentCodeId, code.code_id));
    await signInAgain();
    expect((await askReturn(applied!.id)).body.code).toBe(4090);
    expect((await askReturn('no-such-payment')).body.code).toBe(4040);
  });
});

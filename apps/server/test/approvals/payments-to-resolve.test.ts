import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FiledPaymentClaim, PaymentClaimsView } from '@kaskita/domain/contract/payment-claims';
import { auditLog } from '../../src/commands/audit-schema.ts';
import { messageOutbox } from '../../src/jobs/outbox-schema.ts';
import { payments } from '../../src/modules/repayments/repayments-schema.ts';
import { smsOutbox } from '../../src/providers/sms/dev-outbox-schema.ts';
import { multipartForm } from '../helpers/multipart.ts';
import { call, signIn, useTestApp } from '../helpers/test-app.ts';
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
import { phoneOfUser, sentTo } from '../helpers/sealed-phones.ts';

const t = useTestApp();

let support: StaffLogin;
let finance: StaffLogin;
beforeAll(async () => {
  const admin = await verifiedAdministrator(t);
  support = await verifiedStaff(t, admin.token, 'customer_support');
  finance = await verifiedStaff(t, admin.token, 'finance');
});

async function signInAgain() {
  for (const member of [support, finance]) member.token = await freshSession(t, member);
}

function fileClaim(token: string, fields: Record<string, string>) {
  const form = multipartForm(fields);
  return call<FiledPaymentClaim>(t.app, {
    method: 'POST',
    url: '/api/v1/order/payment_claim',
    token,
    payload: form.payload,
    headers: form.headers,
  });
}

const claimsOf = (token: string) =>
  call<PaymentClaimsView>(t.app, { method: 'GET', url: '/api/v1/order/payment_claims', token });

async function smsTo(userId: string, keyPrefix: string) {
  await t.app.jobs.whenIdle();
  const phone = await phoneOfUser(t.app, t.database.db, userId);
  return t.database.db
    .select()
    .from(messageOutbox)
    .where(and(sentTo(t.app, phone), like(messageOutbox.idempotencyKey, `${keyPrefix}%`)));
}

interface Page<T> {
  items: T[];
  total: number;
}
interface ReviewRow {
  payment_id: string;
  deadline: string;
  overdue: boolean;
  review_reason: string;
  pending_request_id: string | null;
}
interface ClaimRow {
  claim_id: string;
  status: string;
  deadline: string;
  overdue: boolean;
  payment_id: string | null;
}

interface ClaimPayment {
  payment_id: string;
  amount: number;
  likely: boolean;
  answers_claim: string | null;
}

describe('payments to resolve', () => {
  it('lists review payments and open claims with the three-working-day deadline, overdue first', async () => {
    // Monday 2 March 2026 on the test clock: an unknown code's payment arrives.
    const first = `pay-unknown-${Date.now()}`;
    expect(
      (await xenditCallback(t.app, paidXendit('no-such-code', 150_000, t.clock.now(), first))).statusCode,
    ).toBe(200);
    const [early] = await t.database.db.select().from(payments).where(eq(payments.providerPaymentId, first));
    // Four working days later a second one arrives; by then the first is past its deadline.
    t.clock.advance(4 * 24 * 3600);
    await signInAgain();
    const second = `pay-unknown-${Date.now()}-2`;
    await xenditCallback(t.app, paidXendit('another-code', 90_000, t.clock.now(), second));

    const listed = await adminCall<Page<ReviewRow>>(t.app, 'GET', '/payments/review?page_size=100', {
      token: support.token,
    });
    expect(listed.body.code).toBe(200);
    const rows = listed.body.data.items;
    const a = rows.find((r) => r.payment_id === early!.id)!;
    expect(a).toMatchObject({ review_reason: 'unknown_code', overdue: true, pending_request_id: null });
    expect(a.deadline).toBe('2026-03-05');
    const b = rows.find((r) => r.review_reason === 'unknown_code' && r.payment_id !== early!.id)!;
    expect(b.overdue).toBe(false);
    expect(rows.indexOf(a)).toBeLessThan(rows.indexOf(b));
    // Paging: one row a page, the total counted on the server.
    const paged = await adminCall<Page<ReviewRow>>(t.app, 'GET', '/payments/review?page_size=1&page=2', {
      token: support.token,
    });
    expect(paged.body.data.items).toHaveLength(1);
    expect(paged.body.data.total).toBe(listed.body.data.total);
    expect(paged.body.data.items[0]!.payment_id).toBe(rows[1]!.payment_id);
  });

  it('a rejected claim’s reason is in the borrower’s claim view and in the SMS outbox', async () => {
    const { token } = await signIn(t.app);
    const filed = await fileClaim(token, {
      channel_id: 'VA_BCA',
      amount: '250000',
      paid_at: new Date(t.clock.now().getTime() - 3600_000).toISOString(),
    });
    expect(filed.body.data.status).toBe('open');
    const claimId = filed.body.data.claim_id;
    const listed = await adminCall<Page<ClaimRow>>(t.app, 'GET', '/payment_claims?page_size=100', {
      token: support.token,
    });
    expect(listed.body.data.items.find((c) => c.claim_id === claimId)).toMatchObject({
      status: 'open',
      overdue: false,
      deadline: filed.body.data.answer_by,
    });

    const answer = 'BCA has no transfer of Rp250.000 to our account on that day.';
    const rejected = await adminCall(t.app, 'POST', `/payment_claims/${claimId}/reject`, {
      token: support.token,
      body: { reason: answer },
    });
    expect(rejected.body).toMatchObject({ code: 200, data: { claim_id: claimId, status: 'rejected' } });
    const seen = (await claimsOf(token)).body.data.list.find((c) => c.claim_id === claimId);
    expect(seen).toMatchObject({ status: 'rejected', answer });
    const account = await call<{ uid: string }>(t.app, { method: 'GET', url: '/api/v1/user/account', token });
    const sms = await smsTo(account.body.data.uid, 'payment-claim-rejected:');
    expect(sms).toHaveLength(1);
    // Sent: the outbox row gave up its text, the dev SMS provider holds what the borrower received.
    const phone = await phoneOfUser(t.app, t.database.db, account.body.data.uid);
    const received = await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.toPhone, phone));
    expect(received.map((m) => m.text).filter((text) => text.includes(answer))).toHaveLength(1);
    // Answered once: no longer waiting, so a second answer is refused.
    expect(
      (
        await adminCall(t.app, 'POST', `/payment_claims/${claimId}/reject`, {
          token: support.token,
          body: { reason: 'x' },
        })
      ).body.code,
    ).toBe(4090);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.command, 'payment_claim.reject'), eq(auditLog.subjectId, claimId)));
    expect(audit).toMatchObject({ actorId: support.staffId, reason: answer, outcome: 'rejected' });
  });

  it('credits a claim with the applied payment that proves it, and the borrower sees it credited', async () => {
    const b = await repayingBorrower(t.app, t.database.db, t.clock.now());
    await signInAgain();
    const code = await codeFor(t.app, b);
    await payCode(t.app, code.code_id);
    const [paid] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.paymentCodeId, code.code_id));
    // Reported through another channel than the one it came by: not matched on its own.
    const filed = await fileClaim(b.token, {
      channel_id: 'VA_BNI',
      amount: String(code.amount),
      paid_at: t.clock.now().toISOString(),
    });
    expect(filed.body.data.status).toBe('open');
    const claimId = filed.body.data.claim_id;

    // Not another borrower's payment, and not one that does not exist.
    expect(
      (
        await adminCall(t.app, 'POST', `/payment_claims/${claimId}/credit`, {
          token: support.token,
          body: { payment_id: 'no-such-payment', reason: 'found it' },
        })
      ).body.code,
    ).toBe(4040);
    // Staff pick it from the claimant's applied payments: this borrower's only, not marked likely (another channel).
    const offered = async () =>
      (
        await adminCall<{ items: ClaimPayment[] }>(t.app, 'GET', `/payment_claims/${claimId}/payments`, {
          token: support.token,
        })
      ).body.data.items;
    expect(await offered()).toEqual([
      expect.objectContaining({
        payment_id: paid!.id,
        amount: code.amount,
        likely: false,
        answers_claim: null,
      }),
    ]);
    const credited = await adminCall(t.app, 'POST', `/payment_claims/${claimId}/credit`, {
      token: support.token,
      body: { payment_id: paid!.id, reason: 'BNI transfer reached us through the BCA code' },
    });
    expect(credited.body).toMatchObject({ code: 200, data: { status: 'credited' } });
    expect(await offered()).toEqual([
      expect.objectContaining({ payment_id: paid!.id, answers_claim: filed.body.data.case_number }),
    ]);
    const seen = (await claimsOf(b.token)).body.data.list.find((c) => c.claim_id === claimId);
    expect(seen).toMatchObject({ status: 'credited', payment_id: paid!.id, answer: null });
    expect(await smsTo(b.userId, 'payment-claim-credited:')).toHaveLength(1);
  });

  it('resolving a matched payment credits the claim waiting on it', async () => {
    const b = await repayingBorrower(t.app, t.database.db, t.clock.now());
    const code = await codeFor(t.app, b);
    t.clock.advance(25 * 3600);
    b.token = (await signIn(t.app, b.phone)).token;
    await signInAgain();
    await xenditCallback(t.app, paidXendit(code.code_id, code.amount, t.clock.now()));
    const [late] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.paymentCodeId, code.code_id));
    const filed = await fileClaim(b.token, {
      channel_id: 'VA_BCA',
      amount: String(code.amount),
      paid_at: t.clock.now().toISOString(),
    });
    expect(filed.body.data).toMatchObject({ status: 'matched', payment_id: late!.id });
    // A payment still in review is not offered to credit a claim with: it is applied first.
    const offered = await adminCall<{ items: ClaimPayment[] }>(
      t.app,
      'GET',
      `/payment_claims/${filed.body.data.claim_id}/payments`,
      { token: support.token },
    );
    expect(offered.body.data.items.map((p) => p.payment_id)).not.toContain(late!.id);

    const asked = await adminCall<{ request_id: string }>(t.app, 'POST', `/payments/${late!.id}/apply`, {
      token: support.token,
      body: { order_id: b.loanId, reason: 'claim matched, code expired a day before' },
    });
    const listed = await adminCall<Page<ReviewRow>>(t.app, 'GET', '/payments/review?page_size=100', {
      token: finance.token,
    });
    expect(listed.body.data.items.find((r) => r.payment_id === late!.id)?.pending_request_id).toBe(
      asked.body.data.request_id,
    );
    const approved = await adminCall(t.app, 'POST', `/approvals/${asked.body.data.request_id}/approve`, {
      token: finance.token,
      body: { reason: 'statement checked' },
    });
    expect(approved.body.code).toBe(200);
    const seen = (await claimsOf(b.token)).body.data.list.find(
      (c) => c.claim_id === filed.body.data.claim_id,
    );
    expect(seen).toMatchObject({ status: 'credited', payment_id: late!.id });
    // Applied now: offered, marked likely (the claim's amount and channel, paid when claimed), answering the claim.
    const after = await adminCall<{ items: ClaimPayment[] }>(
      t.app,
      'GET',
      `/payment_claims/${filed.body.data.claim_id}/payments`,
      { token: support.token },
    );
    expect(after.body.data.items).toContainEqual(
      expect.objectContaining({
        payment_id: late!.id,
        likely: true,
        answers_claim: filed.body.data.case_number,
      }),
    );
  });
});

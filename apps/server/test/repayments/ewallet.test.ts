import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { PaymentCodeView, RepayRecord } from '@kaskita/domain/contract/repayments';
import { maskPhone } from '@kaskita/domain/validation/phone';
import { checkLedger, ledgerProblems } from '../../src/cli/ledger-check-command.ts';
import { DEV_PAYMENT_CALLBACK_TOKEN } from '../../src/env.ts';
import { paymentCodes, payments } from '../../src/modules/repayments/repayments-schema.ts';
import { call, signIn, useTestApp } from '../helpers/test-app.ts';
import { bills, codeFor, postXenditCallback, repay, repayingBorrower } from './repayment-helpers.ts';

/**
 * Repaying from an e-wallet through the sandbox gateway: DANA and ShopeePay send the borrower to the wallet and back
 * to the pay page, OVO pushes a request to a phone; the charge's outcome arrives as Xendit's `ewallet.capture`
 * callback, a success applied once like any payment, a failure closing the code with nothing taken.
 */
const t = useTestApp();
const CALLBACK = '/api/payments/callback/sandbox-ewallet';

const repaying = () => repayingBorrower(t.app, t.database.db, t.clock.now());

afterAll(async () => {
  const report = await checkLedger(t.database.db);
  expect(report.loansChecked).toBeGreaterThan(0);
  expect(ledgerProblems(report), JSON.stringify(report)).toBe(0);
});

function view(token: string, codeId: string) {
  return call<PaymentCodeView>(t.app, { method: 'GET', url: `/api/v1/order/repay/${codeId}`, token });
}

function records(token: string) {
  return call<{ list: RepayRecord[] }>(t.app, { method: 'GET', url: '/api/v1/order/repay_record', token });
}

/** An OVO request for today's instalment, to `phone` (the registered phone when absent). */
async function ovo(b: { token: string; loanId: string }, phone?: string) {
  const res = await askOvo(b, phone);
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function askOvo(b: { token: string; loanId: string }, phone?: string) {
  const amount = (await bills(t.app, b.token)).body.data.options!.instalment!.amount;
  return repay(t.app, b.token, {
    loan_plan: b.loanId,
    repayment_type: 'instalment',
    repayment_total_amount: amount,
    channel_id: 'EWALLET_OVO',
    ...(phone ? { ewallet_phone: phone } : {}),
  });
}

/** Xendit's e-wallet callback for one of our codes. */
function capture(codeId: string, amount: number, status: string, chargeId = `ewc-${codeId}`) {
  return {
    event: 'ewallet.capture',
    business_id: 'biz-1',
    created: t.clock.now().toISOString(),
    data: {
      id: chargeId,
      reference_id: codeId,
      status,
      currency: 'IDR',
      charge_amount: amount,
      capture_amount: status === 'SUCCEEDED' ? amount : null,
      channel_code: 'ID_OVO',
      failure_code: status === 'FAILED' ? 'USER_DECLINED_THE_TRANSACTION' : null,
      updated: t.clock.now().toISOString(),
    },
  };
}

const postCapture = (body: object, token = DEV_PAYMENT_CALLBACK_TOKEN) =>
  postXenditCallback(t.app, CALLBACK, body, token);

describe('e-wallet repayment', () => {
  it('DANA: the pay page leads to the wallet, which pays and sends the borrower back to a paid bill', async () => {
    const b = await repaying();
    const code = await codeFor(t.app, b, 'instalment', 'EWALLET_DANA');
    expect(code).toMatchObject({ kind: 'ewallet', name: 'DANA', status: 'active' });
    expect(code.checkout_url).toBe(`/dev/ewallet/${code.code_id}`);
    expect(code.how_to_pay.map((m) => m.method)).toEqual(['wallet_app']);
    // Thirty-five minutes: DANA's link lasts thirty.
    expect(Date.parse(code.expires_at) - t.clock.now().getTime()).toBe(35 * 60_000);

    const wallet = await t.app.inject({ method: 'GET', url: code.checkout_url! });
    expect(wallet.statusCode).toBe(200);
    expect(wallet.body).toContain('KASKITA');
    const paid = await t.app.inject({ method: 'POST', url: `${code.checkout_url}/pay` });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`http://127.0.0.1:9/home/pay-back-methods?code=${code.code_id}`);
    await t.app.jobs.whenIdle();

    expect((await view(b.token, code.code_id)).body.data.status).toBe('paid');
    expect((await bills(t.app, b.token)).body.data.bills[0]!.state).toBe('paid');
    expect((await records(b.token)).body.data.list[0]).toMatchObject({
      amount: code.amount,
      channel_id: 'EWALLET_DANA',
      channel_name: 'DANA',
      status: 'applied',
    });
    // Paying the same charge again in the wallet takes nothing more.
    await t.app.inject({ method: 'POST', url: `${code.checkout_url}/pay` });
    await t.app.jobs.whenIdle();
    const rows = await t.database.db.select().from(payments).where(eq(payments.paymentCodeId, code.code_id));
    expect(rows).toHaveLength(1);
  });

  it('OVO: a push to the registered phone or another; declined, the code fails and the next tap asks anew', async () => {
    const b = await repaying();
    const first = await ovo(b);
    expect(first).toMatchObject({ kind: 'ewallet', name: 'OVO', checkout_url: null });
    // The number the push went to, masked: the borrower's own.
    expect(first.number).toBe(maskPhone(b.phone));
    expect(first.number.slice(-4)).toBe(b.phone.slice(-4));
    expect(Date.parse(first.expires_at) - t.clock.now().getTime()).toBe(120_000);
    // The same request again is the same push; another phone is another.
    expect((await ovo(b)).code_id).toBe(first.code_id);
    const other = await ovo(b, '0812-9999-0000');
    expect(other.code_id).not.toBe(first.code_id);
    expect(other.number).toBe('081*****0000');
    const [stored] = await t.database.db
      .select()
      .from(paymentCodes)
      .where(eq(paymentCodes.id, other.code_id));
    expect(JSON.stringify(stored)).not.toContain('81299990000');

    const declined = await t.app.inject({ method: 'POST', url: `/dev/payments/${first.code_id}/decline` });
    expect(declined.statusCode).toBe(303);
    await t.app.jobs.whenIdle();
    expect((await view(b.token, first.code_id)).body.data.status).toBe('failed');
    expect((await bills(t.app, b.token)).body.data.bills[0]!.paid).toBe(0);
    const again = await ovo(b);
    expect(again.code_id).not.toBe(first.code_id);
    expect(again.status).toBe('active');
  });

  it('refuses a phone that is no Indonesian mobile number, in the borrower language', async () => {
    const b = await repaying();
    const refused = await askOvo(b, '12345');
    expect(refused.body.code).toBe(4000);
    expect((refused.body.data as unknown as { fields: Record<string, string> }).fields.ewallet_phone).toBe(
      'phone.invalid',
    );
  });

  it('verifies the callback, ignores a pending charge, applies a success once and a late failure not at all', async () => {
    const b = await repaying();
    const code = await ovo(b);
    expect(
      (await postCapture(capture(code.code_id, code.amount, 'SUCCEEDED'), 'forged-token-x')).statusCode,
    ).toBe(401);
    const pending = await postCapture(capture(code.code_id, code.amount, 'PENDING'));
    expect(pending.json().data.outcome).toBe('ignored');
    const success = capture(code.code_id, code.amount, 'SUCCEEDED');
    expect((await postCapture(success)).json().data.outcome).toBe('applied');
    expect((await postCapture(success)).json().data.outcome).toBe('replay');
    // A failure reported after the success (out of order) leaves the payment and the code as they are.
    expect((await postCapture(capture(code.code_id, code.amount, 'FAILED'))).json().data.outcome).toBe(
      'ignored',
    );
    expect((await view(b.token, code.code_id)).body.data.status).toBe('paid');
    expect((await bills(t.app, b.token)).body.data.bills[0]!.state).toBe('paid');
  });

  it('holds a success reported after the charge ran out for review, never applied', async () => {
    const b = await repaying();
    const code = await ovo(b);
    t.clock.advance(180);
    const token = (await signIn(t.app, b.phone)).token;
    expect((await view(token, code.code_id)).body.data.status).toBe('expired');
    await postCapture(capture(code.code_id, code.amount, 'SUCCEEDED', 'ewc-late'));
    const [held] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.providerPaymentId, 'ewc-late'));
    expect(held).toMatchObject({ status: 'review', reviewReason: 'expired_code' });
    expect((await bills(t.app, token)).body.data.bills[0]!.paid).toBe(0);
  });
});

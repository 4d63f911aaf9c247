import { eq } from 'drizzle-orm';
import { normalisePhone } from '@kaskita/domain/validation/phone';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { RepayRecord } from '@kaskita/domain/contract/repayments';
import { payments } from '../../src/modules/repayments/repayments-schema.ts';
import { capturedLogger } from '../helpers/captured-log.ts';
import {
  FAKE_XENDIT_CALLBACK_TOKEN,
  FAKE_XENDIT_SECRET_KEY,
  ewalletCapturedCallback,
  paidCallback,
  qrPaidCallback,
  startFakeXenditGateway,
  type XenditPaymentCode,
  type XenditVirtualAccount,
} from '../helpers/fake-xendit-gateway.ts';
import { call, useTestApp } from '../helpers/test-app.ts';
import { bills, codeFor, postXenditCallback, repay, repayingBorrower } from './repayment-helpers.ts';

/**
 * Repayment with PAYMENT_GATEWAY_PROVIDER=xendit, the app pointed at a local server speaking Xendit's API: the pay
 * page's code is the one Xendit issued, and Xendit's "paid" callback applies it through the inbox.
 */
const xendit = await startFakeXenditGateway();
const captured = capturedLogger();
const t = useTestApp({
  env: {
    PAYMENT_GATEWAY_PROVIDER: 'xendit',
    XENDIT_SECRET_KEY: FAKE_XENDIT_SECRET_KEY,
    XENDIT_CALLBACK_TOKEN: FAKE_XENDIT_CALLBACK_TOKEN,
    XENDIT_BASE_URL: xendit.baseUrl,
    XENDIT_TIMEOUT_MS: 500,
  },
  logger: captured.logger,
});
afterAll(() => xendit.close());
beforeEach(() => xendit.reset());

const CALLBACK = '/api/payments/callback/xendit';
const QR_CALLBACK = '/api/payments/callback/xendit-qr';
const EWALLET_CALLBACK = '/api/payments/callback/xendit-ewallet';

const repaying = () => repayingBorrower(t.app, t.database.db, t.clock.now());

/** Xendit's "paid" callback for what it issued, paid now by the test clock. */
function paid(issued: XenditVirtualAccount | XenditPaymentCode, changes: Record<string, unknown> = {}) {
  return paidCallback(issued, { transaction_timestamp: t.clock.now().toISOString(), ...changes });
}

function postCallback(body: object, token = FAKE_XENDIT_CALLBACK_TOKEN) {
  return postXenditCallback(t.app, CALLBACK, body, token);
}

function records(token: string) {
  return call<{ list: RepayRecord[] }>(t.app, { method: 'GET', url: '/api/v1/order/repay_record', token });
}

describe('repayment through Xendit', () => {
  it('shows the borrower the virtual account Xendit issued for the amount, and Mandiri with its biller code', async () => {
    const b = await repaying();
    const code = await codeFor(t.app, b);

    expect(xendit.requests).toHaveLength(1);
    const [request] = xendit.requests;
    const issued = xendit.virtualAccounts[0]!;
    expect(request?.body).toMatchObject({
      external_id: code.code_id,
      bank_code: 'BCA',
      expected_amount: code.amount,
      is_closed: true,
      is_single_use: true,
      expiration_date: code.expires_at,
    });
    expect(request?.body.name).toMatch(/^KasKita [A-Za-z ]+$/);
    expect(request?.idempotencyKey).toBe(code.code_id);
    expect(code).toMatchObject({ number: issued.account_number, biller_code: null, status: 'active' });
    expect(code.how_to_pay[0]!.steps.join(' ')).toContain(issued.account_number);

    const mandiri = await codeFor(t.app, b, 'instalment', 'VA_MANDIRI');
    expect(mandiri.biller_code).toBe('88608');
    expect(mandiri.number).toBe(xendit.virtualAccounts[1]!.account_number);
    expect(mandiri.how_to_pay.flatMap((m) => m.steps).join(' ')).toContain('88608');
    // The same request again answers the stored code; Xendit is not asked twice.
    expect((await codeFor(t.app, b)).code_id).toBe(code.code_id);
    expect(xendit.requests).toHaveLength(2);
  });

  it("applies Xendit's paid callback with the right token once: the bill paid, a receipt, a replay changes nothing", async () => {
    const b = await repaying();
    const code = await codeFor(t.app, b);
    const body = paid(xendit.virtualAccounts[0]!);

    const forged = await postCallback(body, 'not-the-verification-token');
    expect(forged.statusCode).toBe(401);
    expect((await postCallback(body, '')).statusCode).toBe(401);
    expect((await bills(t.app, b.token)).body.data.bills[0]!.paid).toBe(0);

    expect((await postCallback(body)).statusCode).toBe(200);
    const view = (await bills(t.app, b.token)).body.data;
    expect(view.bills[0]).toMatchObject({ state: 'paid', outstanding: 0 });
    const polled = await call<{ status: string }>(t.app, {
      method: 'GET',
      url: `/api/v1/order/repay/${code.code_id}`,
      token: b.token,
    });
    expect(polled.body.data.status).toBe('paid');
    const receipt = (await records(b.token)).body.data.list;
    expect(receipt).toHaveLength(1);
    expect(receipt[0]).toMatchObject({ amount: code.amount, status: 'applied', bills_paid: [1] });

    const replay = await postCallback(body);
    expect(replay.statusCode).toBe(200);
    expect((await records(b.token)).body.data.list).toHaveLength(1);
    const rows = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.providerPaymentId, body.payment_id as string));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ provider: 'xendit', paymentCodeId: code.code_id, status: 'applied' });
  });

  it('takes a store payment code and its retail outlet callback', async () => {
    const b = await repaying();
    const code = await codeFor(t.app, b, 'instalment', 'STORE_INDOMARET');
    const issued = xendit.paymentCodes[0]!;
    expect(xendit.requests[0]?.body).toMatchObject({
      external_id: code.code_id,
      retail_outlet_name: 'INDOMARET',
      expected_amount: code.amount,
    });
    expect(code.number).toBe(issued.payment_code);
    expect((await postCallback(paid(issued))).statusCode).toBe(200);
    expect((await bills(t.app, b.token)).body.data.bills[0]!.state).toBe('paid');
  });

  it("shows Xendit's QRIS code and applies its qr.payment callback once; a failed payment moves nothing", async () => {
    const b = await repaying();
    const code = await codeFor(t.app, b, 'instalment', 'QRIS');
    const issued = xendit.qrCodes[0]!;
    expect(xendit.requests[0]?.body).toEqual({
      reference_id: code.code_id,
      type: 'DYNAMIC',
      currency: 'IDR',
      amount: code.amount,
      expires_at: code.expires_at,
    });
    expect(code).toMatchObject({ kind: 'qris', number: issued.qr_string });

    const failed = qrPaidCallback(issued, { status: 'FAILED' });
    expect(
      (await postXenditCallback(t.app, QR_CALLBACK, failed, FAKE_XENDIT_CALLBACK_TOKEN)).statusCode,
    ).toBe(200);
    const body = qrPaidCallback(issued, { created: t.clock.now().toISOString() });
    expect(
      (await postXenditCallback(t.app, QR_CALLBACK, body, 'not-the-verification-token')).statusCode,
    ).toBe(401);
    expect((await bills(t.app, b.token)).body.data.bills[0]!.paid).toBe(0);
    expect((await postXenditCallback(t.app, QR_CALLBACK, body, FAKE_XENDIT_CALLBACK_TOKEN)).statusCode).toBe(
      200,
    );
    const replay = await postXenditCallback(t.app, QR_CALLBACK, body, FAKE_XENDIT_CALLBACK_TOKEN);
    expect(replay.json().data.outcome).toBe('replay');
    expect((await bills(t.app, b.token)).body.data.bills[0]!.state).toBe('paid');
    const rows = await t.database.db.select().from(payments).where(eq(payments.paymentCodeId, code.code_id));
    expect(rows).toEqual([
      expect.objectContaining({ provider: 'xendit', providerPaymentId: body.data.id, status: 'applied' }),
    ]);
  });

  it('charges OVO at the registered phone and DANA through its checkout; a failed charge closes, a success applies once', async () => {
    const b = await repaying();
    const amount = (await bills(t.app, b.token)).body.data.options!.instalment!.amount;
    const ovo = await repay(t.app, b.token, {
      loan_plan: b.loanId,
      repayment_type: 'instalment',
      repayment_total_amount: amount,
      channel_id: 'EWALLET_OVO',
    });
    expect(ovo.body.code, JSON.stringify(ovo.body)).toBe(200);
    const [ovoCharge] = xendit.ewalletCharges;
    expect(xendit.requests[0]?.body).toEqual({
      reference_id: ovo.body.data.code_id,
      currency: 'IDR',
      amount,
      checkout_method: 'ONE_TIME_PAYMENT',
      channel_code: 'ID_OVO',
      channel_properties: { mobile_number: `+${normalisePhone(b.phone)}` },
    });
    expect(ovo.body.data).toMatchObject({ kind: 'ewallet', checkout_url: null });

    const post = (body: object) =>
      postXenditCallback(t.app, EWALLET_CALLBACK, body, FAKE_XENDIT_CALLBACK_TOKEN);
    const failed = ewalletCapturedCallback(ovoCharge!, {
      status: 'FAILED',
      capture_amount: null,
      failure_code: 'USER_DID_NOT_AUTHORIZE_THE_PAYMENT',
      updated: t.clock.now().toISOString(),
    });
    expect((await post(failed)).json().data.outcome).toBe('applied');
    const failedView = await call<{ status: string }>(t.app, {
      method: 'GET',
      url: `/api/v1/order/repay/${ovo.body.data.code_id}`,
      token: b.token,
    });
    expect(failedView.body.data.status).toBe('failed');

    const dana = await codeFor(t.app, b, 'instalment', 'EWALLET_DANA');
    const danaCharge = xendit.ewalletCharges[1]!;
    expect(xendit.requests[1]?.body).toMatchObject({
      channel_code: 'ID_DANA',
      channel_properties: {
        success_redirect_url: `http://127.0.0.1:9/home/pay-back-methods?code=${dana.code_id}`,
      },
    });
    expect(dana.checkout_url).toBe(danaCharge.actions!.mobile_web_checkout_url);
    const paid = ewalletCapturedCallback(danaCharge, { updated: t.clock.now().toISOString() });
    expect((await postXenditCallback(t.app, EWALLET_CALLBACK, paid, 'forged')).statusCode).toBe(401);
    expect((await post(paid)).json().data.outcome).toBe('applied');
    expect((await post(paid)).json().data.outcome).toBe('replay');
    expect((await bills(t.app, b.token)).body.data.bills[0]!.state).toBe('paid');
    const rows = await t.database.db.select().from(payments).where(eq(payments.paymentCodeId, dana.code_id));
    expect(rows).toEqual([expect.objectContaining({ provider: 'xendit', providerPaymentId: danaCharge.id })]);
  });

  it("holds for review a QRIS payment and an e-wallet success Xendit reports after the code's time ran out", async () => {
    const b = await repaying();
    const qris = await codeFor(t.app, b, 'instalment', 'QRIS');
    const shopee = await codeFor(t.app, b, 'instalment', 'EWALLET_SHOPEEPAY');
    const [qrIssued] = xendit.qrCodes;
    const [charge] = xendit.ewalletCharges;
    // ShopeePay's window (35 minutes) first, then the QR code's (a day).
    t.clock.advance(40 * 60);
    const lateCharge = ewalletCapturedCallback(charge!, { updated: t.clock.now().toISOString() });
    expect(
      (await postXenditCallback(t.app, EWALLET_CALLBACK, lateCharge, FAKE_XENDIT_CALLBACK_TOKEN)).json().data
        .outcome,
    ).toBe('applied');
    t.clock.advance(25 * 3600);
    const lateQr = qrPaidCallback(qrIssued!, { created: t.clock.now().toISOString() });
    expect(
      (await postXenditCallback(t.app, QR_CALLBACK, lateQr, FAKE_XENDIT_CALLBACK_TOKEN)).json().data.outcome,
    ).toBe('applied');
    const held = await t.database.db.select().from(payments).where(eq(payments.userId, b.userId));
    expect(held.map((p) => [p.paymentCodeId, p.status, p.reviewReason]).sort()).toEqual(
      [
        [qris.code_id, 'review', 'expired_code'],
        [shopee.code_id, 'review', 'expired_code'],
      ].sort(),
    );
  });

  it('answers a clear "try again" (4315, 503) when Xendit is down or slow, never a 500, and logs nothing personal', async () => {
    const b = await repaying();
    captured.lines.length = 0;
    const amount = (await bills(t.app, b.token)).body.data.options!.instalment!.amount;
    const ask = () =>
      repay(t.app, b.token, {
        loan_plan: b.loanId,
        repayment_type: 'instalment',
        repayment_total_amount: amount,
        channel_id: 'VA_BRI',
      });
    xendit.script({ status: 503, answer: { error_code: 'SERVER_ERROR', message: 'down' } }, 'hang', {
      status: 400,
      answer: { error_code: 'API_VALIDATION_ERROR', message: 'bad' },
    });
    for (const reason of ['gateway_unavailable', 'timeout', 'refused']) {
      const { res, body } = await ask();
      expect(res.statusCode, reason).toBe(503);
      expect(body.code, reason).toBe(4315);
      expect(captured.lines.join(''), reason).toContain(reason);
    }
    // Nothing was stored: the next try gets a new code from Xendit.
    const recovered = await ask();
    expect(recovered.body.code).toBe(200);
    expect(recovered.body.data.number).toBe(xendit.virtualAccounts[0]!.account_number);

    const log = captured.lines.join('');
    const name = String(xendit.requests.at(-1)?.body.name).replace(/^KasKita /, '');
    expect(name.length).toBeGreaterThan(2);
    for (const secret of [name, FAKE_XENDIT_SECRET_KEY, FAKE_XENDIT_CALLBACK_TOKEN])
      expect(log).not.toContain(secret);
  });

  it("documents Xendit's callbacks and no sandbox gateway's", async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const paths = doc.json<{ paths: Record<string, unknown> }>().paths;
    expect(paths[CALLBACK]).toBeDefined();
    expect(paths[QR_CALLBACK]).toBeDefined();
    expect(paths[EWALLET_CALLBACK]).toBeDefined();
    expect(paths['/api/payments/callback/sandbox-qr']).toBeUndefined();
    expect(paths['/api/payments/callback/sandbox']).toBeUndefined();
    expect(paths['/api/payments/callback/sandbox-midtrans']).toBeUndefined();
    const simulate = await call(t.app, { method: 'POST', url: '/api/dev/payments/simulate', payload: {} });
    expect(simulate.res.statusCode).toBe(404);
  });
});

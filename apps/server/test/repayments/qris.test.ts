import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { PaymentCodeView, RepayRecord } from '@kaskita/domain/contract/repayments';
import { checkLedger, ledgerProblems } from '../../src/cli/ledger-check-command.ts';
import { payments } from '../../src/modules/repayments/repayments-schema.ts';
import { readQris } from '../../src/providers/payment-gateway/qris-payload.ts';
import { sandboxPayments } from '../../src/providers/payment-gateway/sandbox-payment-gateway-schema.ts';
import { DEV_PAYMENT_CALLBACK_TOKEN } from '../../src/env.ts';
import { call, signIn, useTestApp } from '../helpers/test-app.ts';
import { bills, codeFor, payCode, postXenditCallback, repayingBorrower } from './repayment-helpers.ts';

/**
 * Repaying by QRIS through the sandbox gateway: a dynamic code for exactly the amount asked, paid by any QRIS app,
 * whose Xendit-style `qr.payment` callback is applied once through the inbox like a virtual account's.
 */
const t = useTestApp();
const QR_CALLBACK = '/api/payments/callback/sandbox-qr';

const repaying = () => repayingBorrower(t.app, t.database.db, t.clock.now());

afterAll(async () => {
  const report = await checkLedger(t.database.db);
  expect(report.loansChecked).toBeGreaterThan(0);
  expect(ledgerProblems(report), JSON.stringify(report)).toBe(0);
});

/** Xendit's QR payment callback for one of our codes, with what the payer's app adds (dropped when read). */
function qrPayment(codeId: string, amount: number, paymentId: string, status = 'SUCCEEDED') {
  const created = t.clock.now().toISOString();
  return {
    event: 'qr.payment',
    api_version: 'v2',
    business_id: 'biz-1',
    created,
    data: {
      id: paymentId,
      business_id: 'biz-1',
      qr_id: 'qr_0001',
      reference_id: codeId,
      type: 'DYNAMIC',
      currency: 'IDR',
      amount,
      status,
      created,
      channel_code: 'ID_DANA',
      payment_detail: { receipt_id: '000111', source: 'DANA', name: 'Siti Rahayu' },
    },
  };
}

const postQr = (body: object, token = DEV_PAYMENT_CALLBACK_TOKEN) =>
  postXenditCallback(t.app, QR_CALLBACK, body, token);

function records(token: string) {
  return call<{ list: RepayRecord[] }>(t.app, { method: 'GET', url: '/api/v1/order/repay_record', token });
}

/** The code's QRIS text read back: valid CRC, dynamic, rupiah, our merchant, exactly the amount, our reference. */
function expectQrisFor(code: PaymentCodeView) {
  const fields = readQris(code.number);
  expect(fields, code.number).not.toBeNull();
  expect(fields!.get('01')).toBe('12');
  expect(fields!.get('53')).toBe('360');
  expect(fields!.get('54')).toBe(String(code.amount));
  expect(fields!.get('59')).toBe('KASKITA');
  expect(fields!.get('62')).toContain(code.code_id.slice(0, 25));
}

describe('QRIS repayment', () => {
  it('offers QRIS and issues a dynamic code for exactly each repayment type, with its steps', async () => {
    const b = await repaying();
    const methods = await call<{ channels: Array<{ channel_id: string; kind: string; available: boolean }> }>(
      t.app,
      { method: 'GET', url: '/api/v1/order/repay_method?repayment_type=instalment', token: b.token },
    );
    expect(methods.body.data.channels).toContainEqual(
      expect.objectContaining({ channel_id: 'QRIS', kind: 'qris', available: true }),
    );

    const instalment = await codeFor(t.app, b, 'instalment', 'QRIS');
    expect(instalment).toMatchObject({ kind: 'qris', channel_id: 'QRIS', name: 'QRIS', bill_number: 1 });
    expectQrisFor(instalment);
    expect(instalment.how_to_pay.map((m) => m.method)).toEqual(['qris_scan', 'qris_gallery']);
    // The same request again is the same code: a double tap never makes two QR codes to pay.
    expect((await codeFor(t.app, b, 'instalment', 'QRIS')).code_id).toBe(instalment.code_id);

    const settlement = await codeFor(t.app, b, 'settlement', 'QRIS');
    expectQrisFor(settlement);
    expect(settlement.code_id).not.toBe(instalment.code_id);
    expect(settlement.amount).toBeGreaterThan(instalment.amount);

    // Past the first due date (and a day late), "everything due" has an amount of its own.
    const firstDue = (await bills(t.app, b.token)).body.data.bills[0]!.due_date;
    const dayAfter = Date.parse(`${firstDue}T03:00:00.000Z`) + 24 * 3600_000;
    t.clock.advance(Math.ceil((dayAfter - t.clock.now().getTime()) / 1000));
    const token = (await signIn(t.app, b.phone)).token;
    const due = await codeFor(t.app, { token, loanId: b.loanId }, 'due', 'QRIS');
    expectQrisFor(due);
    expect(due.repayment_type).toBe('due');
  });

  it('applies a paid code once: the bill is paid, the receipt names QRIS, a replay pays nothing', async () => {
    const b = await repaying();
    const code = await codeFor(t.app, b, 'instalment', 'QRIS');
    await payCode(t.app, code.code_id);

    const bill = (await bills(t.app, b.token)).body.data.bills[0]!;
    expect(bill.state).toBe('paid');
    const view = await call<PaymentCodeView>(t.app, {
      method: 'GET',
      url: `/api/v1/order/repay/${code.code_id}`,
      token: b.token,
    });
    expect(view.body.data.status).toBe('paid');
    const [receipt] = (await records(b.token)).body.data.list;
    expect(receipt).toMatchObject({ amount: code.amount, channel_id: 'QRIS', channel_name: 'QRIS' });

    // The gateway retries the very same callback: acknowledged as a replay, never applied again.
    const [sent] = await t.database.db.select().from(sandboxPayments).orderBy(sandboxPayments.createdAt);
    const callback = JSON.parse(sent!.callbackBody) as ReturnType<typeof qrPayment>;
    expect(callback).toMatchObject({ event: 'qr.payment', data: { reference_id: code.code_id } });
    const replay = await postQr(callback);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().data.outcome).toBe('replay');
    const applied = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.paymentCodeId, code.code_id));
    expect(applied).toHaveLength(1);
  });

  it('refuses a forged callback and a malformed one, and ignores a payment that did not succeed', async () => {
    const b = await repaying();
    const code = await codeFor(t.app, b, 'instalment', 'QRIS');
    const body = qrPayment(code.code_id, code.amount, 'qrpy-forged');
    expect((await postQr(body, 'forged-token-forged-token-forged')).statusCode).toBe(401);
    expect((await postQr({ ...body, data: { ...body.data, currency: 'USD' } })).statusCode).toBe(400);
    expect((await postQr({ ...body, data: { ...body.data, amount: 10.5 } })).statusCode).toBe(400);
    const failed = await postQr(qrPayment(code.code_id, code.amount, 'qrpy-failed', 'FAILED'));
    expect(failed.statusCode).toBe(200);
    expect(failed.json().data.outcome).toBe('ignored');
    expect((await bills(t.app, b.token)).body.data.bills[0]!.paid).toBe(0);
    const held = await t.database.db.select().from(payments).where(eq(payments.paymentCodeId, code.code_id));
    expect(held).toHaveLength(0);

    const paid = await postQr(qrPayment(code.code_id, code.amount, 'qrpy-ok'));
    expect(paid.json().data.outcome).toBe('applied');
    expect((await bills(t.app, b.token)).body.data.bills[0]!.state).toBe('paid');
  });

  it('holds a payment into an expired code for review, acknowledged and never applied', async () => {
    const b = await repaying();
    const code = await codeFor(t.app, b, 'instalment', 'QRIS');
    t.clock.advance(25 * 3600);
    const token = (await signIn(t.app, b.phone)).token;
    const late = await postQr(qrPayment(code.code_id, code.amount, 'qrpy-late'));
    expect(late.statusCode).toBe(200);
    const [held] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.providerPaymentId, 'qrpy-late'));
    expect(held).toMatchObject({ status: 'review', reviewReason: 'expired_code', userId: b.userId });
    expect((await bills(t.app, token)).body.data.bills[0]!.paid).toBe(0);
    expect((await records(token)).body.data.list[0]!.status).toBe('review');
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { RepayRecord } from '@kaskita/domain/contract/repayments';
import { checkLedger, ledgerProblems } from '../../src/cli/ledger-check-command.ts';
import { DEV_PAYMENT_SERVER_KEY } from '../../src/env.ts';
import { payments } from '../../src/modules/repayments/repayments-schema.ts';
import { jakartaWallTime, midtransSignature } from '../../src/providers/payment-gateway/payment-callbacks.ts';
import { call, signIn, useTestApp } from '../helpers/test-app.ts';
import { currentOrder } from '../loans/loan-helpers.ts';
import {
  bills,
  codeFor,
  paidXendit,
  payCode,
  repay,
  repayingBorrower,
  xenditCallback,
} from './repayment-helpers.ts';

const t = useTestApp();
const MIDTRANS = '/api/payments/callback/sandbox-midtrans';

const repaying = () => repayingBorrower(t.app, t.database.db, t.clock.now());

afterAll(async () => {
  // `npm run ledger:check` over every scenario of this file.
  const report = await checkLedger(t.database.db);
  expect(report.loansChecked).toBeGreaterThan(0);
  expect(ledgerProblems(report), JSON.stringify(report)).toBe(0);
});

/** A new session after the clock moved past the access token's life. */
async function signInAgain(phone: string): Promise<string> {
  return (await signIn(t.app, phone)).token;
}

function records(token: string) {
  return call<{ list: RepayRecord[] }>(t.app, { method: 'GET', url: '/api/v1/order/repay_record', token });
}

describe('bills', () => {
  it("answers the loan's bills as of today with what one payment can settle", async () => {
    const b = await repaying();
    const { body } = await bills(t.app, b.token);
    expect(body.code).toBe(200);
    const view = body.data;
    expect(view.loan?.order_id).toBe(b.loanId);
    expect(view.bills).toHaveLength(3);
    expect(view.nearest?.number).toBe(1);
    expect(view.upcoming.map((u) => u.number)).toEqual([2, 3]);
    const first = view.bills[0]!;
    expect(first.total).toBe(first.principal + first.interest + first.fee + first.late_fee);
    expect(first.outstanding).toBe(first.total);
    expect(view.options?.instalment).toEqual({ bill_number: 1, amount: first.total, excess: 0 });
    // Nothing is due on the disbursement day; settling today costs the principal and a day's charges at most.
    expect(view.options?.due).toBeNull();
    expect(view.options?.settlement?.amount).toBeGreaterThanOrEqual(2_000_000);
    expect(view.options?.settlement?.amount).toBeLessThan(view.loan!.outstanding);
    expect(view.options?.settlement?.saved).toBeGreaterThan(0);
  });

  it('answers no loan to a borrower without one', async () => {
    const other = await repaying();
    const { body } = await call(t.app, { method: 'GET', url: '/api/v1/order/bill', token: other.token });
    expect(body.code).toBe(200);
    const { body: anonymous } = await call(t.app, { method: 'GET', url: '/api/v1/order/bill' });
    expect(anonymous.code).toBe(4047);
  });
});

describe('payment codes', () => {
  it('lists every channel with whether it takes the amount', async () => {
    const b = await repaying();
    const { body } = await call<{
      amount: number;
      channels: Array<{ channel_id: string; available: boolean }>;
    }>(t.app, { method: 'GET', url: '/api/v1/order/repay_method?repayment_type=settlement', token: b.token });
    expect(body.code).toBe(200);
    const ids = body.data.channels.map((c) => c.channel_id);
    expect(ids).toEqual(
      expect.arrayContaining(['VA_BCA', 'VA_MANDIRI', 'STORE_ALFAMART', 'STORE_INDOMARET']),
    );
    // About 2,000,000 today: under Alfamart's 2,500,000 ceiling and Indomaret's 5,000,000.
    expect(body.data.channels.every((c) => c.available)).toBe(true);
    const due = await call(t.app, {
      method: 'GET',
      url: '/api/v1/order/repay_method?repayment_type=due',
      token: b.token,
    });
    expect(due.body.code).toBe(4314);
  });

  it('issues a code for the amount computed on the server, and the same code when asked again', async () => {
    const b = await repaying();
    const code = await codeFor(t.app, b);
    expect(code).toMatchObject({
      status: 'active',
      channel_id: 'VA_BCA',
      bill_number: 1,
      order_id: b.loanId,
    });
    expect(code.number).toMatch(/^\d{16}$/);
    expect(code.how_to_pay.length).toBe(3);
    expect(code.how_to_pay[0]!.steps.join(' ')).toContain(code.number);
    const hours = (Date.parse(code.expires_at) - t.clock.now().getTime()) / 3600_000;
    expect(hours).toBe(24);
    expect((await codeFor(t.app, b)).code_id).toBe(code.code_id);
    const mandiri = await codeFor(t.app, b, 'instalment', 'VA_MANDIRI');
    expect(mandiri.biller_code).toBe('70014');
    expect(mandiri.how_to_pay.flatMap((m) => m.steps).join(' ')).toContain('70014');
  });

  it('refuses a changed amount with the new one, an unknown channel, bad input and another borrower’s loan', async () => {
    const b = await repaying();
    const other = await repaying();
    const amount = (await bills(t.app, b.token)).body.data.options!.instalment!.amount;
    const base = { loan_plan: b.loanId, repayment_type: 'instalment', channel_id: 'VA_BNI' };
    const changed = await repay(t.app, b.token, { ...base, repayment_total_amount: amount - 1 });
    expect(changed.body.code).toBe(4312);
    expect(changed.body.data).toMatchObject({ amount, bill_number: 1 });
    expect(
      (await repay(t.app, b.token, { ...base, channel_id: 'VA_XYZ', repayment_total_amount: amount })).body
        .code,
    ).toBe(4311);
    const bad = await repay(t.app, b.token, { loan_plan: 'x', repayment_type: '9', channel_id: '' });
    expect(bad.body.code).toBe(4000);
    expect(Object.keys((bad.body.data as unknown as { fields: object }).fields).sort()).toEqual(
      ['channel_id', 'loan_plan', 'repayment_total_amount', 'repayment_type'].sort(),
    );
    // The spec's numeric types are read too (1 = one instalment).
    expect(
      (await repay(t.app, b.token, { ...base, repayment_type: '1', repayment_total_amount: String(amount) }))
        .body.code,
    ).toBe(200);
    const theirs = await repay(t.app, other.token, { ...base, repayment_total_amount: amount });
    expect(theirs.body.code).toBe(4040);
    const code = await codeFor(t.app, b);
    const peek = await call(t.app, {
      method: 'GET',
      url: `/api/v1/order/repay/${code.code_id}`,
      token: other.token,
    });
    expect(peek.body.code).toBe(4040);
  });
});

describe('payments', () => {
  it('applies a payment through the signed callback: the bill is paid, a receipt is kept and sent, the books balance', async () => {
    const b = await repaying();
    const code = await codeFor(t.app, b);
    await payCode(t.app, code.code_id);
    const after = (await bills(t.app, b.token)).body.data;
    expect(after.bills[0]).toMatchObject({ state: 'paid', outstanding: 0 });
    expect(after.nearest?.number).toBe(2);
    const polled = await call<{ status: string }>(t.app, {
      method: 'GET',
      url: `/api/v1/order/repay/${code.code_id}`,
      token: b.token,
    });
    expect(polled.body.data.status).toBe('paid');
    const receipt = (await records(b.token)).body.data.list[0]!;
    expect(receipt).toMatchObject({
      amount: code.amount,
      status: 'applied',
      bills_paid: [1],
      credit_applied: 0,
      paid_with_credit: { principal: 0, interest: 0, fee: 0, late_fee: 0 },
      credit_added: 0,
    });
    expect(receipt.paid.principal + receipt.paid.interest + receipt.paid.fee + receipt.paid.late_fee).toBe(
      code.amount,
    );
    expect(receipt.remaining).toBe(after.loan!.outstanding);
    const outbox = await call<Array<{ text: string }>>(t.app, {
      method: 'GET',
      url: `/api/dev/outbox?phone=${b.phone}`,
    });
    expect(outbox.body.data[0]!.text).toMatch(/pembayaran Rp [\d.]+ via BCA Virtual Account/);
  });

  it('applies less than due as a partial payment and keeps more than owed as credit', async () => {
    const b = await repaying();
    const code = await codeFor(t.app, b, 'instalment', 'STORE_ALFAMART');
    await payCode(t.app, code.code_id, 100_000);
    let view = (await bills(t.app, b.token)).body.data;
    expect(view.bills[0]).toMatchObject({
      state: 'pending',
      paid: 100_000,
      outstanding: code.amount - 100_000,
    });
    const second = await codeFor(t.app, b);
    expect(second.amount).toBe(code.amount - 100_000);
    await payCode(t.app, second.code_id, second.amount + 50_000);
    view = (await bills(t.app, b.token)).body.data;
    expect(view.bills[0]!.state).toBe('paid');
    expect(view.loan!.credit).toBe(50_000);
    // The credit is spent first: the next bill asks 50,000 less.
    expect(view.options!.instalment!.amount).toBe(view.bills[1]!.outstanding - 50_000);
    const receipt = (await records(b.token)).body.data.list[0]!;
    expect(receipt.credit_added).toBe(50_000);

    // Settling with credit held: the receipt shows the credit spent, and what was paid reads as the quote.
    type Quote = { amount: number; credit_applied: number } & RepayRecord['paid'];
    const quote = (
      await call<Quote>(t.app, { method: 'GET', url: '/api/v1/order/settlement_quote', token: b.token })
    ).body.data;
    const settle = await codeFor(t.app, b, 'settlement');
    expect(settle.amount).toBe(quote.amount);
    await payCode(t.app, settle.code_id);
    const settled = (await records(b.token)).body.data.list[0]!;
    // The credit held (50,000) and the charges already paid for days not used, given back on settling.
    expect(quote.credit_applied).toBeGreaterThan(50_000);
    expect(settled).toMatchObject({
      amount: quote.amount,
      credit_applied: quote.credit_applied,
      remaining: 0,
    });
    const cleared = (k: 'principal' | 'interest' | 'fee' | 'late_fee') =>
      settled.paid[k] + settled.paid_with_credit[k];
    expect([cleared('principal'), cleared('interest'), cleared('fee'), cleared('late_fee')]).toEqual([
      quote.principal,
      quote.interest,
      quote.fee,
      quote.late_fee,
    ]);
    const withCredit = Object.values(settled.paid_with_credit).reduce((a, n) => a + n, 0);
    expect(withCredit).toBe(settled.credit_applied);
  });

  it('settles the whole loan early: paid off, the interest saved, and the limit free again', async () => {
    const b = await repaying();
    const before = (await bills(t.app, b.token)).body.data;
    t.clock.advance(10 * 86_400);
    b.token = await signInAgain(b.phone);
    const code = await codeFor(t.app, b, 'settlement');
    expect(code.amount).toBeLessThan(before.loan!.outstanding);
    type Quote = { amount: number; date: string; last_date: string; saved: { total: number } };
    const quote = (date?: string) =>
      call<Quote>(t.app, {
        method: 'GET',
        url: `/api/v1/order/settlement_quote${date ? `?date=${date}` : ''}`,
        token: b.token,
      });
    const today = (await quote()).body.data;
    expect(today.amount).toBe(code.amount);
    expect(today.saved.total).toBeGreaterThan(0);
    const later = (await quote(today.last_date)).body.data;
    expect(later.amount).toBeGreaterThan(today.amount);
    expect(later.saved.total).toBeLessThan(today.saved.total);
    expect((await quote('2099-01-01')).body.code).toBe(4000);
    expect((await quote('2020-01-01')).body.code).toBe(4000);
    await payCode(t.app, code.code_id);
    const order = (await currentOrder(t.app, b.token)).body.data.order;
    expect(order).toBeNull();
    const after = (await bills(t.app, b.token)).body.data;
    expect(after.loan).toBeNull();
    const products = await call<{ can_borrow: boolean }>(t.app, {
      method: 'GET',
      url: '/api/v1/loan_products',
      token: b.token,
    });
    expect(products.body.data.can_borrow).toBe(true);
    const history = await call<{ list: Array<{ order_id: string; group: string; outstanding: number }> }>(
      t.app,
      {
        method: 'GET',
        url: '/api/v1/order/loan_records',
        token: b.token,
      },
    );
    expect(history.body.data.list).toEqual([
      expect.objectContaining({ order_id: b.loanId, group: 'paid_off', outstanding: 0 }),
    ]);
  });
});

describe('payment callbacks', () => {
  it('refuses a forged token, applies a real one once, and answers a replay without paying twice', async () => {
    const b = await repaying();
    const code = await codeFor(t.app, b);
    const body = paidXendit(code.code_id, code.amount, t.clock.now());
    expect((await xenditCallback(t.app, body, 'forged-token-forged-token-forged')).statusCode).toBe(401);
    // Authentic but unreadable: refused as malformed, nothing recorded.
    expect((await xenditCallback(t.app, { ...body, external_id: undefined })).statusCode).toBe(400);
    expect((await bills(t.app, b.token)).body.data.bills[0]!.paid).toBe(0);
    expect((await xenditCallback(t.app, body)).statusCode).toBe(200);
    const replay = await xenditCallback(t.app, body);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().data.outcome).toBe('replay');
    // The same payment id with another body is refused by the inbox (a conflict to look into), never paid again.
    expect((await xenditCallback(t.app, { ...body, id: 'another-callback-id' })).statusCode).toBe(409);
    const applied = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.paymentCodeId, code.code_id));
    expect(applied).toHaveLength(1);
    expect((await bills(t.app, b.token)).body.data.bills[0]!.state).toBe('paid');
  });

  it('verifies the Midtrans-style signature and applies only a settlement', async () => {
    const b = await repaying();
    const code = await codeFor(t.app, b);
    const notification = (status: string, key = DEV_PAYMENT_SERVER_KEY) => {
      const gross = `${code.amount}.00`;
      return {
        transaction_id: 'mt-1',
        order_id: code.code_id,
        gross_amount: gross,
        status_code: status === 'settlement' ? '200' : '201',
        transaction_status: status,
        transaction_time: jakartaWallTime(t.clock.now()),
        payment_type: 'bank_transfer',
        signature_key: midtransSignature({
          orderId: code.code_id,
          statusCode: status === 'settlement' ? '200' : '201',
          grossAmount: gross,
          serverKey: key,
        }),
      };
    };
    const post = (body: object) =>
      t.app.inject({
        method: 'POST',
        url: MIDTRANS,
        headers: { 'content-type': 'application/json' },
        payload: body,
      });
    expect((await post(notification('settlement', 'wrong-key'))).statusCode).toBe(401);
    const tampered = { ...notification('settlement'), gross_amount: `${code.amount * 10}.00` };
    expect((await post(tampered)).statusCode).toBe(401);
    expect((await post(notification('pending'))).statusCode).toBe(200);
    expect((await bills(t.app, b.token)).body.data.bills[0]!.paid).toBe(0);
    expect((await post(notification('settlement'))).statusCode).toBe(200);
    expect((await bills(t.app, b.token)).body.data.bills[0]!.state).toBe('paid');
  });

  it('records a payment to an unknown or expired code for review, acknowledged and never applied', async () => {
    const b = await repaying();
    expect(
      (await xenditCallback(t.app, paidXendit('no-such-code', 123_000, t.clock.now(), 'pay-unknown')))
        .statusCode,
    ).toBe(200);
    const [unknown] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.providerPaymentId, 'pay-unknown'));
    expect(unknown).toMatchObject({ status: 'review', reviewReason: 'unknown_code', amount: 123_000 });

    const code = await codeFor(t.app, b);
    t.clock.advance(25 * 3600);
    b.token = await signInAgain(b.phone);
    const late = await xenditCallback(
      t.app,
      paidXendit(code.code_id, code.amount, t.clock.now(), 'pay-late'),
    );
    expect(late.statusCode).toBe(200);
    const [expired] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.providerPaymentId, 'pay-late'));
    expect(expired).toMatchObject({ status: 'review', reviewReason: 'expired_code', userId: b.userId });
    expect((await bills(t.app, b.token)).body.data.bills[0]!.paid).toBe(0);
    const receipt = (await records(b.token)).body.data.list[0]!;
    expect(receipt.status).toBe('review');
  });
});

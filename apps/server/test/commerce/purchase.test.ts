import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payLaterProduct } from '@kaskita/domain/pricing/default-products';
import { businessDateAt } from '@kaskita/domain/pricing/business-date';
import { plan } from '@kaskita/domain/pricing/plan';
import { rupiah } from '@kaskita/domain/money/rupiah';
import { checkLedger } from '../../src/cli/ledger-check-command.ts';
import { auditLog } from '../../src/commands/audit-schema.ts';
import { DEFAULT_COMMERCE_COUPONS } from '../../src/modules/commerce/commerce-merchants.ts';
import { commerceOrders } from '../../src/modules/commerce/commerce-schema.ts';
import { disbursements, loanBills, loans } from '../../src/modules/loans/loan-orders-schema.ts';
import type { Borrower } from '../application/application-helpers.ts';
import { jobRows, skipRetryWaits } from '../helpers/job-helpers.ts';
import { call, useTestApp } from '../helpers/test-app.ts';
import { approvedBorrower } from '../loans/loan-helpers.ts';
import {
  buy,
  checkout,
  createOrder,
  fakeMerchant,
  merchantCall,
  merchantsSetting,
  setPin,
  SHOP,
  type FakeMerchant,
} from './commerce-helpers.ts';

/**
 * The purchase end to end: an approved borrower, the payment PIN (wrong five times, locked, reset by SMS code), a
 * 3-month plan with a coupon, the loan with its bills and ledger, the merchant told by a signed webhook (retried when
 * it fails). Pay-later may use half of the credit limit here (PAY_LATER_LIMIT_PERCENT=50).
 */
const envSource: Record<string, string> = {};
let merchant: FakeMerchant;
beforeAll(async () => {
  merchant = await fakeMerchant();
  envSource.COMMERCE_MERCHANTS = merchantsSetting(`${merchant.url}/webhook`);
  envSource.PAY_LATER_LIMIT_PERCENT = '50';
});
afterAll(async () => merchant?.close());
const t = useTestApp({ envSource });

const PIN = '135790';
let a: Borrower;
let limit: number;

describe('a pay-later purchase', () => {
  beforeAll(async () => {
    a = await approvedBorrower(t.app, t.database.db, t.clock.now());
    const body = await call<{ limit_amount: number }>(t.app, {
      method: 'GET',
      url: '/api/v1/limit_amount',
      token: a.token,
    });
    limit = body.body.data.limit_amount;
    expect(limit).toBeGreaterThanOrEqual(6_000_000);
  }, 60_000);

  it('needs a payment PIN, set only with an SMS code', async () => {
    const order = await createOrder(t.app, t.clock.now(), 'P-1');
    const noPin = await buy(t.app, a.token, {
      sign_key: order.sign_key,
      product_id: 'pay-later.month-3-3',
      pay_pin: PIN,
    });
    expect(noPin.body.code).toBe(4416);
    const wrongCode = await call(t.app, {
      method: 'POST',
      url: '/api/v1/commerce/pay_pin',
      token: a.token,
      payload: { pin: PIN, pin_confirm: PIN, sms_code: '000000' },
    });
    expect(wrongCode.body.code).toBe(4010);
    const mismatch = await call(t.app, {
      method: 'POST',
      url: '/api/v1/commerce/pay_pin',
      token: a.token,
      payload: { pin: PIN, pin_confirm: '135791', sms_code: '000000' },
    });
    expect(mismatch.body.code).toBe(4000);
    expect((await setPin(t.app, t.clock, a.token, a.phone, PIN)).body.data.pay_pin_set).toBe(true);
  });

  it('locks the PIN after five wrong tries, even the right one then, until it is reset by SMS code', async () => {
    const order = await createOrder(t.app, t.clock.now(), 'P-2');
    const fields = { sign_key: order.sign_key, product_id: 'pay-later.month-3-3', pay_pin: '000000' };
    for (const left of [4, 3, 2, 1]) {
      const wrong = await buy(t.app, a.token, fields);
      expect(wrong.body.code).toBe(4417);
      expect(wrong.body.data).toMatchObject({ tries_left: left });
    }
    const fifth = await buy(t.app, a.token, fields);
    expect(fifth.body.code).toBe(4418);
    const right = await buy(t.app, a.token, { ...fields, pay_pin: PIN });
    expect(right.body.code).toBe(4418);
    const page = await checkout(t.app, a.token, 'order', { sign_key: order.sign_key });
    expect(page.body.data.status).toBe('unpaid');
    // Reset by SMS code: unlocked at once, with the new PIN.
    expect((await setPin(t.app, t.clock, a.token, a.phone, '246802')).body.code).toBe(200);
    const old = await buy(t.app, a.token, { ...fields, pay_pin: PIN });
    expect(old.body.code).toBe(4417);
    expect(
      (await merchantCall(t.app, '/cancel', { merchant_order_id: 'P-2' }, t.clock.now())).body.code,
    ).toBe(200);
  });

  it('refuses a coupon not valid for the plan (4415) and an amount above the pay-later limit (4414)', async () => {
    const order = await createOrder(t.app, t.clock.now(), 'P-3');
    const coupon = await buy(t.app, a.token, {
      sign_key: order.sign_key,
      product_id: 'pay-later.day-30-1',
      coupons_id: 'PL3-50K',
      pay_pin: '246802',
    });
    expect(coupon.body.code).toBe(4415);
    const half = Math.floor(limit / 2);
    const amount = Math.min(half + 100_000, 20_000_000);
    const big = await createOrder(t.app, t.clock.now(), 'P-4', {
      amount,
      order_detail: [{ name: 'Laptop', quantity: 1, price: amount }],
    });
    const over = await buy(t.app, a.token, {
      sign_key: big.sign_key,
      product_id: 'pay-later.month-6-6',
      pay_pin: '246802',
    });
    expect(over.body.code).toBe(4414);
    expect(over.body.data).toMatchObject({ available_amount: half });
  });

  it('buys on 3 monthly instalments with a coupon: a loan paid to the merchant, billed as the engine plans it', async () => {
    const order = await createOrder(t.app, t.clock.now(), 'P-5');
    const bought = await buy(t.app, a.token, {
      sign_key: order.sign_key,
      product_id: 'pay-later.month-3-3',
      coupons_id: 'PL3-50K',
      pay_pin: '246802',
    });
    expect(bought.body.code, JSON.stringify(bought.body)).toBe(200);
    const { loan_id: loanId } = bought.body.data;

    const coupon = DEFAULT_COMMERCE_COUPONS.find((c) => c.coupon.id === 'PL3-50K')!.coupon;
    const expected = plan(
      payLaterProduct,
      rupiah(3_000_000),
      { unit: 'month', length: 3, instalments: 3 },
      businessDateAt(t.clock.now()),
      { coupon },
    );
    expect(expected.totals.discount).toBe(50_000);
    const db = t.database.db;
    const [loan] = await db.select().from(loans).where(eq(loans.id, loanId));
    expect(loan).toMatchObject({
      userId: a.userId,
      state: 'active',
      amount: 3_000_000,
      productId: 'pay-later',
    });
    const bills = await db.select().from(loanBills).where(eq(loanBills.loanId, loanId));
    expect(bills).toHaveLength(3);
    expect(bills.map((b) => b.principal + b.interest + b.fee)).toEqual(
      expected.instalments.map((i) => i.total),
    );
    expect(bills.reduce((s, b) => s + b.principal + b.interest + b.fee, 0)).toBe(expected.totals.repayment);
    expect(bought.body.data.plan.total).toBe(expected.totals.repayment);
    const [paidOut] = await db.select().from(disbursements).where(eq(disbursements.loanId, loanId));
    expect(paidOut).toMatchObject({
      status: 'completed',
      provider: `merchant:${SHOP.app_id}`,
      amount: 3_000_000,
    });
    const [row] = await db.select().from(commerceOrders).where(eq(commerceOrders.id, order.order_id));
    expect(row).toMatchObject({ status: 'paid', loanId });
    const audits = await db.select().from(auditLog).where(eq(auditLog.subjectId, loanId));
    expect(audits.map((r) => [r.command, r.actorId])).toEqual([['commerce.purchase', a.userId]]);
    expect((await checkLedger(db)).problems).toEqual([]);

    // Paying again answers the order as paid; the merchant sees it paid.
    const twice = await buy(t.app, a.token, {
      sign_key: order.sign_key,
      product_id: 'pay-later.month-3-3',
      pay_pin: '246802',
    });
    expect(twice.body.code).toBe(4412);
    const status = await merchantCall<{ status: string }>(
      t.app,
      '/query',
      { merchant_order_id: 'P-5' },
      t.clock.now(),
    );
    expect(status.body.data.status).toBe('paid');
    const cancel = await merchantCall(t.app, '/cancel', { merchant_order_id: 'P-5' }, t.clock.now());
    expect(cancel.body.code).toBe(4420);
  });

  it('tells the merchant by a signed webhook with our event id', async () => {
    await t.app.jobs.whenIdle();
    const paid = merchant.received.filter((r) => r.body.includes('"merchant_order_id":"P-5"'));
    expect(paid).toHaveLength(1);
    const { headers, body } = paid[0]!;
    const timestamp = String(headers['x-commerce-timestamp']);
    const signature = createHmac('sha256', SHOP.secret).update(`${timestamp}.${body}`).digest('hex');
    expect(headers['x-commerce-signature']).toBe(signature);
    expect(headers['x-commerce-app-id']).toBe(SHOP.app_id);
    const event = JSON.parse(body) as { event_id: string; event: string; status: string; amount: number };
    expect(event).toMatchObject({ event: 'order.paid', status: 'paid', amount: 3_000_000 });
    expect(event.event_id).toMatch(/^order\.paid:/);
  });
});

describe('a locked PIN', () => {
  it('unlocks once PAY_PIN_LOCK_MINUTES have passed (then the purchase meets the open pay-later loan)', async () => {
    const order = await createOrder(t.app, t.clock.now(), 'L-1');
    const fields = { sign_key: order.sign_key, product_id: 'pay-later.day-30-1', pay_pin: '999999' };
    for (let i = 0; i < 4; i++) expect((await buy(t.app, a.token, fields)).body.code).toBe(4417);
    const locked = await buy(t.app, a.token, fields);
    expect(locked.body.code).toBe(4418);
    expect(locked.body.data).toMatchObject({
      locked_until: new Date(t.clock.now().getTime() + 30 * 60_000).toISOString(),
    });
    t.clock.advance(30 * 60 + 1);
    const later = await createOrder(t.app, t.clock.now(), 'L-2');
    const right = await buy(t.app, a.token, { ...fields, sign_key: later.sign_key, pay_pin: '246802' });
    // Past the PIN: refused only because the borrower's pay-later loan of the purchase above is still open.
    expect(right.body.code).toBe(4291);
  });
});

describe('a webhook the merchant fails', () => {
  it('is retried with backoff under the same event id until the merchant answers 2xx', async () => {
    const b = await approvedBorrower(t.app, t.database.db, t.clock.now());
    expect((await setPin(t.app, t.clock, b.token, b.phone, PIN)).body.code).toBe(200);
    const order = await createOrder(t.app, t.clock.now(), 'R-1');
    merchant.failures = 2;
    const bought = await buy(t.app, b.token, {
      sign_key: order.sign_key,
      product_id: 'pay-later.day-30-1',
      pay_pin: PIN,
    });
    expect(bought.body.code, JSON.stringify(bought.body)).toBe(200);
    for (let i = 0; i < 3; i++) {
      await t.app.jobs.whenIdle();
      await skipRetryWaits(t.database.db);
    }
    await t.app.jobs.whenIdle();
    const tries = merchant.received.filter((r) => r.body.includes('"merchant_order_id":"R-1"'));
    expect(tries).toHaveLength(3);
    expect(new Set(tries.map((r) => (JSON.parse(r.body) as { event_id: string }).event_id)).size).toBe(1);
    const rows = (await jobRows(t.database.db, 'commerce.webhook')).filter((r) =>
      JSON.stringify(r.data).includes(order.order_id),
    );
    expect(rows.map((r) => [r.state, r.retry_count])).toEqual([['completed', 2]]);
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  }, 60_000);
});

describe('the pay-later loan after the purchase', () => {
  it('is repaid through the bills like a cash loan: an instalment, then the settlement closes it', async () => {
    const { token } = a;
    const post = <T>(url: string, payload: object) =>
      call<T>(t.app, { method: 'POST', url: `/api${url}`, token, payload });
    const bills = await call<{ options: { instalment: { amount: number } } }>(t.app, {
      method: 'GET',
      url: '/api/v1/order/bill?type=1',
      token,
    });
    expect(bills.body.code).toBe(200);
    const [loan] = await t.database.db.select().from(loans).where(eq(loans.userId, a.userId));
    const first = await post<{ code_id: string }>('/v1/order/repay', {
      loan_plan: loan!.id,
      repayment_type: 'instalment',
      repayment_total_amount: bills.body.data.options.instalment.amount,
      channel_id: 'VA_BCA',
    });
    expect(first.body.code, JSON.stringify(first.body)).toBe(200);
    await post('/dev/payments/simulate', { external_id: first.body.data.code_id });
    await t.app.jobs.whenIdle();
    const quote = await call<{ amount: number }>(t.app, {
      method: 'GET',
      url: '/api/v1/order/settlement_quote',
      token,
    });
    const settle = await post<{ code_id: string }>('/v1/order/repay', {
      loan_plan: loan!.id,
      repayment_type: 'settlement',
      repayment_total_amount: quote.body.data.amount,
      channel_id: 'VA_BCA',
    });
    expect(settle.body.code, JSON.stringify(settle.body)).toBe(200);
    await post('/dev/payments/simulate', { external_id: settle.body.data.code_id });
    await t.app.jobs.whenIdle();
    const [closed] = await t.database.db.select().from(loans).where(eq(loans.id, loan!.id));
    expect(closed!.state).toBe('paid-off');
    const status = await call<{ loan_status: { bill_status: number } }>(t.app, {
      method: 'GET',
      url: '/api/v2/user/status',
      token,
    });
    expect(status.body.data.loan_status.bill_status).toBe(3);
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  });
});

describe('a double tap', () => {
  it('buys once: one loan, the other taps refused', async () => {
    const c = await approvedBorrower(t.app, t.database.db, t.clock.now());
    expect((await setPin(t.app, t.clock, c.token, c.phone, PIN)).body.code).toBe(200);
    const order = await createOrder(t.app, t.clock.now(), 'D-1');
    const fields = { sign_key: order.sign_key, product_id: 'pay-later.month-3-3', pay_pin: PIN };
    const taps = await Promise.all([1, 2, 3, 4].map(() => buy(t.app, c.token, fields)));
    const codes = taps.map((r) => r.body.code).sort();
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    for (const code of codes.filter((x) => x !== 200)) expect([4291, 4412]).toContain(code);
    const rows = await t.database.db.select().from(loans).where(eq(loans.userId, c.userId));
    expect(rows).toHaveLength(1);
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  }, 60_000);
});

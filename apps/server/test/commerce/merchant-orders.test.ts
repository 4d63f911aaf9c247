import { describe, expect, it } from 'vitest';
import { merchantSignatureHeaders } from '../../src/modules/commerce/merchant-signature.ts';
import { call, signIn, useTestApp } from '../helpers/test-app.ts';
import {
  buy,
  checkout,
  createOrder,
  merchantCall,
  merchantsSetting,
  orderBody,
  setPin,
  SHOP,
} from './commerce-helpers.ts';

/** The merchant's signed calls and the checkout's reads that need no approved borrower. */
const t = useTestApp({ envSource: { COMMERCE_MERCHANTS: merchantsSetting(null) } });

describe("a merchant's signed calls", () => {
  it('creates an order and answers a checkout link that carries its sign_key', async () => {
    const created = await createOrder(t.app, t.clock.now(), 'M-1');
    expect(created.status).toBe('unpaid');
    const url = new URL(created.checkout_url);
    expect(url.pathname).toBe('/third/pay/order');
    expect(url.searchParams.get('sign_key')).toBe(created.sign_key);
  });

  it('refuses a forged signature, an unknown merchant and a stale timestamp (4410)', async () => {
    const now = t.clock.now();
    const forged = await merchantCall(t.app, '', orderBody('M-forged'), now, { secret: 'x'.repeat(48) });
    expect(forged.body.code).toBe(4410);
    expect(forged.res.statusCode).toBe(401);
    const unknown = await merchantCall(t.app, '', orderBody('M-unknown'), now, { appId: 'nobody' });
    expect(unknown.body.code).toBe(4410);
    const stale = await merchantCall(t.app, '', orderBody('M-stale'), new Date(now.getTime() - 301_000));
    expect(stale.body.code).toBe(4410);
    // A body changed after signing is a forgery too: the same headers with the original body are accepted.
    const raw = JSON.stringify(orderBody('M-tampered'));
    const headers = { 'content-type': 'application/json', ...merchantSignatureHeaders(SHOP, raw, now) };
    const url = '/api/v1/commerce/merchant/orders';
    const tampered = await t.app.inject({
      method: 'POST',
      url,
      headers,
      payload: raw.replace('3000000', '3000001'),
    });
    const original = await t.app.inject({ method: 'POST', url, headers, payload: raw });
    expect(original.json<{ code: number }>().code).toBe(200);
    expect(tampered.json<{ code: number }>().code).toBe(4410);
  });

  it('answers a replayed order the same, and refuses the same id with another body (4411)', async () => {
    const now = t.clock.now();
    const first = await createOrder(t.app, now, 'M-2');
    const again = await createOrder(t.app, now, 'M-2');
    expect(again).toEqual(first);
    const other = await merchantCall(
      t.app,
      '',
      orderBody('M-2', {
        amount: 1_500_000,
        order_detail: [{ name: 'Kaos', quantity: 1, price: 1_500_000 }],
      }),
      now,
    );
    expect(other.body.code).toBe(4411);
  });

  it('refuses a return URL the merchant did not configure, and an amount that is not the sum of its items', async () => {
    const now = t.clock.now();
    const away = await merchantCall(
      t.app,
      '',
      orderBody('M-3', { return_url: 'https://shop.example.evil/return' }),
      now,
    );
    expect(away.body.code).toBe(4422);
    const sum = await merchantCall(t.app, '', orderBody('M-4', { amount: 2_999_999 }), now);
    expect(sum.body.code).toBe(4000);
    const over = await merchantCall(
      t.app,
      '',
      orderBody('M-5', {
        amount: 20_000_001,
        order_detail: [{ name: 'Motor', quantity: 1, price: 20_000_001 }],
      }),
      now,
    );
    expect(over.body.code).toBe(4414);
  });

  it('cancels an unpaid order, after which the checkout is expired, and queries its status', async () => {
    const now = t.clock.now();
    const created = await createOrder(t.app, now, 'M-6');
    const cancelled = await merchantCall<{ status: string }>(
      t.app,
      '/cancel',
      { merchant_order_id: 'M-6' },
      now,
    );
    expect(cancelled.body.data.status).toBe('cancelled');
    const status = await merchantCall<{ status: string; order_id: string }>(
      t.app,
      '/query',
      { merchant_order_id: 'M-6' },
      now,
    );
    expect(status.body.data).toMatchObject({ status: 'cancelled', order_id: created.order_id });
    const page = await checkout(t.app, undefined, 'product_list_free', { sign_key: created.sign_key });
    expect(page.body.code).toBe(4412);
    const missing = await merchantCall(t.app, '/query', { merchant_order_id: 'M-none' }, now);
    expect(missing.body.code).toBe(4040);
  });
});

describe('the checkout before and after signing in', () => {
  it('shows a visitor the order and the free-interest plans, nothing personal', async () => {
    const created = await createOrder(t.app, t.clock.now(), 'M-7');
    const page = await checkout(t.app, undefined, 'order_free', { sign_key: created.sign_key });
    expect(page.body.code).toBe(200);
    expect(page.body.data).toMatchObject({
      merchant_name: SHOP.name,
      amount: 3_000_000,
      available_amount: null,
      pay_pin_set: null,
      items: [{ name: 'Sepatu lari', quantity: 2, price: 1_500_000 }],
    });
    const plans = await call<{ list: Array<{ pid: string; interest: number; free_interest: boolean }> }>(
      t.app,
      {
        method: 'GET',
        url: `/api/v1/commerce/product_list_free?sign_key=${created.sign_key}`,
      },
    );
    expect(plans.body.data.list.map((p) => p.pid)).toEqual([
      'pay-later-free-interest.day-30-1',
      'pay-later-free-interest.month-3-3',
    ]);
    expect(plans.body.data.list.every((p) => p.interest === 0 && p.free_interest)).toBe(true);
  });

  it('refuses an unknown sign_key (4413) and an expired one (4412)', async () => {
    const unknown = await checkout(t.app, undefined, 'order_free', { sign_key: 'x'.repeat(43) });
    expect(unknown.body.code).toBe(4413);
    const created = await createOrder(t.app, t.clock.now(), 'M-8');
    t.clock.advance(31 * 60);
    const expired = await checkout(t.app, undefined, 'product_list_free', { sign_key: created.sign_key });
    expect(expired.body.code).toBe(4412);
    const status = await merchantCall<{ status: string }>(
      t.app,
      '/query',
      { merchant_order_id: 'M-8' },
      t.clock.now(),
    );
    expect(status.body.data.status).toBe('expired');
  });

  it('gives the first borrower to open a checkout the order; for another it is not found (4413)', async () => {
    const created = await createOrder(t.app, t.clock.now(), 'M-9');
    const first = await signIn(t.app);
    const second = await signIn(t.app);
    const mine = await checkout(t.app, first.token, 'order', { sign_key: created.sign_key });
    expect(mine.body.code).toBe(200);
    expect(mine.body.data.pay_pin_set).toBe(false);
    const theirs = await checkout(t.app, second.token, 'order', { sign_key: created.sign_key });
    expect(theirs.body.code).toBe(4413);
    const theirPlans = await checkout(t.app, second.token, 'product_list', { sign_key: created.sign_key });
    expect(theirPlans.body.code).toBe(4413);
    expect((await checkout(t.app, first.token, 'order', { sign_key: created.sign_key })).body.code).toBe(200);
  });

  it('reads the commerce headers: the sign_key from the header, and another merchant refused (4419)', async () => {
    const created = await createOrder(t.app, t.clock.now(), 'M-10', { buyer_uid: 'buyer-7' });
    const byHeader = await checkout(
      t.app,
      undefined,
      'order_free',
      {},
      { commerce_api_sign_key: created.sign_key },
    );
    expect(byHeader.body.code).toBe(200);
    const otherShop = await checkout(
      t.app,
      undefined,
      'order_free',
      { sign_key: created.sign_key },
      { commerce_app_id: 'other-shop' },
    );
    expect(otherShop.body.code).toBe(4419);
    const otherBuyer = await checkout(
      t.app,
      undefined,
      'order_free',
      { sign_key: created.sign_key },
      { commerce_app_uid: 'buyer-8' },
    );
    expect(otherBuyer.body.code).toBe(4419);
    const same = await checkout(
      t.app,
      undefined,
      'order_free',
      { sign_key: created.sign_key },
      { commerce_app_id: SHOP.app_id, commerce_app_uid: 'buyer-7' },
    );
    expect(same.body.code).toBe(200);
  });

  it('prices a repay preview and refuses a coupon not valid for the plan (4415), dropping blank values', async () => {
    const { token } = await signIn(t.app);
    const preview = await call<{ schedule: Array<{ total: number }>; total: number; discount: number }>(
      t.app,
      {
        method: 'GET',
        url: '/api/v1/commerce/repay_preview?amount=3000000&pid=pay-later.month-3-3&coupon_id=PL3-50K',
        token,
      },
    );
    expect(preview.body.code, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.data.schedule).toHaveLength(3);
    expect(preview.body.data.discount).toBe(50_000);
    expect(preview.body.data.schedule.reduce((s, i) => s + i.total, 0)).toBe(preview.body.data.total);
    const wrongPlan = await call(t.app, {
      method: 'GET',
      url: '/api/v1/commerce/repay_preview?amount=3000000&pid=pay-later.month-6-6&coupon_id=PL3-50K',
      token,
    });
    expect(wrongPlan.body.code).toBe(4415);
    const unknownCoupon = await call(t.app, {
      method: 'GET',
      url: '/api/v1/commerce/repay_preview?amount=3000000&pid=pay-later.month-3-3&coupon_id=NOPE',
      token,
    });
    expect(unknownCoupon.body.code).toBe(4415);
    const blank = await call(t.app, {
      method: 'GET',
      url: '/api/v1/commerce/repay_preview?amount=3000000&pid=pay-later.month-3-3&coupon_id=',
      token,
    });
    expect(blank.body.code).toBe(200);
    const notOffered = await call(t.app, {
      method: 'GET',
      url: '/api/v1/commerce/repay_preview?amount=3000000&pid=pay-later.month-4-4',
      token,
    });
    expect(notOffered.body.code).toBe(4421);
  });
});

describe('payment PIN checks', () => {
  it('are rate-limited per borrower beyond the lock (30 an hour), so locks cannot be cycled by a script', async () => {
    const b = await signIn(t.app);
    expect((await setPin(t.app, t.clock, b.token, b.phone, '112233')).body.code).toBe(200);
    const order = await createOrder(t.app, t.clock.now(), 'RL-1');
    const fields = { sign_key: order.sign_key, product_id: 'pay-later.month-3-3', pay_pin: '000000' };
    const codes: number[] = [];
    for (let i = 0; i < 30; i++) codes.push((await buy(t.app, b.token, fields)).body.code);
    expect(codes.slice(0, 4)).toEqual([4417, 4417, 4417, 4417]);
    expect(new Set(codes.slice(4))).toEqual(new Set([4418]));
    const limited = await buy(t.app, b.token, fields);
    expect(limited.body.code).toBe(4029);
  });
});

describe('the demo shop', () => {
  it('has no shop front when COMMERCE_MERCHANTS leaves it out', async () => {
    expect(t.app.commerce.demoShop).toBeNull();
    for (const method of ['GET', 'POST'] as const) {
      const url = method === 'GET' ? '/dev/merchant' : '/dev/merchant/webhook';
      expect((await t.app.inject({ method, url })).statusCode).toBe(404);
    }
  });
});

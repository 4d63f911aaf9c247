import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_COMMERCE_MERCHANT_SECRET } from '../../src/modules/commerce/commerce-merchants.ts';
import { merchantSignatureHeaders } from '../../src/modules/commerce/merchant-signature.ts';
import { buy, setPin } from '../commerce/commerce-helpers.ts';
import { readBody, serveLocally, type LocalServer } from '../helpers/fake-http-server.ts';
import { call, useTestApp } from '../helpers/test-app.ts';
import { approvedBorrower } from '../loans/loan-helpers.ts';

/**
 * /dev/merchant, the demo shop's front: orders made through its form are real signed merchant calls, and our webhook
 * job delivers to its receiver through PUBLIC_APP_URL. The app answers no port here, so PUBLIC_APP_URL is a local
 * server that passes each request on to the app (app.inject), as a reverse proxy would.
 */
const env: { PUBLIC_APP_URL?: string } = {};
let proxy: LocalServer;
beforeAll(async () => {
  proxy = await serveLocally(async (req, res) => {
    const payload = await readBody(req);
    const { 'content-length': _length, ...headers } = req.headers;
    const answer = await t.app.inject({
      method: req.method as 'POST',
      url: req.url!,
      headers: headers as Record<string, string>,
      payload,
    });
    res.writeHead(answer.statusCode, {
      'content-type': String(answer.headers['content-type'] ?? 'text/plain'),
    });
    res.end(answer.body);
  });
  env.PUBLIC_APP_URL = proxy.url;
});
afterAll(async () => proxy?.close());
const t = useTestApp({ env });

interface ListedOrder {
  id: string;
  status: string;
  checkout: string | null;
}

async function shopPage(app: FastifyInstance, query = '') {
  const res = await app.inject({ method: 'GET', url: `/dev/merchant${query}` });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/html');
  const orders: ListedOrder[] = res.body
    .split('<tr data-testid="merchant-order"')
    .slice(1)
    .map((row) => ({
      id: /data-order-id="([^"]+)"/.exec(row)![1]!,
      status: /data-status="([^"]+)"/.exec(row)![1]!,
      checkout: /data-testid="open-checkout" href="([^"]+)"/.exec(row)?.[1]?.replaceAll('&amp;', '&') ?? null,
    }));
  const webhooks = [
    ...res.body.matchAll(/data-testid="merchant-webhook" data-event-id="([^"]*)" data-verified="(\w+)"/g),
  ].map((m) => ({ eventId: m[1]!, verified: m[2] === 'true' }));
  return { html: res.body, orders, webhooks };
}

function postForm(url: string, fields: Array<[string, string]>) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** The page's form as a person fills it: the first row, and the other rows left blank. */
function orderForm(name: string, quantity: string, price: string): Array<[string, string]> {
  return [
    ['name', name],
    ['quantity', quantity],
    ['price', price],
    ['name', ''],
    ['quantity', '1'],
    ['price', ''],
  ];
}

async function createThroughForm(name: string, quantity: string, price: string): Promise<ListedOrder> {
  const before = new Set((await shopPage(t.app)).orders.map((o) => o.id));
  const res = await postForm('/dev/merchant/orders', orderForm(name, quantity, price));
  expect(res.statusCode, res.body).toBe(303);
  expect(res.headers.location).toBe('/dev/merchant');
  t.clock.advance(1);
  const created = (await shopPage(t.app)).orders.filter((o) => !before.has(o.id));
  expect(created).toHaveLength(1);
  return created[0]!;
}

describe('/dev/merchant: the demo shop', () => {
  it('prefills a demo item, and creates an order by a signed merchant call, listed with its checkout link', async () => {
    const empty = await shopPage(t.app);
    expect(empty.html).toContain('value="Sepatu lari"');
    expect(empty.html).toContain('value="1500000"');

    const order = await createThroughForm('Sepatu lari', '2', '1.500.000');
    expect(order.status).toBe('unpaid');
    expect(order.id).toMatch(/^DEMO-\d{14}-[0-9a-f]{6}$/);
    const link = new URL(order.checkout!, 'http://page.example');
    expect(link.pathname).toBe('/third/pay/order');
    const signKey = link.searchParams.get('sign_key')!;
    // The link is the checkout's: the buyer's page reads the order through it.
    const checkout = await call<{ merchant_order_id: string; amount: number; return_url: string }>(t.app, {
      method: 'GET',
      url: `/api/v1/commerce/order_free?sign_key=${signKey}`,
    });
    expect(checkout.body.data).toMatchObject({ merchant_order_id: order.id, amount: 3_000_000 });
    expect(checkout.body.data.return_url).toBe(`${proxy.url}/dev/merchant?order=${order.id}`);
  });

  it('shows a refused form, creating nothing', async () => {
    const before = (await shopPage(t.app)).orders.length;
    const res = await postForm('/dev/merchant/orders', orderForm('Kaos', '0', 'banyak'));
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('data-testid="merchant-error"');
    const empty = await postForm('/dev/merchant/orders', orderForm('', '1', ''));
    expect(empty.statusCode).toBe(400);
    expect((await shopPage(t.app)).orders).toHaveLength(before);
  });

  it('cancels an unpaid order by a signed cancel call', async () => {
    const order = await createThroughForm('Kaos', '1', '150000');
    const res = await t.app.inject({ method: 'POST', url: `/dev/merchant/orders/${order.id}/cancel` });
    expect(res.statusCode).toBe(303);
    const listed = (await shopPage(t.app)).orders.find((o) => o.id === order.id)!;
    expect(listed).toEqual({ id: order.id, status: 'cancelled', checkout: null });
  });

  it('receives the signed webhook of a purchase, and shows the order paid when the buyer comes back', async () => {
    const order = await createThroughForm('Tas', '1', '500000');
    const signKey = new URL(order.checkout!, 'http://page.example').searchParams.get('sign_key')!;
    const buyer = await approvedBorrower(t.app, t.database.db, t.clock.now());
    expect((await setPin(t.app, t.clock, buyer.token, buyer.phone, '135790')).body.code).toBe(200);
    const bought = await buy(t.app, buyer.token, {
      sign_key: signKey,
      product_id: 'pay-later.day-30-1',
      pay_pin: '135790',
    });
    expect(bought.body.code, JSON.stringify(bought.body)).toBe(200);
    await t.app.jobs.whenIdle();

    const back = await shopPage(t.app, `?order=${order.id}`);
    expect(back.orders.find((o) => o.id === order.id)).toMatchObject({ status: 'paid', checkout: null });
    expect(back.html).toMatch(
      new RegExp(`data-testid="returned-order" data-order-id="${order.id}" data-status="paid"`),
    );
    expect(back.webhooks).toContainEqual({
      eventId: `order.paid:${bought.body.data.order_id}`,
      verified: true,
    });
    expect(back.html).toContain(`<td>${order.id}</td>\n<td>paid</td>`);
  }, 60_000);

  it('refuses a forged webhook (401) and shows it as refused', async () => {
    const body = JSON.stringify({ event_id: 'order.paid:forged', event: 'order.paid', status: 'paid' });
    const forged = await t.app.inject({
      method: 'POST',
      url: '/dev/merchant/webhook',
      headers: {
        'content-type': 'application/json',
        ...merchantSignatureHeaders({ app_id: 'demo-shop', secret: 'x'.repeat(48) }, body, t.clock.now()),
      },
      payload: body,
    });
    expect(forged.statusCode).toBe(401);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/dev/merchant/webhook',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(unsigned.statusCode).toBe(401);
    // Signed right, but long ago: a replay.
    const stale = merchantSignatureHeaders(
      { app_id: 'demo-shop', secret: DEV_COMMERCE_MERCHANT_SECRET },
      body,
      new Date(t.clock.now().getTime() - 3600_000),
    );
    const replay = await t.app.inject({
      method: 'POST',
      url: '/dev/merchant/webhook',
      headers: { 'content-type': 'application/json', ...stale },
      payload: body,
    });
    expect(replay.statusCode).toBe(401);
    const { webhooks, html } = await shopPage(t.app);
    expect(webhooks.slice(0, 3)).toEqual([
      { eventId: 'order.paid:forged', verified: false },
      { eventId: 'order.paid:forged', verified: false },
      { eventId: 'order.paid:forged', verified: false },
    ]);
    expect(html).toContain('refused (stale)');
    expect(html).toContain('refused (mismatch)');
  });
});

import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { formatRupiah, rupiah } from '@kaskita/domain/money/rupiah';
import { amountField, wholeNumberField } from '@kaskita/domain/validation/form-fields';
import type { Clock } from '../../clock.ts';
import type { DemoShopService, SignedMerchantCall } from '../commerce/demo-shop-service.ts';
import type { MerchantOrderListing } from '../commerce/merchant-orders-service.ts';
import { DEV_PAGE_HEADERS, escapeHtml, utcTime } from './dev-html.ts';
import type { ReceivedWebhook, ReceivedWebhooks } from './dev-merchant-webhook.ts';

const LISTED = 50;
const ITEM_ROWS = 3;
/** The form's first row: a believable order, Rp3.000.000 in all. */
const DEMO_ITEM = { name: 'Sepatu lari', quantity: 2, price: 1_500_000 };

/** Each item field of the form; the browser sends one value per row, so a field is a list (or one value). */
const column = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]));
const orderForm = z.object({ name: column, quantity: column, price: column });
const item = z.object({
  name: z.string().trim().min(1, 'a name').max(200),
  quantity: wholeNumberField(1, 10_000, 'a quantity', 'a quantity of 1-10000'),
  price: amountField(1, 1_000_000_000, 'a price', 'a price in whole rupiah'),
});
const returnedQuery = z.object({ order: z.string().max(64).optional().catch(undefined) });
const envelope = z.object({ code: z.number(), msg: z.string() });

export interface DevMerchantPageOptions {
  shop: DemoShopService;
  received: ReceivedWebhooks;
  clock: Clock;
  /** Sends a signed merchant call through the app itself (app.inject), so it meets the route's signature check. */
  send(call: SignedMerchantCall): Promise<{ json(): unknown }>;
}

/**
 * GET /dev/merchant: the demo shop's front, for people and browser tests (never in production). A form makes a real
 * signed merchant call creating a pay-later order; the list shows the shop's orders newest first, each with its
 * checkout link and, while unpaid, a signed cancel; below, the webhooks the shop received. It is also the demo shop's
 * return URL: `?order=<merchant order id>` shows how the buyer's checkout ended.
 */
export function devMerchantPage(app: FastifyInstance, options: DevMerchantPageOptions): void {
  const { shop, received, clock, send } = options;

  async function page(reply: FastifyReply, returned?: string, error?: string, status = 200) {
    const orders = await shop.orders(LISTED);
    return reply
      .code(status)
      .headers(DEV_PAGE_HEADERS)
      .type('text/html; charset=utf-8')
      .send(renderPage({ shopName: shop.name, orders, webhooks: received.all(), returned, error }));
  }

  /** Sends the call; a refusal is shown on the page (400) with the code and message our API answered. */
  async function signedCall(call: SignedMerchantCall): Promise<string | null> {
    const answer = envelope.safeParse((await send(call)).json());
    if (!answer.success) return 'the API answered something unreadable';
    return answer.data.code === 200 ? null : `${answer.data.code}: ${answer.data.msg}`;
  }

  app.get('/dev/merchant', async (request, reply) =>
    page(reply, returnedQuery.parse(request.query ?? {}).order),
  );

  app.post('/dev/merchant/orders', async (request, reply) => {
    const form = orderForm.safeParse(request.body ?? {});
    if (!form.success) return page(reply, undefined, 'the form could not be read', 400);
    const { name, quantity, price } = form.data;
    // Rows left blank are not items.
    const rows = name
      .map((n, i) => ({ name: n, quantity: quantity[i], price: price[i] }))
      .filter((r) => `${r.name}${r.price ?? ''}`.trim() !== '');
    const items = z.array(item).min(1, 'at least one item').safeParse(rows);
    if (!items.success) {
      const problems = items.error.issues.map((i) => `${i.path.join(' ')}: ${i.message}`).join('; ');
      return page(reply, undefined, `Items: ${problems}`, 400);
    }
    const merchantOrderId = newMerchantOrderId(clock.now());
    const orderDetail = items.data.map((i) => ({ name: i.name, quantity: i.quantity, price: i.price }));
    const refused = await signedCall(
      shop.createCall({
        merchant_order_id: merchantOrderId,
        amount: orderDetail.reduce((sum, i) => sum + i.price * i.quantity, 0),
        order_detail: orderDetail,
        return_url: shop.returnUrl(merchantOrderId),
      }),
    );
    if (refused) return page(reply, undefined, `The order was refused (${refused})`, 400);
    return reply.redirect('/dev/merchant', 303);
  });

  app.post<{ Params: { id: string } }>('/dev/merchant/orders/:id/cancel', async (request, reply) => {
    const refused = await signedCall(shop.cancelCall(request.params.id));
    if (refused) return page(reply, undefined, `The cancel was refused (${refused})`, 400);
    return reply.redirect('/dev/merchant', 303);
  });
}

/** The shop's own order id: the time and a random tail, unique enough for a demo. */
function newMerchantOrderId(now: Date): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `DEMO-${stamp}-${randomBytes(3).toString('hex')}`;
}

const isOpen = (o: MerchantOrderListing) => o.status === 'unpaid';

/** The checkout link made relative: it opens on whichever address serves this page. */
function checkoutHref(url: string): string {
  const { pathname, search } = new URL(url);
  return pathname + search;
}

function renderOrder(o: MerchantOrderListing, returned: string | undefined): string {
  const id = escapeHtml(o.merchant_order_id);
  const items = o.items
    .map((i) => `${escapeHtml(i.name)} ${i.quantity} × ${escapeHtml(formatRupiah(rupiah(i.price)))}`)
    .join('<br>');
  const actions = isOpen(o)
    ? `<a data-testid="open-checkout" href="${escapeHtml(checkoutHref(o.checkout_url))}">Open checkout</a>
<form method="post" action="/dev/merchant/orders/${escapeHtml(encodeURIComponent(o.merchant_order_id))}/cancel">
<button data-testid="cancel-order">Cancel</button></form>`
    : '';
  const highlight = o.merchant_order_id === returned ? ' class="returned"' : '';
  return `<tr data-testid="merchant-order" data-order-id="${id}" data-status="${o.status}"${highlight}>
<td>${utcTime(new Date(o.created_at))}</td><td>${id}</td><td>${items}</td>
<td>${escapeHtml(formatRupiah(rupiah(o.amount)))}</td><td class="status">${o.status}</td>
<td>${o.paid_at ? utcTime(new Date(o.paid_at)) : ''}</td><td>${actions}</td></tr>`;
}

function renderReturned(orders: readonly MerchantOrderListing[], returned: string | undefined): string {
  if (returned === undefined) return '';
  const order = orders.find((o) => o.merchant_order_id === returned);
  const id = escapeHtml(returned);
  if (!order)
    return `<p class="returned" data-testid="returned-order" data-order-id="${id}" data-status="unknown">The buyer came back from order <b>${id}</b>, which this shop does not list.</p>`;
  const outcome =
    order.status === 'paid' ? 'paid with KasKita pay-later' : `not paid (the order is ${order.status})`;
  return `<p class="returned" data-testid="returned-order" data-order-id="${id}" data-status="${order.status}">The buyer came back from order <b>${id}</b>: <b>${outcome}</b>.</p>`;
}

function renderWebhook(w: ReceivedWebhook): string {
  const f = w.fields;
  const cell = (v: string | undefined) => escapeHtml(v ?? '');
  const verdict = w.verified ? 'verified' : `refused (${escapeHtml(w.refusal ?? '')})`;
  return `<tr data-testid="merchant-webhook" data-event-id="${cell(f.event_id)}" data-verified="${w.verified}">
<td>${utcTime(w.receivedAt)}</td><td>${cell(f.event_id)}</td><td>${cell(f.event)}</td><td>${cell(f.merchant_order_id)}</td>
<td>${cell(f.status)}</td><td class="${w.verified ? 'verified' : 'refused'}">${verdict}</td></tr>`;
}

function renderItemRows(): string {
  return Array.from({ length: ITEM_ROWS }, (_, i) => {
    const v = i === 0 ? DEMO_ITEM : { name: '', quantity: 1, price: '' };
    return `<tr><td><input name="name" value="${escapeHtml(v.name)}" aria-label="Item ${i + 1} name"></td>
<td><input name="quantity" inputmode="numeric" size="4" value="${v.quantity}" aria-label="Item ${i + 1} quantity"></td>
<td><input name="price" inputmode="numeric" size="10" value="${v.price}" aria-label="Item ${i + 1} unit price"></td></tr>`;
  }).join('');
}

function renderPage(view: {
  shopName: string;
  orders: readonly MerchantOrderListing[];
  webhooks: readonly ReceivedWebhook[];
  returned: string | undefined;
  error: string | undefined;
}): string {
  const { orders, webhooks, returned, error } = view;
  const orderTable =
    orders.length === 0
      ? '<p>No orders yet.</p>'
      : `<table><thead><tr><th>Created (UTC)</th><th>Order</th><th>Items</th><th>Amount</th><th>Status</th>
<th>Paid (UTC)</th><th></th></tr></thead><tbody>${orders.map((o) => renderOrder(o, returned)).join('')}</tbody></table>`;
  const webhookTable =
    webhooks.length === 0
      ? '<p>None yet: a purchase sends one (the webhook job posts to PUBLIC_APP_URL/dev/merchant/webhook).</p>'
      : `<table><thead><tr><th>Received (UTC)</th><th>Event id</th><th>Event</th><th>Order</th><th>Status</th>
<th>Signature</th></tr></thead><tbody>${webhooks.map(renderWebhook).join('')}</tbody></table>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>KasKita · Dev merchant</title>
<style>body{font:14px/1.4 system-ui,sans-serif;margin:16px;color:#1d2b25}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #dde5e1;padding:6px;text-align:left;vertical-align:top}form{display:inline-block;margin:2px}
.returned{background:#e6f4ee}.error,.refused{color:#b3261e}.verified{color:#0b8a5c}</style></head><body>
<h1>${escapeHtml(view.shopName)}</h1><p>Development only: the demo merchant's shop front. Its orders are real signed
merchant calls; the checkout link opens KasKita's pay-later page, which sends the buyer back here. <a href="/dev/merchant">Refresh</a></p>
${error ? `<p class="error" data-testid="merchant-error">${escapeHtml(error)}</p>` : ''}
${renderReturned(orders, returned)}
<h2>New order</h2><form method="post" action="/dev/merchant/orders" data-testid="new-order">
<table><thead><tr><th>Item</th><th>Quantity</th><th>Unit price (Rp)</th></tr></thead><tbody>${renderItemRows()}</tbody></table>
<button data-testid="create-order">Create order</button></form>
<h2>Orders</h2>${orderTable}
<h2>Webhooks received</h2>${webhookTable}</body></html>`;
}

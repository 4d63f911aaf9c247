import { createHash, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { rupiah } from '@kaskita/domain/money/rupiah';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { CheckoutKeys } from './commerce-keys.ts';
import type { Merchant } from './commerce-merchants.ts';
import type { CommerceRepository } from './commerce-repository.ts';
import type { CommerceItem, CommerceOrderRow } from './commerce-schema.ts';

/** The checkout page the merchant sends its buyer to (the web app's /third/pay/order). */
export const CHECKOUT_PATH = '/third/pay/order';

const merchantOrderId = z.string().trim().min(1).max(64);

/** POST /api/v1/commerce/merchant/orders: the merchant's order, JSON. */
export const merchantOrderBodySchema = z
  .object({
    merchant_order_id: merchantOrderId,
    amount: z.number().int().positive(),
    order_detail: z
      .array(
        z.object({
          name: z.string().trim().min(1).max(200),
          quantity: z.number().int().positive().max(10_000),
          price: z.number().int().nonnegative(),
        }),
      )
      .min(1)
      .max(100),
    return_url: z.url(),
    buyer_uid: z.string().trim().min(1).max(128).optional(),
  })
  .refine((o) => o.order_detail.reduce((sum, i) => sum + i.price * i.quantity, 0) === o.amount, {
    path: ['amount'],
    message: 'must equal the sum of order_detail (price x quantity)',
  });
export type MerchantOrderBody = z.infer<typeof merchantOrderBodySchema>;

/** The cancel and status calls name the order in their signed body. */
export const merchantOrderRefSchema = z.object({ merchant_order_id: merchantOrderId });

/** What the merchant is answered about its order (documented in the API document under `merchant`). */
export const merchantOrderAnswerSchema = z.object({
  order_id: z.string(),
  merchant_order_id: z.string(),
  amount: z.number().int(),
  status: z
    .enum(['unpaid', 'paid', 'cancelled', 'expired', 'partly_refunded', 'refunded'])
    .describe('A paid order the merchant refunded in part is `partly_refunded`, in whole `refunded`.'),
  expires_at: z.string(),
  paid_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  refunded_amount: z.number().int().describe('What the merchant refunded of a paid order so far.'),
});
export type MerchantOrderAnswer = z.infer<typeof merchantOrderAnswerSchema>;
export const createdMerchantOrderSchema = merchantOrderAnswerSchema.extend({
  checkout_url: z.string().describe('Send the buyer here; it holds the sign_key and expires with the order.'),
  sign_key: z.string(),
});

/** One order of a merchant's list (MerchantOrdersService.recent). */
export type MerchantOrderListing = MerchantOrderAnswer & {
  items: CommerceItem[];
  created_at: string;
  checkout_url: string;
};

export interface MerchantOrdersDependencies {
  db: Db;
  clock: Clock;
  repo: CommerceRepository;
  keys: CheckoutKeys;
  publicAppUrl: string;
  checkoutTtlMinutes: number;
  maxAmount: number;
}

/**
 * The merchant's side: create (idempotent on its order id), cancel an unpaid order, query one. Every call has already
 * been verified as the merchant's (merchant-routes.ts); a merchant only ever sees its own orders.
 */
export class MerchantOrdersService {
  constructor(private readonly deps: MerchantOrdersDependencies) {}

  /**
   * The same order id with the same body answers the first answer (a retry after a lost answer); with another body
   * it is refused (4411): a merchant reusing an id by mistake must not get the first order's link for another sale.
   */
  async create(
    merchant: Merchant,
    body: MerchantOrderBody,
    rawBody: Buffer,
  ): Promise<MerchantOrderAnswer & { checkout_url: string; sign_key: string }> {
    if (!merchant.return_urls.some((allowed) => sameOrUnder(body.return_url, allowed)))
      throw new AppError('MERCHANT_RETURN_URL_NOT_ALLOWED');
    if (body.amount > this.deps.maxAmount)
      throw new AppError('PAY_LATER_OVER_LIMIT', { max_amount: rupiah(this.deps.maxAmount) });
    const requestSha256 = createHash('sha256').update(rawBody).digest('hex');
    const now = this.deps.clock.now();
    const id = randomUUID();
    const row = await this.deps.repo.insertOrFind(this.deps.db, {
      id,
      merchantAppId: merchant.app_id,
      merchantOrderId: body.merchant_order_id,
      requestSha256,
      signKeyHash: this.deps.keys.lookupHash(this.deps.keys.signKey(id)),
      amount: rupiah(body.amount),
      items: body.order_detail,
      returnUrl: body.return_url,
      buyerUid: body.buyer_uid ?? null,
      status: 'unpaid',
      expiresAt: new Date(now.getTime() + this.deps.checkoutTtlMinutes * 60_000),
      createdAt: now,
      updatedAt: now,
    });
    if (row.requestSha256 !== requestSha256) throw new AppError('MERCHANT_ORDER_CONFLICT');
    return { ...this.answer(row), ...this.checkout(row.id) };
  }

  /**
   * The merchant's newest orders with their checkout links, newest first: what a shop's own order list shows (the
   * demo shop's page, /dev/merchant). No merchant call answers it; a real merchant keeps its own list.
   */
  async recent(merchant: Merchant, limit: number): Promise<MerchantOrderListing[]> {
    const rows = await this.deps.repo.recentOfMerchant(this.deps.db, merchant.app_id, limit);
    return rows.map((row) => ({
      ...this.answer(row),
      items: row.items,
      created_at: row.createdAt.toISOString(),
      checkout_url: this.checkout(row.id).checkout_url,
    }));
  }

  async cancel(merchant: Merchant, merchantOrderId: string): Promise<MerchantOrderAnswer> {
    const row = await this.deps.db.transaction(async (tx) => {
      const order = await this.deps.repo.byMerchantOrder(tx, merchant.app_id, merchantOrderId, true);
      if (!order) throw new AppError('NOT_FOUND');
      if (order.status === 'cancelled') return order;
      if (order.status !== 'unpaid') throw new AppError('MERCHANT_ORDER_NOT_CANCELLABLE');
      const now = this.deps.clock.now();
      return this.deps.repo.update(tx, order.id, 'unpaid', {
        status: 'cancelled',
        cancelledAt: now,
        updatedAt: now,
      });
    });
    return this.answer(row);
  }

  async status(merchant: Merchant, merchantOrderId: string): Promise<MerchantOrderAnswer> {
    const order = await this.deps.repo.byMerchantOrder(this.deps.db, merchant.app_id, merchantOrderId);
    if (!order) throw new AppError('NOT_FOUND');
    return this.answer(order);
  }

  /** The link the merchant sends its buyer to; the sign_key is derived from the id, never stored. */
  private checkout(orderId: string): { checkout_url: string; sign_key: string } {
    const signKey = this.deps.keys.signKey(orderId);
    const url = new URL(CHECKOUT_PATH, this.deps.publicAppUrl);
    url.searchParams.set('sign_key', signKey);
    return { checkout_url: url.href, sign_key: signKey };
  }

  private answer(order: CommerceOrderRow): MerchantOrderAnswer {
    const expired = order.status === 'unpaid' && order.expiresAt.getTime() <= this.deps.clock.now().getTime();
    return {
      order_id: order.id,
      merchant_order_id: order.merchantOrderId,
      amount: order.amount as number,
      status: expired ? 'expired' : (order.status as MerchantOrderAnswer['status']),
      expires_at: order.expiresAt.toISOString(),
      paid_at: order.paidAt?.toISOString() ?? null,
      cancelled_at: order.cancelledAt?.toISOString() ?? null,
      refunded_amount: Number(order.refundedAmount),
    };
  }
}

/** The same origin, and the configured path or a path under it: a look-alike host never matches. */
function sameOrUnder(url: string, allowed: string): boolean {
  const a = new URL(url);
  const b = new URL(allowed);
  if (a.origin !== b.origin) return false;
  const base = b.pathname.endsWith('/') ? b.pathname : `${b.pathname}/`;
  return a.pathname === b.pathname || a.pathname.startsWith(base);
}

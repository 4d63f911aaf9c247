import type { IncomingHttpHeaders } from 'node:http';
import { API_PREFIX } from '@kaskita/domain/contract/endpoints';
import type { VerifyResult } from '../../callbacks/callback-verifiers.ts';
import type { Clock } from '../../clock.ts';
import type { Merchant } from './commerce-merchants.ts';
import type {
  MerchantOrderBody,
  MerchantOrderListing,
  MerchantOrdersService,
} from './merchant-orders-service.ts';
import { merchantOf, merchantSignatureHeaders, verifyMerchantCall } from './merchant-signature.ts';

/** A merchant server call ready for `app.inject`: it goes through the route's signature check like any merchant's. */
export interface SignedMerchantCall {
  method: 'POST';
  url: string;
  headers: Record<string, string>;
  payload: string;
}

export interface DemoShopDependencies {
  merchant: Merchant;
  orders: MerchantOrdersService;
  clock: Clock;
  windowSeconds: number;
}

/**
 * The demo shop's side of pay-later, for its shop front /dev/merchant (modules/dev, outside production only): it
 * signs its calls to us and checks our webhooks exactly as a merchant's server does (merchant-signature.ts), with the
 * demo shop's own secret, which never leaves this module.
 */
export class DemoShopService {
  constructor(private readonly deps: DemoShopDependencies) {}

  get name(): string {
    return this.deps.merchant.name;
  }

  /** The return URL of an order: the shop's page, naming the order so the page shows how it ended. */
  returnUrl(merchantOrderId: string): string {
    const url = new URL(this.deps.merchant.return_urls[0]!);
    url.searchParams.set('order', merchantOrderId);
    return url.href;
  }

  createCall(body: MerchantOrderBody): SignedMerchantCall {
    return this.signed('', body);
  }

  cancelCall(merchantOrderId: string): SignedMerchantCall {
    return this.signed('/cancel', { merchant_order_id: merchantOrderId });
  }

  /**
   * Our webhook as the shop receives it: its app id (another shop's is a mismatch), then the signature over the raw
   * body and the time window.
   */
  verifyWebhook(request: { headers: IncomingHttpHeaders; rawBody: Buffer }): VerifyResult {
    const shop = new Map([[this.deps.merchant.app_id, this.deps.merchant]]);
    if (!merchantOf(request.headers, shop)) return { ok: false, reason: 'mismatch' };
    return verifyMerchantCall(
      this.deps.merchant,
      { ...request, now: this.deps.clock.now() },
      this.deps.windowSeconds,
    );
  }

  orders(limit: number): Promise<MerchantOrderListing[]> {
    return this.deps.orders.recent(this.deps.merchant, limit);
  }

  private signed(path: '' | '/cancel', body: unknown): SignedMerchantCall {
    const payload = JSON.stringify(body);
    return {
      method: 'POST',
      url: `${API_PREFIX}/v1/commerce/merchant/orders${path}`,
      headers: {
        'content-type': 'application/json',
        ...merchantSignatureHeaders(this.deps.merchant, payload, this.deps.clock.now()),
      },
      payload,
    };
  }
}

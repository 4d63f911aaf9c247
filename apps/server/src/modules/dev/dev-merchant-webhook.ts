import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { DemoShopService } from '../commerce/demo-shop-service.ts';

const KEPT = 100;

/** The fields of our webhook the page shows; a forged body may hold anything, so each is optional and cut short. */
const shown = z.string().max(200).optional().catch(undefined);
const webhookFields = z
  .object({
    event_id: shown,
    event: shown,
    merchant_order_id: shown,
    status: shown,
    amount: z.number().int().optional().catch(undefined),
  })
  .catch({});

export interface ReceivedWebhook {
  receivedAt: Date;
  verified: boolean;
  /** Why it was refused (missing, mismatch, stale); null when verified. */
  refusal: string | null;
  fields: z.infer<typeof webhookFields>;
}

/**
 * The webhooks the demo shop received, newest first. Kept in this process's memory, which is enough for a dev page:
 * a restart forgets them (the orders themselves are in the database), and with several server processes each shows
 * only what it received. Bounded, since anyone may post here.
 */
export class ReceivedWebhooks {
  private readonly list: ReceivedWebhook[] = [];

  add(entry: ReceivedWebhook): void {
    this.list.unshift(entry);
    this.list.length = Math.min(this.list.length, KEPT);
  }

  all(): readonly ReceivedWebhook[] {
    return this.list;
  }
}

/**
 * POST /dev/merchant/webhook: the demo shop's webhook receiver, the demo merchant's `webhook_url`. It checks our
 * signature exactly as a merchant's server does (the raw body, so this scope reads every body as bytes, like the
 * merchant routes); a forged or stale one is answered 401, kept as refused, and shown so on /dev/merchant.
 */
export function devMerchantWebhook(
  scope: FastifyInstance,
  options: { shop: DemoShopService; received: ReceivedWebhooks; clock: Clock; bodyLimit: number },
): void {
  const { shop, received, clock, bodyLimit } = options;
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit }, (_request, body, done) =>
    done(null, body),
  );
  scope.post('/dev/merchant/webhook', { bodyLimit }, async (request, reply) => {
    const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const verified = shop.verifyWebhook({ headers: request.headers, rawBody });
    received.add({
      receivedAt: clock.now(),
      verified: verified.ok,
      refusal: verified.ok ? null : verified.reason,
      fields: webhookFields.parse(parseJson(rawBody)),
    });
    // Anything but 2xx makes our webhook job try again later, as a real merchant's refusal would.
    return reply.code(verified.ok ? 200 : 401).send({ received: verified.ok });
  });
}

function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return {};
  }
}

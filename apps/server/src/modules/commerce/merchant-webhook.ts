import { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { jobType, type JobType } from '../../jobs/job-type.ts';
import { postToProvider } from '../../providers/provider-http.ts';
import type { Merchant } from './commerce-merchants.ts';
import type { CommerceRepository } from './commerce-repository.ts';
import { merchantSignatureHeaders } from './merchant-signature.ts';

export const WEBHOOK_EVENTS = ['order.paid', 'order.refunded'] as const;

const payload = z.object({
  orderId: z.string().min(1),
  event: z.enum(WEBHOOK_EVENTS),
  /** order.refunded: the refund (commerce_refunds.id) it tells of. */
  refundId: z.string().min(1).optional(),
});
export type WebhookJob = z.infer<typeof payload>;

/**
 * The job that tells a merchant what happened to its order, retried with backoff until the merchant answers 2xx. Its
 * retries come from configuration (COMMERCE_WEBHOOK_RETRIES, COMMERCE_WEBHOOK_RETRY_DELAY_SECONDS).
 */
export function merchantWebhookJob(retries: number, delaySeconds: number): JobType<WebhookJob> {
  return jobType({
    name: 'commerce.webhook',
    payload,
    retry: { limit: retries, delaySeconds, backoff: true },
    expireInSeconds: 60,
  });
}

/**
 * The event's id: the same for every try, so a merchant that got it twice (our retry after its lost 2xx) drops one.
 * An order is paid once but may be refunded several times: each refund is its own event.
 */
export function webhookEventId(job: WebhookJob): string {
  return job.refundId ? `${job.event}:${job.refundId}` : `${job.event}:${job.orderId}`;
}

export interface MerchantWebhookDependencies {
  db: Db;
  clock: Clock;
  repo: CommerceRepository;
  merchants: ReadonlyMap<string, Merchant>;
  timeoutMs?: number;
}

/** Sends one webhook try: the order's state now, signed like the merchant's own calls (merchant-signature.ts). */
export async function sendMerchantWebhook(deps: MerchantWebhookDependencies, job: WebhookJob): Promise<void> {
  const order = await deps.repo.byId(deps.db, job.orderId);
  if (!order) throw new Error(`webhook for unknown order ${job.orderId}`);
  const merchant = deps.merchants.get(order.merchantAppId);
  // A merchant without a webhook (or removed from the configuration) polls the status call instead.
  if (!merchant?.webhook_url) return;
  const refund = job.refundId ? await deps.repo.refundById(deps.db, job.refundId) : undefined;
  if (job.refundId && !refund) throw new Error(`webhook for unknown refund ${job.refundId}`);
  const body = JSON.stringify({
    event_id: webhookEventId(job),
    event: job.event,
    order_id: order.id,
    merchant_order_id: order.merchantOrderId,
    // The order as it is now (a later refund may have moved it on); the refund's own answer is in `refund`.
    status: order.status,
    amount: order.amount,
    refunded_amount: order.refundedAmount,
    paid_at: order.paidAt?.toISOString() ?? null,
    ...(refund ? { refund: refund.answer } : {}),
  });
  const answer = await postToProvider(merchant.webhook_url, {
    headers: {
      'content-type': 'application/json',
      ...merchantSignatureHeaders(merchant, body, deps.clock.now()),
    },
    body,
    timeoutMs: deps.timeoutMs ?? 10_000,
  });
  // Anything but 2xx is a failure the job runner retries; the answer's body is not kept (it is the merchant's).
  if (answer.status < 200 || answer.status > 299)
    throw new Error(`merchant ${merchant.app_id} answered ${answer.status} to ${webhookEventId(job)}`);
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { API_PREFIX } from '@kaskita/domain/contract/endpoints';
import { envelopeSchema } from '@kaskita/domain/contract/envelope';
import { errorMessage } from '@kaskita/domain/i18n/error-codes';
import type { Clock } from '../../clock.ts';
import { AppError } from '../../http/app-error.ts';
import { localeOf } from '../../plugins/request-context-plugin.ts';
import type { Merchant } from './commerce-merchants.ts';
import { merchantOf, verifyMerchantCall } from './merchant-signature.ts';
import {
  createdMerchantOrderSchema,
  merchantOrderAnswerSchema,
  merchantOrderBodySchema,
  merchantOrderRefSchema,
  type MerchantOrdersService,
} from './merchant-orders-service.ts';
import {
  merchantRefundAnswerSchema,
  merchantRefundBodySchema,
  type MerchantRefundsService,
} from './merchant-refunds-service.ts';

export interface MerchantRoutesOptions {
  orders: MerchantOrdersService;
  refunds: MerchantRefundsService;
  merchants: ReadonlyMap<string, Merchant>;
  clock: Clock;
  windowSeconds: number;
  bodyLimit: number;
}

const DOCS = {
  tags: ['merchant'],
  description:
    'Server to server, JSON. Headers `x-commerce-app-id`, `x-commerce-timestamp` (Unix seconds, within COMMERCE_SIGNATURE_WINDOW_SECONDS of ours) and `x-commerce-signature`: hex HMAC-SHA256 with the merchant secret over `<timestamp>.<raw body>`. 4410 when either does not verify.',
};

/**
 * The merchant's own calls under /api/v1/commerce/merchant. Like provider callbacks (callbacks-plugin.ts) the body is
 * kept as the raw bytes, since the signature is over exactly those; only then is it read as JSON. This scope's parser
 * replaces the API's: nothing else is registered here.
 */
export function merchantRoutes(scope: FastifyInstance, options: MerchantRoutesOptions): void {
  const { orders, refunds, merchants, clock, windowSeconds, bodyLimit } = options;
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit }, (_request, body, done) =>
    done(null, body),
  );

  function signed<S extends z.ZodType>(request: FastifyRequest, schema: S) {
    const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const merchant = merchantOf(request.headers, merchants);
    // An unknown app id answers as a bad signature: which ids exist is not for strangers to learn.
    if (!merchant) throw new AppError('MERCHANT_SIGNATURE_REJECTED');
    const verified = verifyMerchantCall(
      merchant,
      { headers: request.headers, rawBody, now: clock.now() },
      windowSeconds,
    );
    if (!verified.ok) {
      request.log.warn({ merchant: merchant.app_id, reason: verified.reason }, 'merchant call refused');
      throw new AppError('MERCHANT_SIGNATURE_REJECTED');
    }
    let json: unknown;
    try {
      json = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw new AppError('MALFORMED_BODY');
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const fields = Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
      throw new AppError('VALIDATION', { fields });
    }
    return { merchant, rawBody, body: parsed.data as z.output<S> };
  }

  const ok = (request: FastifyRequest, data: unknown) => ({
    code: 200,
    msg: errorMessage('OK', localeOf(request)),
    data,
  });
  const routeOptions = (summary: string, body: z.ZodType, answer: z.ZodType) => ({
    bodyLimit,
    schema: { ...DOCS, summary, body, response: { 200: envelopeSchema(answer) } },
    // Checked over the raw bytes above; Fastify must not validate or replace the body.
    validatorCompiler: () => (value: unknown) => ({ value }),
  });
  const base = `${API_PREFIX}/v1/commerce/merchant/orders`;

  scope.post(
    base,
    routeOptions('Merchant: create a pay-later order', merchantOrderBodySchema, createdMerchantOrderSchema),
    async (request) => {
      const { merchant, rawBody, body } = signed(request, merchantOrderBodySchema);
      return ok(request, await orders.create(merchant, body, rawBody));
    },
  );
  scope.post(
    `${base}/cancel`,
    routeOptions('Merchant: cancel an unpaid order', merchantOrderRefSchema, merchantOrderAnswerSchema),
    async (request) => {
      const { merchant, body } = signed(request, merchantOrderRefSchema);
      return ok(request, await orders.cancel(merchant, body.merchant_order_id));
    },
  );
  scope.post(
    `${base}/refund`,
    routeOptions(
      'Merchant: refund a paid order, in whole or in part',
      merchantRefundBodySchema,
      merchantRefundAnswerSchema,
    ),
    async (request) => {
      const { merchant, rawBody, body } = signed(request, merchantRefundBodySchema);
      return ok(request, await refunds.refund(merchant, body, rawBody));
    },
  );
  scope.post(
    `${base}/query`,
    routeOptions("Merchant: an order's status", merchantOrderRefSchema, merchantOrderAnswerSchema),
    async (request) => {
      const { merchant, body } = signed(request, merchantOrderRefSchema);
      return ok(request, await orders.status(merchant, body.merchant_order_id));
    },
  );
}

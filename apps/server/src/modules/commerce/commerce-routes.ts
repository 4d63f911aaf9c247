import type { FastifyInstance } from 'fastify';
import { commerceCalls } from '@kaskita/domain/contract/commerce';
import { registerCall } from '../../http/register-call.ts';
import type { CommerceModule } from './commerce-module.ts';

/**
 * The buyer's checkout calls (contract/commerce.ts). The signed-in ones act for the session's borrower only; the
 * `_free` ones answer a visitor with nothing personal.
 */
export function commerceRoutes(
  app: FastifyInstance,
  deps: Pick<CommerceModule, 'checkout' | 'purchases' | 'downloads'>,
): void {
  const { checkout, purchases, downloads } = deps;
  const visitor = { kind: 'visitor' } as const;
  registerCall(app, commerceCalls.getCommerceOrder, ({ session, query, request }) =>
    checkout.order(
      query,
      request.ctx.headers,
      { kind: 'borrower', userId: session.userId },
      request.ctx.locale,
    ),
  );
  registerCall(app, commerceCalls.getCommerceOrderFree, ({ query, request }) =>
    checkout.order(query, request.ctx.headers, visitor, request.ctx.locale),
  );
  registerCall(app, commerceCalls.getCommerceProducts, ({ session, query, request }) =>
    checkout.products(
      query,
      request.ctx.headers,
      { kind: 'borrower', userId: session.userId },
      request.ctx.locale,
    ),
  );
  registerCall(app, commerceCalls.getCommerceProductsFree, ({ query, request }) =>
    checkout.products(query, request.ctx.headers, visitor, request.ctx.locale),
  );
  registerCall(app, commerceCalls.getRepayPreview, ({ session, query, request }) =>
    checkout.preview(query, { kind: 'borrower', userId: session.userId }, request.ctx.locale),
  );
  registerCall(app, commerceCalls.getRepayPreviewFree, ({ query, request }) =>
    checkout.preview(query, visitor, request.ctx.locale),
  );
  registerCall(app, commerceCalls.createCommerceLoan, ({ session, body, request }) =>
    purchases.buy(session.userId, body, request.ctx.headers, {
      locale: request.ctx.locale,
      ip: request.ctx.ip,
    }),
  );
  registerCall(app, commerceCalls.getAppDownloadUrl, ({ query, request }) =>
    downloads.send(query.phone, { ip: request.ctx.ip, locale: request.ctx.locale }),
  );
}

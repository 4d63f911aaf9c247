import type { FastifyInstance } from 'fastify';
import { loanCalls } from '@kaskita/domain/contract/loans';
import { registerCall } from '../../http/register-call.ts';
import type { LoanOrdersModule } from './loans-module.ts';

/** The header a client may send to make a POST idempotent (the form's order_token does the same). */
const IDEMPOTENCY_HEADER = 'idempotency-key';

function idempotencyKey(value: string | string[] | undefined): string | undefined {
  if (typeof value !== 'string') return undefined;
  const key = value.trim();
  return key.length >= 8 && key.length <= 100 ? key : undefined;
}

/** Borrowing calls (contract/loans.ts): every one acts on the session's own borrower. */
export function loanOrdersRoutes(
  app: FastifyInstance,
  deps: Pick<LoanOrdersModule, 'offers' | 'agreements' | 'orders' | 'disbursements'>,
): void {
  const { offers, agreements, orders, disbursements } = deps;
  registerCall(app, loanCalls.getLoanProducts, ({ session, request }) =>
    offers.products(session.userId, request.ctx.locale),
  );
  registerCall(app, loanCalls.getPurposes, async ({ request }) => offers.purposes(request.ctx.locale));
  registerCall(app, loanCalls.getLoanPlan, ({ session, query, request }) =>
    offers.plan(session.userId, query, request.ctx.locale),
  );
  registerCall(app, loanCalls.getLoanAgreement, ({ session, query, request }) =>
    agreements.agreement(session.userId, query, request.ctx.locale, query.pdf === '1'),
  );
  registerCall(app, loanCalls.createLoanOrder, ({ session, body, request }) =>
    orders.create(session.userId, body, {
      ip: request.ctx.ip,
      locale: request.ctx.locale,
      idempotencyKey: idempotencyKey(request.headers[IDEMPOTENCY_HEADER]),
    }),
  );
  registerCall(app, loanCalls.getCurrentOrder, ({ session, request }) =>
    orders.current(session.userId, request.ctx.locale),
  );
  registerCall(app, loanCalls.cancelLoanOrder, ({ session, body, request }) =>
    orders.cancel(session.userId, body.order_id, request.ctx.locale),
  );
  registerCall(app, loanCalls.patchBank, ({ session, body, request }) =>
    disbursements.patchBank(session.userId, body, {
      locale: request.ctx.locale,
      network: request.ctx.network,
    }),
  );
}

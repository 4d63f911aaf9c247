import type { FastifyInstance } from 'fastify';
import { loanCalls } from '@kaskita/domain/contract/loans';
import { registerCall } from '../../http/register-call.ts';
import type { BankCardAddingService } from '../profile/bank-card-adding-service.ts';
import type { BankCardsService } from '../profile/bank-cards-service.ts';
import type { DisbursementService } from './disbursement-service.ts';
import type { LoanOrdersService } from './loan-orders-service.ts';

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
  deps: {
    orders: LoanOrdersService;
    disbursements: DisbursementService;
    cards: BankCardsService;
    cardAdding: BankCardAddingService;
  },
): void {
  const { orders, disbursements, cards, cardAdding } = deps;
  registerCall(app, loanCalls.getLoanProducts, ({ session, request }) =>
    orders.products(session.userId, request.ctx.locale),
  );
  registerCall(app, loanCalls.getPurposes, async ({ request }) => orders.purposes(request.ctx.locale));
  registerCall(app, loanCalls.getLoanPlan, ({ session, query, request }) =>
    orders.plan(session.userId, query, request.ctx.locale),
  );
  registerCall(app, loanCalls.getLoanAgreement, ({ session, query, request }) =>
    orders.agreement(session.userId, query, request.ctx.locale, query.pdf === '1'),
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
    disbursements.patchBank(session.userId, body, request.ctx.locale),
  );
  registerCall(app, loanCalls.setDefaultBank, ({ session, body }) =>
    cards.setDefault(session.userId, body.id),
  );
  registerCall(app, loanCalls.removeBankCard, ({ session, body }) => cards.remove(session.userId, body.id));
  registerCall(app, loanCalls.sendBankCardCode, ({ session, body, request }) =>
    cardAdding.sendCode(session.userId, body, { ip: request.ctx.ip, locale: request.ctx.locale }),
  );
  registerCall(app, loanCalls.addBankCard, ({ session, body, request }) =>
    cardAdding.add(session.userId, body, request.ctx.locale),
  );
}

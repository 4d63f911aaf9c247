import type { FastifyInstance } from 'fastify';
import { bankCardCalls } from '@kaskita/domain/contract/bank-cards';
import { registerCall } from '../../http/register-call.ts';
import type { BankCardsModule } from './bank-cards-module.ts';

/** Bank card calls (contract/bank-cards.ts): every one but the bank list acts on the session's own borrower. */
export function bankCardsRoutes(
  app: FastifyInstance,
  { service, adding, onboarding }: Pick<BankCardsModule, 'service' | 'adding' | 'onboarding'>,
): void {
  registerCall(app, bankCardCalls.getBankList, async () => service.bankList());
  registerCall(app, bankCardCalls.getBank, ({ session }) => service.list(session.userId));
  registerCall(app, bankCardCalls.saveBank, ({ session, body, request }) =>
    onboarding.save(session.userId, request.ctx.network, body),
  );
  registerCall(app, bankCardCalls.setDefaultBank, ({ session, body }) =>
    service.setDefault(session.userId, body.id, body.pay_pin),
  );
  registerCall(app, bankCardCalls.removeBankCard, ({ session, body }) =>
    service.remove(session.userId, body.id),
  );
  registerCall(app, bankCardCalls.sendBankCardCode, ({ session, body, request }) =>
    adding.sendCode(session.userId, body, { ip: request.ctx.ip, locale: request.ctx.locale }),
  );
  registerCall(app, bankCardCalls.addBankCard, ({ session, body, request }) =>
    adding.add(session.userId, body, { locale: request.ctx.locale, network: request.ctx.network }),
  );
}

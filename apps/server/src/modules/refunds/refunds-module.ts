import { defineModule } from '../module-plugin.ts';
import { LedgerService } from '../ledger/ledger-service.ts';
import { RefundsRepository } from './refunds-repository.ts';
import { refundsRoutes } from './refunds-routes.ts';
import {
  REFUND_AUTO_APPROVE,
  REFUND_CREATE,
  REFUND_EXTERNAL_PREFIX,
  REFUND_SEND,
  REFUND_SWEEP,
  REFUND_SWEEP_CRON,
  RefundsService,
} from './refunds-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Refunds of the credit closed loans hold (the ledger check and the back office read them here). */
    refunds: { service: RefundsService };
  }
}

/**
 * Money left over goes back: when a payment closes a loan with credit, the refund is created, sent through the
 * disbursement provider and finished by its callback (the loans module routes `refund-` external ids here).
 */
export const refundsModule = defineModule({
  name: 'refunds',
  dependencies: ['user', 'bank-cards', 'loans', 'repayments'],
  register: async (app, infra, scope) => {
    const { env } = infra;
    const repo = new RefundsRepository();
    const service = new RefundsService({
      ...infra,
      repo,
      book: app.loans.book,
      ledger: new LedgerService(),
      users: app.users,
      cards: app.bankCards.service,
      payments: app.repayments.returns,
      provider: infra.providers.disbursement,
      autoMax: env.REFUND_AUTO_MAX,
      autoApprove: env.REFUND_AUTO_APPROVE,
      maxAttempts: env.REFUND_MAX_ATTEMPTS,
      retryDelaySeconds: env.REFUND_RETRY_DELAY_SECONDS,
      log: app.log,
    });
    infra.jobs.register(REFUND_CREATE, ({ loanId }) => service.runCreate(loanId));
    infra.jobs.register(REFUND_AUTO_APPROVE, ({ refundId }) => service.runAutoApprove(refundId));
    infra.jobs.register(REFUND_SEND, ({ refundId }, context) => service.send(refundId, context));
    infra.jobs.register(REFUND_SWEEP, async () => void (await service.sweep()));
    infra.jobs.schedule(REFUND_SWEEP, REFUND_SWEEP_CRON, {});
    // A card a refund is still to be paid to stays until the refund ends, as a loan's disbursement card does.
    app.bankCards.service.useCardsInUse((db, ids) => repo.cardsInUse(db, ids));
    app.repayments.onLoanClosed((tx, loanId) => service.loanClosed(tx, loanId));
    app.loans.disbursements.routePayouts(REFUND_EXTERNAL_PREFIX, (tx, callback) =>
      service.applyCallback(tx, callback),
    );
    app.decorate('refunds', { service });
    await scope.api((api) => refundsRoutes(api, { service }));
  },
});

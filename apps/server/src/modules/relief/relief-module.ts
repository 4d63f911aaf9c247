import { PERMISSIONS } from '@kaskita/domain/staff/permissions';
import { LedgerService } from '../ledger/ledger-service.ts';
import { defineModule } from '../module-plugin.ts';
import { RELIEF_SUBJECT, ReliefRepository } from './relief-repository.ts';
import { ReliefDeskService } from './relief-desk-service.ts';
import { reliefRoutes } from './relief-routes.ts';
import { ReliefService } from './relief-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Relief requests, offers and their acceptance (its commands are run by routes, approvals and tests). */
    relief: ReliefService;
  }
}

/**
 * Relief (issue 27): a borrower's request for more days, staff's offer (maker-checker: the offer command runs only
 * when a second member approves it) or refusal, and the borrower's signed acceptance, which moves the bills. It owns
 * the requests; the loan's account stays the loans module's, changed through its book in the same transaction.
 */
export const reliefModule = defineModule({
  name: 'relief',
  dependencies: ['loans', 'user', 'payment-pin', 'profile', 'config', 'borrowers', 'approvals'],
  register: async (app, infra, scope) => {
    const { db, clock, commands, outbox, dataProtection } = infra;
    const repo = new ReliefRepository();
    const relief = new ReliefService({
      db,
      repo,
      clock,
      commands,
      book: app.loans.book,
      ledger: new LedgerService(),
      users: app.users,
      outbox,
      protection: dataProtection,
      pins: app.paymentPin,
      profile: app.profile.service,
      config: app.appConfig,
      approvals: app.approvals,
    });
    const desk = new ReliefDeskService({
      db,
      repo,
      clock,
      book: app.loans.book,
      borrowers: app.borrowers.service,
      relief,
    });
    app.approvals.register({
      command: relief.offerCommand,
      subject: (input) => ({ type: RELIEF_SUBJECT, id: input.reliefId }),
      preview: (tx, input) => desk.offerPreview(tx, input),
      requestPermission: PERMISSIONS.reliefPropose,
      // The offer's SMS leaves as soon as the approval committed.
      afterApproval: () => relief.wake(),
    });
    app.decorate('relief', relief);
    await scope.api((api) => reliefRoutes(api, { relief, desk, approvals: app.approvals, commands }));
  },
});

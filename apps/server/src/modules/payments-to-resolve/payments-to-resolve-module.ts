import { defineModule } from '../module-plugin.ts';
import { PaymentsToResolveRepository } from './payments-to-resolve-repository.ts';
import { paymentsToResolveRoutes } from './payments-to-resolve-routes.ts';
import { PaymentsToResolveService } from './payments-to-resolve-service.ts';

/**
 * Payments to resolve (issue 25): payments received but not applied and claims waiting for an answer, for staff with
 * payment.resolve. Applying a payment onto a loan is a maker-checker request (registered by the approvals module);
 * so is returning it to its payer (registered by the approvals module, run by the refunds module); answering a claim runs at once.
 */
export const paymentsToResolveModule = defineModule({
  name: 'payments-to-resolve',
  dependencies: ['repayments', 'refunds', 'approvals'],
  register: async (app, infra, scope) => {
    const { db, clock, commands } = infra;
    const { applier, answers } = app.repayments;
    const resolveCommand = applier.resolveCommand.name;
    const returnCommand = app.refunds.service.returnPaymentCommand.name;
    const service = new PaymentsToResolveService({
      db,
      clock,
      repo: new PaymentsToResolveRepository(),
      holidays: infra.env.HOLIDAYS,
      approvals: app.approvals,
      commandsOnPayments: [resolveCommand, returnCommand],
    });
    await scope.api((api) =>
      paymentsToResolveRoutes(api, {
        service,
        approvals: app.approvals,
        answers,
        commands,
        resolveCommand,
        returnCommand,
      }),
    );
  },
});

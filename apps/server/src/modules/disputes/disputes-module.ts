import { LedgerService } from '../ledger/ledger-service.ts';
import { defineModule } from '../module-plugin.ts';
import { LoanDisputes } from './loan-disputes-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Holds a loan under dispute while a complaint or a payment claim contests it (no late fee, no reminder). */
    disputes: LoanDisputes;
  }
}

/**
 * Loans under dispute (issue 27): the cases that contest a loan hold it, and while any does, no late fee accrues and no
 * reminder is sent. The cases themselves belong to complaints ("I did not take this loan") and repayments (payment
 * claims); this module owns only the holds and what they do to the loan.
 */
export const disputesModule = defineModule({
  name: 'disputes',
  dependencies: ['loans'],
  register: (app) => {
    app.decorate('disputes', new LoanDisputes({ book: app.loans.book, ledger: new LedgerService() }));
  },
});

import { defineModule } from '../module-plugin.ts';
import { CareRepository } from './care-repository.ts';
import { careRoutes } from './care-routes.ts';
import { DisbursementDeskService } from './disbursement-desk-service.ts';
import { FeedbackDeskService } from './feedback-desk-service.ts';
import { MessagesDeskService } from './messages-desk-service.ts';

/**
 * The care desk (issue 25): the messages sent to borrowers, their feedback and complaints with the replies they read
 * in the app, and the disbursements that need a person. It owns no table: it reads and answers the outbox, feedback
 * and loans of the modules that write them.
 */
export const careModule = defineModule({
  name: 'care',
  dependencies: ['user', 'loans', 'application'],
  register: async (app, infra, scope) => {
    const { db, clock, commands, jobs, outbox } = infra;
    const care = new CareRepository();
    const messages = new MessagesDeskService({ db, care, cipher: infra.dataProtection.cipher });
    const feedback = new FeedbackDeskService({
      db,
      clock,
      care,
      outbox,
      users: app.users,
      holidays: infra.env.HOLIDAYS,
    });
    const disbursements = new DisbursementDeskService({
      db,
      clock,
      jobs,
      care,
      loans: app.loans.usage,
      disbursements: app.loans.disbursements,
      users: app.users,
      outbox,
    });
    await scope.api((api) => careRoutes(api, { messages, feedback, disbursements, commands }));
  },
});

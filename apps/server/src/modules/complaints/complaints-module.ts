import { defineModule } from '../module-plugin.ts';
import { ComplaintDeskService } from './complaint-desk-service.ts';
import { ComplaintsRepository } from './complaints-repository.ts';
import { complaintsRoutes } from './complaints-routes.ts';
import { ComplaintsService } from './complaints-service.ts';
import { HelpContentService } from './help-content-service.ts';

/**
 * Me > Help and complaints (issue 27): the help page's content from configuration, the borrower's complaint cases with
 * their deadlines, and the back office's desk that answers them. It owns the complaints and their history; it reads
 * the user's phone (SMS), the app's configuration, and whether a loan or payment is the borrower's own.
 */
export const complaintsModule = defineModule({
  name: 'complaints',
  dependencies: ['user', 'config', 'disputes'],
  register: async (app, infra, scope) => {
    const { db, clock, commands, limiter, outbox, dataProtection, env } = infra;
    const repo = new ComplaintsRepository();
    // The HOLIDAYS setting, else the built-in table (2026 by decree, 2027 an estimate).
    const holidays = env.HOLIDAYS;
    const shared = {
      db,
      repo,
      users: app.users,
      protection: dataProtection,
      outbox,
      clock,
      holidays,
      disputes: app.disputes,
    };
    const complaints = new ComplaintsService({ ...shared, limiter });
    const desk = new ComplaintDeskService(shared);
    const help = new HelpContentService(app.appConfig);
    await scope.api((api) => complaintsRoutes(api, { complaints, desk, help, commands }));
  },
});

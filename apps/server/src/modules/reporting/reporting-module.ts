import { defineModule } from '../module-plugin.ts';
import { BookFiguresRepository } from './book-figures-repository.ts';
import { BOOK_FIGURES, BOOK_FIGURES_CRON, BookFiguresService } from './book-figures-service.ts';
import { LoanBookRepository } from './loan-book-repository.ts';
import { LoanBookService } from './loan-book-service.ts';
import { reportingRoutes } from './reporting-routes.ts';

/** The back office's dashboard figures (also the landing page's) and the loan book with its export (issue 25). */
export const reportingModule = defineModule({
  name: 'reporting',
  // The staff guard checks every call; the config call publishes the newest figures on the landing page.
  dependencies: ['staff', 'config'],
  register: async (app, { db, clock, jobs, commands, nightly, env, dataProtection }, scope) => {
    const figures = new BookFiguresService({ db, clock, repo: new BookFiguresRepository(), commands });
    const book = new LoanBookService({ db, clock, repo: new LoanBookRepository(dataProtection.cipher) });
    // The one nightly schedule that housekeeping rides on (jobs/nightly-tasks.ts): the figures first, then the tasks,
    // each run even when the figures failed; any failure retries the whole job (each part is idempotent).
    jobs.register(BOOK_FIGURES, async (_payload, context) => {
      let figuresFailed: unknown = null;
      try {
        await figures.runNightly();
      } catch (error) {
        figuresFailed = error;
      }
      await nightly.run(context, app.log);
      if (figuresFailed) throw figuresFailed;
    });
    jobs.schedule(BOOK_FIGURES, BOOK_FIGURES_CRON, {});
    app.appConfig.publishFiguresFrom(() => figures.published());
    await scope.api((api) => reportingRoutes(api, { figures, book, holidays: env.HOLIDAYS, clock }));
  },
});

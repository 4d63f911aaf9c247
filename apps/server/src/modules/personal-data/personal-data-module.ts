import { defineModule } from '../module-plugin.ts';
import { AccountClosureService, RETENTION_JOB } from './account-closure-service.ts';
import { ConsentsService } from './consents-service.ts';
import { CorrectionsService } from './corrections-service.ts';
import { MyDataExportService } from './my-data-export-service.ts';
import { BUILT_IN_SECTIONS } from './personal-data-coverage.ts';
import { PersonalDataSections } from './personal-data-registry.ts';
import { PersonalDataRepository } from './personal-data-repository.ts';
import { personalDataRoutes } from './personal-data-routes.ts';
import { RetentionEraser } from './retention-eraser.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The borrower's personal-data rights (Me > My data). A module added later registers its section of the export
     * here (`app.personalData.sections.register(...)`) and depends on this module.
     */
    personalData: { sections: PersonalDataSections; closures: AccountClosureService };
  }
}

/**
 * Me > My data (issue 27, UU PDP 27/2022): the copy of everything held, consents and their withdrawal, corrections of
 * the locked KTP identity, and account deletion with the retention the law asks for, destroyed by a nightly task on
 * the nightly job already scheduled (jobs/nightly-tasks.ts).
 */
export const personalDataModule = defineModule({
  name: 'personal-data',
  dependencies: ['user', 'auth', 'regions', 'profile', 'verification', 'borrowers', 'collections'],
  register: async (app, infra, scope) => {
    const { db, clock, commands, limiter, dataProtection: protection, nightly } = infra;
    const repo = new PersonalDataRepository();
    const sections = new PersonalDataSections();
    for (const section of BUILT_IN_SECTIONS) sections.register(section);
    const exports = new MyDataExportService({
      db,
      commands,
      limiter,
      protection,
      users: app.users,
      sections,
      regions: () => app.regions.directory(),
    });
    const consents = new ConsentsService({
      db,
      repo,
      commands,
      users: app.users,
      contacts: { forget: (tx, userId) => app.profile.service.forgetContacts(tx, userId) },
    });
    const corrections = new CorrectionsService({
      db,
      clock,
      repo,
      commands,
      protection,
      users: app.users,
      profile: app.profile.service,
      borrowers: app.borrowers.service,
    });
    const closures = new AccountClosureService({
      db,
      clock,
      repo,
      commands,
      protection,
      eraser: new RetentionEraser(protection),
      users: app.users,
      sessions: app.auth.sessions,
    });
    nightly.add({
      name: RETENTION_JOB,
      run: async ({ businessDate }) => void (await closures.purgeDue(businessDate)),
    });
    app.decorate('personalData', { sections, closures });
    await scope.api((api) => personalDataRoutes(api, { exports, consents, corrections, closures }));
  },
});

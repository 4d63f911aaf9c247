import { defineModule } from '../module-plugin.ts';
import { BorrowersRepository } from './borrowers-repository.ts';
import { borrowersRoutes } from './borrowers-routes.ts';
import { BorrowersService } from './borrowers-service.ts';
import { PiiRevealService } from './pii-reveal-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The back office's view of borrowers: masked reads, audited reveals, blocking (the review queue uses both). */
    borrowers: { service: BorrowersService; reveals: PiiRevealService };
  }
}

/** The borrowers screens of the back office (issue 25): search, record, reveal, block. */
export const borrowersModule = defineModule({
  name: 'borrowers',
  dependencies: ['user', 'auth', 'profile', 'verification', 'staff'],
  register: async (app, infra, scope) => {
    const { db, commands, dataProtection: protection } = infra;
    const repo = new BorrowersRepository();
    const service = new BorrowersService({
      db,
      repo,
      commands,
      protection,
      users: app.users,
      sessions: app.auth.sessions,
    });
    const reveals = new PiiRevealService({
      db,
      commands,
      protection,
      repo,
      selfieKey: async (userId, tx) => (await app.verification.faceSummary(userId, tx)).selfieKey,
    });
    app.decorate('borrowers', { service, reveals });
    await scope.api((api) => borrowersRoutes(api, { borrowers: service, reveals }));
  },
});

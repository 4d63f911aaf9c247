import { defineModule } from '../module-plugin.ts';
import { userRoutes } from './user-routes.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { DataProtection } from '../../security/data-protection.ts';
import { UserRepository } from './user-repository.ts';
import { UserService } from './user-service.ts';

export interface UserModule {
  service: UserService;
}

export function createUserModule({
  db,
  clock,
  dataProtection,
}: {
  db: Db;
  clock: Clock;
  dataProtection: DataProtection;
}): UserModule {
  return { service: new UserService(db, new UserRepository(dataProtection), clock) };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Borrower accounts and their status: other modules register phones and move statuses through it. */
    users: UserService;
  }
}

/**
 * Borrower accounts. First of the modules: auth, profile and the rest build on its service. Its status call shows the
 * WhatsApp check, which the verification module (built later, on this one) owns: it is looked up per request, and
 * the app refuses to start without it.
 */
export const userModule = defineModule({
  name: 'user',
  register: async (app, { db, clock, dataProtection }, scope) => {
    const { service } = createUserModule({ db, clock, dataProtection });
    app.decorate('users', service);
    const whatsapp = { verificationFacts: (userId: string) => app.verification.verificationFacts(userId) };
    app.addHook('onReady', async () => {
      if (!app.hasDecorator('verification')) throw new Error('the user module needs the verification module');
    });
    await scope.api((api) => userRoutes(api, { service, whatsapp }));
  },
});

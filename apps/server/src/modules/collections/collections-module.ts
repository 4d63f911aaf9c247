import { defineModule } from '../module-plugin.ts';
import { CollectionsRepository } from './collections-repository.ts';
import { collectionsRoutes } from './collections-routes.ts';
import { CollectionsService } from './collections-service.ts';

/**
 * Collections (issue 25): the overdue queue by DPD bucket, the contact log and promises to pay. The promises are
 * read by the repayments module's reminder job (it sends no overdue notice before a promised date); a late-fee waiver
 * is the approvals module's maker-checker request.
 */
export const collectionsModule = defineModule({
  name: 'collections',
  dependencies: ['loans'],
  register: async (_app, infra, scope) => {
    const { db, clock, commands } = infra;
    const service = new CollectionsService({
      db,
      clock,
      repo: new CollectionsRepository(infra.dataProtection.cipher),
      holidays: infra.env.HOLIDAYS,
    });
    await scope.api((api) => collectionsRoutes(api, { service, commands }));
  },
});

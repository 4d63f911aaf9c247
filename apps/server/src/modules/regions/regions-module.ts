import { defineModule } from '../module-plugin.ts';
import { regionsRoutes } from './regions-routes.ts';
import type { FastifyBaseLogger } from 'fastify';
import { RegionsService } from './regions-service.ts';

export interface RegionsModule {
  service: RegionsService;
}

export function createRegionsModule({ log }: { log: FastifyBaseLogger }): RegionsModule {
  return { service: new RegionsService(log) };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Indonesia's provinces, regencies, districts and villages. */
    regions: RegionsService;
  }
}

export const regionsModule = defineModule({
  name: 'regions',
  register: async (app, _infra, scope) => {
    const { service } = createRegionsModule({ log: app.log });
    app.decorate('regions', service);
    await scope.api((api) => regionsRoutes(api, { service }));
  },
});

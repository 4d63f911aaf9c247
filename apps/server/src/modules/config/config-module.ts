import { defineModule } from '../module-plugin.ts';
import { configRoutes } from './config-routes.ts';
import type { Db } from '../../db/client.ts';
import { ConfigRepository } from './config-repository.ts';
import { ConfigService } from './config-service.ts';

export interface ConfigModule {
  service: ConfigService;
}

export function createConfigModule({ db }: { db: Db }): ConfigModule {
  return { service: new ConfigService(db, new ConfigRepository()) };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's configuration rows (the H5 config call, figures, contact details). */
    appConfig: ConfigService;
  }
}

export const configModule = defineModule({
  name: 'config',
  register: async (app, { db }, scope) => {
    const { service } = createConfigModule({ db });
    app.decorate('appConfig', service);
    await scope.api((api) => configRoutes(api, { service }));
  },
});

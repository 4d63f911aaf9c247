import type { FastifyInstance } from 'fastify';
import { appConfigSchema } from '@kaskita/domain/contract/config';
import { route } from '../../http/route.ts';
import type { ConfigService } from './config-service.ts';

export function configRoutes(app: FastifyInstance, { service }: { service: ConfigService }): void {
  // The spec lists POST /v1/config (body not shown); GET is the natural form. Both answer the same.
  for (const method of ['GET', 'POST'] as const) {
    route(app, {
      method,
      url: '/v1/config',
      response: appConfigSchema,
      handler: () => service.appConfig(),
    });
  }
}

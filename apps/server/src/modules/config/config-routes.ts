import type { FastifyInstance } from 'fastify';
import { configCalls } from '@kaskita/domain/contract/config';
import { legalCalls } from '@kaskita/domain/contract/legal';
import { CONSENT_VERSIONS } from '@kaskita/domain/legal/versions';
import { registerCall } from '../../http/register-call.ts';
import type { ConfigService } from './config-service.ts';

export function configRoutes(app: FastifyInstance, { service }: { service: ConfigService }): void {
  // The spec lists POST /v1/config (body not shown); GET is the natural form. Both answer the same.
  registerCall(app, configCalls.getConfig, () => service.appConfig());
  registerCall(app, configCalls.getConfigByPost, () => service.appConfig());
  // Never cached: a client that kept an old answer would be refused at its next registration.
  registerCall(app, legalCalls.getLegalVersions, async ({ reply }) => {
    reply.header('cache-control', 'no-store');
    return CONSENT_VERSIONS;
  });
}

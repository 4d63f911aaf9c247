import type { FastifyInstance } from 'fastify';
import { regionCalls } from '@kaskita/domain/contract/regions';
import { registerCall } from '../../http/register-call.ts';
import type { RegionsService } from './regions-service.ts';

/**
 * Public, static and the same for everyone, so unlike the rest of the API (no-store, security-headers-plugin.ts)
 * browsers and proxies may keep it for a day and serve it stale for a week while revalidating. Only successful
 * answers get it: a refused pid is answered before the handler runs and stays no-store. No `Vary: lan`: the only
 * text that follows the language is the envelope's `msg`, "OK" in both.
 */
export const REGIONS_CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800';

export function regionsRoutes(app: FastifyInstance, { service }: { service: RegionsService }): void {
  registerCall(app, regionCalls.getAreas, async ({ query, reply }) => {
    const areas = await service.areas(query.pid);
    reply.header('cache-control', REGIONS_CACHE_CONTROL);
    return areas;
  });
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { analyticsCalls } from '@kaskita/domain/contract/analytics';
import { registerCall } from '../../http/register-call.ts';
import { bearerToken } from '../../plugins/auth-plugin.ts';
import type { AnalyticsService } from './analytics-service.ts';

export function analyticsRoutes(app: FastifyInstance, { service }: { service: AnalyticsService }): void {
  registerCall(app, analyticsCalls.sendAnalyticsEvents, async ({ body, request }) =>
    service.record(body, {
      network: request.ctx.network,
      userId: (await signedInUser(app, request)) ?? null,
    }),
  );
}

/**
 * The borrower behind a valid token, or nobody: the call is open to visitors (the landing page counts too), and an
 * expired or revoked token must not make a beacon fail, so it is treated like no token at all.
 */
async function signedInUser(app: FastifyInstance, request: FastifyRequest): Promise<string | null> {
  if (!bearerToken(request)) return null;
  try {
    return (await app.authenticate(request)).userId;
  } catch {
    return null;
  }
}

import { defineModule } from '../module-plugin.ts';
import { analyticsRoutes } from './analytics-routes.ts';
import { AnalyticsService } from './analytics-service.ts';

/**
 * The web app's analytics events (spec section 9, issue 26): POST /v1/analytics/events, open to visitors and
 * rate-limited per network, handed to the configured provider (providers/analytics). The events a signed-in borrower
 * sent are part of their data: exported with it (personal-data/sections/analytics-sections.ts) and erased at the
 * account's closure (retention-eraser.ts).
 */
export const analyticsModule = defineModule({
  name: 'analytics',
  dependencies: ['auth'],
  register: async (app, { clock, limiter, providers }, scope) => {
    const service = new AnalyticsService({ clock, limiter, provider: providers.analytics, log: app.log });
    await scope.api((api) => analyticsRoutes(api, { service }));
  },
});

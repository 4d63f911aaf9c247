import type { AnalyticsBatch } from '@kaskita/domain/contract/analytics';
import type { Clock } from '../../clock.ts';
import type { Limit, RateLimiter } from '../../rate-limit/rate-limiter.ts';
import type { AnalyticsEvent, AnalyticsProvider } from '../../providers/analytics/analytics-provider.ts';
import type { ProviderLog } from '../../providers/provider-descriptor.ts';

/**
 * A browser sends a batch every few seconds while events happen and one more when a page is left, so 60 batches in
 * 10 minutes is far beyond a person; the ceiling is per network (an IPv6 /64), where a mobile carrier's NAT may put
 * many borrowers behind one address, and then only their analytics are refused, never a loan flow.
 */
export const ANALYTICS_LIMITS = {
  batchesPerNetwork: { bucket: 'analytics_network', max: 60, windowSeconds: 600 },
} satisfies Record<string, Limit>;

export interface AnalyticsServiceDependencies {
  clock: Clock;
  limiter: RateLimiter;
  /** Null when ANALYTICS_PROVIDER=none: events are accepted and dropped. */
  provider: AnalyticsProvider | null;
  log: ProviderLog;
}

/** POST /v1/analytics/events: a browser's batch, counted per network, handed to the configured provider. */
export class AnalyticsService {
  constructor(private readonly deps: AnalyticsServiceDependencies) {}

  async record(
    batch: AnalyticsBatch,
    caller: { network: string; userId: string | null },
  ): Promise<{ accepted: number }> {
    await this.deps.limiter.attempt(ANALYTICS_LIMITS.batchesPerNetwork, caller.network);
    const receivedAt = this.deps.clock.now();
    // The schema already dropped every field and parameter it does not name; what is built here is all there is.
    const events: AnalyticsEvent[] = batch.events.map((e) => ({
      name: e.name,
      occurredAt: new Date(e.at),
      receivedAt,
      userId: caller.userId,
      deviceId: batch.device_id,
      fingerprint: batch.dfp ?? null,
      channel: batch.cl ?? null,
      promotePlatform: batch.promote_platform ?? null,
      promoteAgency: batch.promote_agency ?? null,
      page: e.page ?? null,
      params: e.params ?? {},
    }));
    const provider = this.deps.provider;
    if (provider) {
      try {
        await provider.track(events);
      } catch (error) {
        // Lost events are a gap in a chart; a refused beacon would be retried by nobody either. Only the reason.
        this.deps.log.warn(
          { provider: provider.name, events: events.length, error: (error as Error).name },
          'analytics events not recorded',
        );
      }
    }
    return { accepted: events.length };
  }
}

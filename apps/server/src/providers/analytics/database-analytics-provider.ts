import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AnalyticsEvent, AnalyticsProvider } from './analytics-provider.ts';
import { analyticsEvents, type AnalyticsEventRow } from './analytics-events-schema.ts';

/**
 * Keeps every event in `analytics_events`, for developers and tests to see what a real provider would receive
 * (/dev/analytics). It reaches no analytics service, so it counts as a sandbox: production refuses it and forwards
 * events to GA4 (`ga4-analytics-provider.ts`) or nowhere.
 */
export class DatabaseAnalyticsProvider implements AnalyticsProvider {
  readonly kind = 'analytics';
  readonly name = 'database';
  readonly sandbox = true;

  constructor(private readonly db: Db) {}

  async track(events: readonly AnalyticsEvent[]): Promise<void> {
    if (events.length === 0) return;
    await this.db.insert(analyticsEvents).values(
      events.map((e) => ({
        name: e.name,
        occurredAt: e.occurredAt,
        receivedAt: e.receivedAt,
        userId: e.userId,
        deviceId: e.deviceId,
        fingerprint: e.fingerprint,
        channel: e.channel,
        promotePlatform: e.promotePlatform,
        promoteAgency: e.promoteAgency,
        page: e.page,
        params: e.params,
      })),
    );
  }

  /** The newest events first. */
  async newest(limit: number): Promise<AnalyticsEventRow[]> {
    return this.db.select().from(analyticsEvents).orderBy(desc(analyticsEvents.id)).limit(limit);
  }
}

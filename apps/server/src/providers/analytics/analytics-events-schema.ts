import { index, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import type { AnalyticsEventName } from '@kaskita/domain/contract/analytics-events';
import type { AnalyticsParams } from '@kaskita/domain/contract/analytics';
import { at } from '../../db/columns.ts';

/**
 * The analytics events the database provider keeps (outside production; listed on /dev/analytics). Only the
 * contract's allow-listed names and parameters, and pseudonymous ids: the browser's own random id, a hash of its
 * traits, the campaign keys; the borrower when one was signed in.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: serial('id').primaryKey(),
    name: text('name').$type<AnalyticsEventName>().notNull(),
    occurredAt: at('occurred_at').notNull(),
    receivedAt: at('received_at').notNull(),
    // No foreign key: providers import nothing from the modules, and a borrower's row is never deleted (closed).
    userId: text('user_id'),
    deviceId: text('device_id').notNull(),
    fingerprint: text('fingerprint'),
    channel: text('channel'),
    promotePlatform: text('promote_platform'),
    promoteAgency: text('promote_agency'),
    page: text('page'),
    params: jsonb('params').$type<AnalyticsParams>().notNull(),
  },
  (t) => [index('analytics_events_user').on(t.userId)],
);

export type AnalyticsEventRow = typeof analyticsEvents.$inferSelect;

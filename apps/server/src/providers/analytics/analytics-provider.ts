import type { ProviderDescriptor } from '../provider-descriptor.ts';

// The real provider (a product analytics service) comes with the issue that decides which one; the web app already
// pushes its own events to the tag manager (apps/web/src/lib/analytics.ts).

/**
 * A business event seen by the server. Deliberately no user, phone, NIK or amount: an event says that something
 * happened, and personal data stays in the database where consent and deletion rules apply (UU PDP).
 */
export interface AnalyticsEvent {
  /** snake_case, e.g. `loan_application_submitted`. */
  name: string;
  at: Date;
}

export const ANALYTICS_EVENT_NAME = /^[a-z][a-z0-9_]{0,63}$/;

export interface AnalyticsProvider extends ProviderDescriptor<'analytics'> {
  /** Fire and forget: analytics must never fail or slow down a loan flow. */
  track(event: AnalyticsEvent): void;
}

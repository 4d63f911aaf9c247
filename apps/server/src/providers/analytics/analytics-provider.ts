import type { AnalyticsEventName } from '@kaskita/domain/contract/analytics-events';
import type { AnalyticsParams } from '@kaskita/domain/contract/analytics';
import type { ProviderDescriptor } from '../provider-descriptor.ts';

/**
 * An analytics event as the server hands it to a provider: the allow-listed name and parameters of the contract
 * (contract/analytics.ts) and the pseudonymous ids the spec stores. Deliberately no phone, NIK, name or amount: an
 * event says that something happened on a browser, and personal data stays in the business tables where consent and
 * deletion rules apply (UU PDP).
 */
export interface AnalyticsEvent {
  name: AnalyticsEventName;
  /** When it happened by the browser's clock (which may be wrong). */
  occurredAt: Date;
  /** When the server received it (the injected clock). */
  receivedAt: Date;
  /** The signed-in borrower who sent it, when a valid token came with it. Kept by us, never forwarded. */
  userId: string | null;
  /** The random id the app made on this browser. */
  deviceId: string;
  /** A hash of stable browser traits (a fraud signal): kept by us, never forwarded. */
  fingerprint: string | null;
  /** The channel `cl` the borrower arrived by. */
  channel: string | null;
  promotePlatform: string | null;
  promoteAgency: string | null;
  /** The page's path, without its query. */
  page: string | null;
  params: AnalyticsParams;
}

export interface AnalyticsProvider extends ProviderDescriptor<'analytics'> {
  /**
   * Records or forwards a batch. It may reject (a database or network failure): the caller logs it and answers the
   * browser all the same, since analytics must never fail or slow down a loan flow.
   */
  track(events: readonly AnalyticsEvent[]): Promise<void>;
}

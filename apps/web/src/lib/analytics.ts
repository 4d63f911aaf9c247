import type { AnalyticsEventName } from '@kaskita/domain/contract/analytics-events';
import { BORROWER_ENDPOINT } from '@kaskita/domain/contract/borrower-endpoints';
import { env } from '../config/env.ts';
import { requestHeaders } from './api-client.ts';
import { LOCAL_KEYS } from './storage-keys.ts';
import { local } from './storage.ts';

/**
 * Events the marketing tags and the server's analytics count (spec section 9), and the client error of
 * report-error.ts (a chunk load failure, a render crash).
 */
export type AnalyticsEvent = AnalyticsEventName;

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

/** The sender is a chunk of its own, loaded with the first event: the first paints stay within their budget. */
let sender: Promise<typeof import('./analytics-sender.ts')> | undefined;

/**
 * Pushes an event to the tag manager's data layer and queues it for the server (lib/analytics-sender.ts). Never
 * throws and never waits: analytics must not break or slow a loan flow.
 */
export function track(event: AnalyticsEvent, params: Record<string, unknown> = {}): void {
  try {
    window.dataLayer = window.dataLayer ?? [];
    window.dataLayer.push({ event, ...params });
  } catch {
    // ignored on purpose
  }
  try {
    // The path when it happened (never the query): the sender may arrive after a navigation.
    const pending = { name: event, at: Date.now(), page: window.location.pathname, params };
    sender ??= import('./analytics-sender.ts');
    sender.then(
      (m) =>
        m.enqueue(pending, {
          url: env.apiBase + BORROWER_ENDPOINT.sendAnalyticsEvents.path,
          headers: requestHeaders,
          local,
          keys: LOCAL_KEYS,
        }),
      () => {
        // A chunk that failed to load (offline) is asked for again with the next event.
        sender = undefined;
      },
    );
  } catch {
    // ignored on purpose
  }
}

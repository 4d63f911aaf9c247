// Zod-free, like endpoints.ts: the web app's first paint names its events from here without the schema library.

/**
 * The events the marketing and product analytics count (spec section 9), and the client error the web reports (a
 * chunk that failed to load, a render crash). Anything else is refused: a free event name is where free text (and
 * with it personal data) would creep in.
 */
export const ANALYTICS_EVENT_NAMES = [
  'H5_complete_registration',
  'H5_spent_credits',
  'H5_submit_loan_application',
  'H5_achievement_unlocked',
  'H5_client_error',
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number];

/** The most events one request carries: the web sends small batches (a page's worth), never a backlog. */
export const MAX_ANALYTICS_BATCH = 20;

/** Events the marketing tags listen for (spec section 9). */
export type AnalyticsEvent =
  | 'H5_complete_registration'
  | 'H5_spent_credits'
  | 'H5_submit_loan_application'
  | 'H5_achievement_unlocked'
  /** A client error (chunk load failure, render crash), from report-error.ts. */
  | 'H5_client_error';

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

/** Pushes an event to the tag manager's data layer; never throws (analytics must not break a loan flow). */
export function track(event: AnalyticsEvent, params: Record<string, unknown> = {}): void {
  try {
    window.dataLayer = window.dataLayer ?? [];
    window.dataLayer.push({ event, ...params });
  } catch {
    // ignored on purpose
  }
}

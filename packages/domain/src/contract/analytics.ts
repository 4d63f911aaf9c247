import { z } from 'zod';
import { ANALYTICS_EVENT_NAMES, MAX_ANALYTICS_BATCH } from './analytics-events.ts';
import { defineCall } from './define-call.ts';

/** A short token (a channel, a partner key): letters, digits and `_ . -`, never free text. */
const token = z.string().regex(/^[A-Za-z0-9_.-]{1,32}$/);

/**
 * The page an event happened on, as its path: whatever follows `?` or `#` is dropped (a query may carry a phone or a
 * token handed over by a partner), and a path that is not plain (letters, digits, `/ _ . -`) is kept as null.
 */
const pagePath = z
  .string()
  .max(512)
  .transform((text) => {
    const path = text.split(/[?#]/, 1)[0] ?? '';
    return /^\/[A-Za-z0-9/_.-]{0,199}$/.test(path) ? path : null;
  });

/**
 * The only parameters an event may carry; any other key is dropped when read (a phone, a NIK, a name, an amount typed
 * by the borrower never reach a provider, whatever a caller sends).
 */
export const analyticsParamsSchema = z.object({
  /** H5_achievement_unlocked: how many payments the borrower has made. */
  payments: z.number().int().min(0).max(10_000).optional(),
  /** H5_client_error: what failed (`chunk_load`, `render`), a code name, never the error's message. */
  kind: z
    .string()
    .regex(/^[a-z][a-z0-9_-]{0,31}$/)
    .optional(),
});
export type AnalyticsParams = z.infer<typeof analyticsParamsSchema>;

export const analyticsEventSchema = z.object({
  name: z.enum(ANALYTICS_EVENT_NAMES),
  /** When it happened by the browser's clock, epoch milliseconds (the server also keeps when it arrived). */
  at: z.number().int().min(0),
  page: pagePath.nullable().optional(),
  params: analyticsParamsSchema.optional(),
});

/**
 * A batch of events from one browser, with what identifies the browser and the campaign once for all of them (spec
 * section 3: the device id, the fingerprint, the channel `cl` and promote_platform/promote_agency are stored).
 */
export const analyticsBatchSchema = z.object({
  /** A random id the app made on this browser (not derived from the person). */
  device_id: z.string().regex(/^[A-Za-z0-9-]{8,64}$/),
  /** A hash of stable browser traits (screen, language, time zone ...): hex. */
  dfp: z
    .string()
    .regex(/^[0-9a-f]{8,64}$/)
    .optional(),
  cl: token.optional(),
  promote_platform: token.optional(),
  promote_agency: token.optional(),
  events: z.array(analyticsEventSchema).min(1).max(MAX_ANALYTICS_BATCH),
});
export type AnalyticsBatch = z.infer<typeof analyticsBatchSchema>;
export type AnalyticsBatchInput = z.input<typeof analyticsBatchSchema>;

export const analyticsCalls = {
  sendAnalyticsEvents: defineCall('sendAnalyticsEvents', {
    tag: 'app',
    summary: 'Analytics events (a small batch)',
    description:
      "The web app's analytics events (spec section 9) with the browser's device id, fingerprint, channel and promotion keys, posted as JSON. Signed in or not: a valid token attaches the borrower, any other is ignored. Event names outside the list are refused (4000); parameters outside the list are dropped, so no personal data is kept or forwarded. Answers once the events are handed to the analytics provider, whose failures never fail the call. Limited per address (4029).",
    errors: ['RATE_LIMITED'],
    body: analyticsBatchSchema,
    response: z.object({ accepted: z.number().int() }),
  }),
};

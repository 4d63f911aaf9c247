import type { ProviderLog } from '../provider-descriptor.ts';
import { postToProvider, ProviderUnreachableError } from '../provider-http.ts';
import type { AnalyticsEvent, AnalyticsProvider } from './analytics-provider.ts';

/*
 * Google Analytics 4, Measurement Protocol (developers.google.com/analytics/devguides/collection/protocol/ga4):
 *
 *   POST {GA4_BASE_URL}/mp/collect?measurement_id=G-XXXX&api_secret=<secret>
 *   content-type: application/json
 *   { "client_id": "<device id>",
 *     "events": [{ "name": "H5_spent_credits", "params": { "page_path": "/home", "cl": "oppo", ... } }] }
 *
 * Google answers 2xx whatever the payload (it validates only on /debug/mp/collect), at most 25 events a request.
 * What we send: the event name, its allow-listed parameters, the page path and the campaign keys (cl,
 * promote_platform, promote_agency), with the browser's random device id as GA's client id. What we never send: the
 * borrower's id (it would tie Google's data to an account), the browser fingerprint (a fraud signal of ours that a
 * third party has no need of), the client's IP or anything personal. No timestamp_micros: the browser's clock may
 * be wrong, and GA refuses events dated in the future; the request's own time is seconds away from the event's.
 */

export interface Ga4Config {
  /** `https://www.google-analytics.com` (or the EU collection host); tests point it at a local server. */
  baseUrl: string;
  measurementId: string;
  apiSecret: string;
  timeoutMs: number;
}

/** Google's limit of events in one request. */
const GA4_MAX_EVENTS = 25;

export class Ga4AnalyticsProvider implements AnalyticsProvider {
  readonly kind = 'analytics';
  readonly name = 'ga4';
  readonly sandbox = false;

  constructor(
    private readonly config: Ga4Config,
    private readonly deps: { log?: ProviderLog } = {},
  ) {}

  async track(events: readonly AnalyticsEvent[]): Promise<void> {
    // One request per browser: GA's client id is the device's, and a batch comes from one browser anyway.
    const byDevice = new Map<string, AnalyticsEvent[]>();
    for (const e of events) byDevice.set(e.deviceId, [...(byDevice.get(e.deviceId) ?? []), e]);
    for (const [clientId, own] of byDevice)
      for (let i = 0; i < own.length; i += GA4_MAX_EVENTS)
        await this.send(clientId, own.slice(i, i + GA4_MAX_EVENTS));
  }

  private async send(clientId: string, events: readonly AnalyticsEvent[]): Promise<void> {
    const url = new URL('/mp/collect', this.config.baseUrl);
    url.searchParams.set('measurement_id', this.config.measurementId);
    url.searchParams.set('api_secret', this.config.apiSecret);
    const body = { client_id: clientId, events: events.map(ga4Event) };
    let status: number;
    try {
      ({ status } = await postToProvider(url.toString(), {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        timeoutMs: this.config.timeoutMs,
      }));
    } catch (error) {
      if (!(error instanceof ProviderUnreachableError)) throw error;
      this.fail({ reason: error.reason }, 'GA4 did not answer; analytics events lost');
    }
    if (status >= 200 && status < 300) return;
    // The URL carries the API secret: log lines name the status only.
    if (status === 401 || status === 403 || status === 404)
      this.fail(
        { reason: 'configuration', httpStatus: status },
        'GA4 refused the request: check GA4_MEASUREMENT_ID and GA4_API_SECRET',
        true,
      );
    this.fail({ reason: 'refused', httpStatus: status }, 'GA4 refused analytics events');
  }

  private fail(fields: Record<string, unknown>, message: string, operator = false): never {
    const log = this.deps.log;
    const all = { provider: this.name, kind: this.kind, ...fields };
    if (operator && log?.error) log.error(all, message);
    else log?.warn(all, message);
    throw new Ga4AnalyticsError(String(fields.reason));
  }
}

/** A batch GA4 did not take; only the reason, never the URL (it holds the API secret). */
export class Ga4AnalyticsError extends Error {
  override readonly name = 'Ga4AnalyticsError';
  constructor(readonly reason: string) {
    super(`GA4 analytics failed: ${reason}`);
  }
}

/** GA4 reads a param's absence as "not set": null and undefined values are left out rather than sent as text. */
function ga4Event(e: AnalyticsEvent): { name: string; params: Record<string, string | number> } {
  const params: Record<string, string | number | null | undefined> = {
    page_path: e.page,
    cl: e.channel,
    promote_platform: e.promotePlatform,
    promote_agency: e.promoteAgency,
    payments: e.params.payments,
    kind: e.params.kind,
  };
  return {
    name: e.name,
    params: Object.fromEntries(
      Object.entries(params).filter((entry): entry is [string, string | number] => entry[1] != null),
    ),
  };
}

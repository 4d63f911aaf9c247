import type { AnalyticsEventName } from '@kaskita/domain/contract/analytics-events';
import { MAX_ANALYTICS_BATCH } from '@kaskita/domain/contract/analytics-events';
import { deviceId, fingerprint } from './device-identity.ts';
import type { LOCAL_KEYS as LocalKeys } from './storage-keys.ts';
import type { local as Local } from './storage.ts';

/**
 * Sends tracked events to POST /v1/analytics/events in small batches: a few seconds after the first one, or at once
 * when the page is hidden or left. Loaded by `track()` on its first event (a chunk of its own, so no first paint
 * carries it), and it never throws: an event that cannot be sent is lost, never a loan flow.
 *
 * Not through callApi: a batch is nested JSON (callApi posts forms), it must go out with `keepalive` while the page
 * unloads, and a background beacon must never refresh a session, toast or send the borrower to the login page. The
 * path is the contract's, the headers the api client's (a valid token attaches the borrower on the server), both
 * handed over by `track()` with the storage: this chunk imports none of the entry's modules, because each module
 * shared with a new lazy chunk was split out of the first paint's chunks into one more file (+0.6 kB gzip measured).
 */

/** What track() hands over from the entry chunk. */
export interface SenderContext {
  url: string;
  headers(): Record<string, string>;
  local: typeof Local;
  keys: typeof LocalKeys;
}

export interface PendingEvent {
  name: AnalyticsEventName;
  /** Epoch ms, by this browser's clock. */
  at: number;
  /** The page's path, never its query. */
  page: string;
  params: Record<string, unknown>;
}

/** Long enough to gather a page's events into one request, short enough that a closed tab loses little. */
const FLUSH_DELAY_MS = 3000;
/** A backlog beyond this (offline for a long time) drops its oldest events: analytics is not worth the memory. */
const MAX_QUEUED = 100;

const queue: PendingEvent[] = [];
let context: SenderContext | undefined;
let timer: ReturnType<typeof setTimeout> | undefined;
let listening = false;

export function enqueue(event: PendingEvent, from: SenderContext): void {
  try {
    context = from;
    if (queue.length >= MAX_QUEUED) queue.shift();
    queue.push(event);
    listen();
    timer ??= setTimeout(flush, FLUSH_DELAY_MS);
  } catch {
    // ignored on purpose: analytics must not break a loan flow
  }
}

/** Sends everything queued, without waiting: keepalive requests outlive the page. */
export function flush(): void {
  clearTimeout(timer);
  timer = undefined;
  const to = context;
  while (to && queue.length > 0) {
    const events = queue.splice(0, MAX_ANALYTICS_BATCH);
    try {
      void fetch(to.url, {
        method: 'POST',
        headers: { ...to.headers(), 'Content-Type': 'application/json' },
        body: JSON.stringify(batchOf(events, to)),
        keepalive: true,
        credentials: 'same-origin',
      }).catch(() => undefined);
    } catch {
      // ignored on purpose (no fetch, storage refused ...)
    }
  }
}

/** Forgets what is queued (tests: the files of a worker share this module). */
export function discardQueued(): void {
  clearTimeout(timer);
  timer = undefined;
  queue.length = 0;
}

function listen(): void {
  if (listening) return;
  listening = true;
  // pagehide is the last moment a mobile browser gives; hidden covers a tab switched away and then killed.
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
}

/** A short token as the server takes it; anything else is left out rather than have the batch refused. */
const TOKEN = /^[A-Za-z0-9_.-]{1,32}$/;
const token = (value: string | null) => (value && TOKEN.test(value) ? value : undefined);
const KIND = /^[a-z][a-z0-9_-]{0,31}$/;
const PAGE = /^\/[A-Za-z0-9/_.-]{0,199}$/;

function batchOf(events: PendingEvent[], { local, keys }: SenderContext) {
  return {
    device_id: deviceId(local, keys),
    dfp: fingerprint(local, keys),
    cl: token(local.get(keys.channel)),
    promote_platform: token(local.get(keys.promotePlatform)),
    promote_agency: token(local.get(keys.promoteAgency)),
    events: events.map((e) => ({
      name: e.name,
      at: Math.max(0, Math.round(e.at)),
      page: PAGE.test(e.page) ? e.page : null,
      params: paramsOf(e.params),
    })),
  };
}

/** Only the parameters the contract names, in its shapes: anything else stays in the tag manager's data layer. */
function paramsOf(params: Record<string, unknown>): { payments?: number; kind?: string } {
  const { payments, kind } = params;
  return {
    ...(Number.isInteger(payments) && (payments as number) >= 0 && (payments as number) <= 10_000
      ? { payments: payments as number }
      : {}),
    ...(typeof kind === 'string' && KIND.test(kind) ? { kind } : {}),
  };
}

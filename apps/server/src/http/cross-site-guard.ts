import type { FastifyRequest } from 'fastify';
import type { Endpoint } from '@kaskita/domain/contract/endpoints';
import { HEADER } from '@kaskita/domain/contract/header-names';
import { AppError } from './app-error.ts';

/** Fetch metadata a browser attaches to every request: only the app's own pages (or the address bar) may call. */
const ALLOWED_FETCH_SITES = new Set(['same-origin', 'none']);

const changesState = (endpoint: Endpoint) => endpoint.method !== 'GET' || endpoint.changesState === true;

/**
 * Refuses a call another website made the visitor's browser send (a form, an <img>, a script): otherwise any page
 * could send SMS codes to a phone or sign a visitor in. Three checks, because browsers differ in what they tell:
 * - `Sec-Fetch-Site` (every current browser): anything but same-origin is refused, even a sibling subdomain;
 * - `Origin` (sent on cross-site POSTs even by browsers without fetch metadata): it must be this host;
 * - without fetch metadata, a call that changes state must carry the app's own `os` header, which a page on
 *   another site cannot add without a CORS preflight that we never grant. Server-to-server clients send it as the
 *   spec asks of every call. Provider callbacks are not contract calls and are not guarded here.
 */
export function assertSameSite(request: FastifyRequest, endpoint: Endpoint): void {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string' && !ALLOWED_FETCH_SITES.has(site)) throw new AppError('CROSS_SITE');
  const origin = request.headers.origin;
  if (origin !== undefined && hostOf(origin) !== request.host) throw new AppError('CROSS_SITE');
  if (site === undefined && changesState(endpoint) && !request.headers[HEADER.os])
    throw new AppError('CROSS_SITE');
}

/** The host of an Origin header; 'null' (sandboxed frames, files) and garbage have none. */
function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

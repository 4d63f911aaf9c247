import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requestHeadersSchema, type RequestHeaders } from '@kaskita/domain/contract/request-headers';
import { toLocale, type Locale } from '@kaskita/domain/i18n/locale';
import { clientNetwork } from '../rate-limit/client-network.ts';

/** What every handler may know about the caller, read once per request from the headers the web app sends. */
export interface RequestContext {
  locale: Locale;
  headers: RequestHeaders;
  ip: string;
  /** What per-address limits count: the IPv4 address, or the IPv6 client's /64 (rate-limit/client-network.ts). */
  network: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext;
  }
}

/** The API answers in Indonesian unless `lan` asks for English. */
export const API_DEFAULT_LOCALE: Locale = 'id-ID';

const headerFields = requestHeadersSchema.shape;

/**
 * Parses each known header on its own and drops the ones that fail: a broken header must never lock a borrower out.
 * Repeated headers (arrays) count as broken.
 */
export function readRequestHeaders(raw: FastifyRequest['headers']): RequestHeaders {
  const result: Record<string, string> = {};
  for (const [name, schema] of Object.entries(headerFields)) {
    const value = raw[name];
    if (typeof value !== 'string') continue;
    const parsed = schema.safeParse(value);
    if (parsed.success && parsed.data !== undefined) result[name] = parsed.data;
  }
  return result as RequestHeaders;
}

export function localeOf(request: FastifyRequest): Locale {
  if (request.ctx) return request.ctx.locale;
  const lan = request.headers.lan;
  return toLocale(typeof lan === 'string' ? lan : undefined, API_DEFAULT_LOCALE);
}

/** Declares the request context on the root, once: requests outside the API keep null there. */
export function declareRequestContext(app: FastifyInstance): void {
  app.decorateRequest('ctx', null as unknown as RequestContext);
}

/** Declares the request context and reads it for every route of `app` (a self-contained app, e.g. in a test). */
export function registerRequestContext(app: FastifyInstance): void {
  declareRequestContext(app);
  useRequestContext(app);
}

/**
 * Reads the request context for the API routes registered in `api` (a module's /api scope): static files, the app
 * shell and the dev pages never parse the H5 headers. Code outside it gets the locale from localeOf().
 */
export function useRequestContext(api: FastifyInstance): void {
  api.addHook('onRequest', async (request) => {
    const headers = readRequestHeaders(request.headers);
    request.ctx = {
      headers,
      locale: toLocale(headers.lan, API_DEFAULT_LOCALE),
      ip: request.ip,
      network: clientNetwork(request.ip),
    };
  });
}

/** Every answer, API or not, names its request id: support can match a borrower's report to the log line. */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
}

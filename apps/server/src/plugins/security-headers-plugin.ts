import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isApiPath } from './static-web-plugin.ts';

/**
 * The Content-Security-Policy of every answer (the web app, the API, error pages). Pages with their own policy replace
 * it: the Swagger UI at /api/docs (@fastify/swagger-ui's staticCSP) and the dev pages (dev-html.ts).
 */
export const CONTENT_SECURITY_POLICY = {
  // Anything not named below: our own origin only.
  'default-src': ["'self'"],
  // The built app is external modules only (index.html has no inline script): no inline code, no eval.
  // 'wasm-unsafe-eval' lets a page compile WebAssembly, and only that (not eval, not new Function): the face step's
  // engine runs on tfjs's WebAssembly build on a phone without GPU rendering (live-check-engine.ts).
  'script-src': ["'self'", "'wasm-unsafe-eval'"],
  'script-src-attr': ["'none'"],
  // Stylesheets are files, but antd-mobile and React set `style` attributes (positions of popups, swipers, safe
  // areas...), and antd-mobile's CSS variables are set per element; blocking those breaks layout. Styles cannot run
  // code, so allowing inline styles costs far less than inline scripts would.
  'style-src': ["'self'", "'unsafe-inline'"],
  // The captcha is a data: PNG; everything else is served by us.
  // blob: for previews of a photo the borrower has just chosen (URL.createObjectURL), before it is uploaded.
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  // The app talks to its own API only (same origin, /api).
  'connect-src': ["'self'"],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  // The lender's pages the /iframe routes embed: the hosts are configuration edited at run time (app_config
  // iframe_hosts), which a fixed header cannot name, so any https page here, and the app itself loads only those hosts
  // (web: features/embedded/embedded-url.ts). Never plain http, never data: or blob: frames.
  'frame-src': ['https:'],
  // Nobody may frame the app (clickjacking a loan confirmation); X-Frame-Options says the same to old browsers.
  'frame-ancestors': ["'none'"],
  // No upgrade-insecure-requests: TLS is the terminator's job (README), and the app is also served over plain HTTP on
  // 127.0.0.1 in development and tests.
  'upgrade-insecure-requests': null,
};

/**
 * Only the camera (liveness photo, ID card), the microphone (video verification) and geolocation (the lat/lon headers)
 * the OJK lets lending apps ask for, and only for our own origin; every other powerful feature is off, frames included.
 * Autoplay is our origin's too: the face step plays the camera's own stream, muted, and reads its frames; off, a
 * phone would refuse to play it once the tap's activation has lapsed (the camera permission prompt takes longer).
 * Features limited to ones Chromium knows: an unknown name is logged as a console error on every page.
 */
export const PERMISSIONS_POLICY = [
  'camera=(self)',
  'microphone=(self)',
  'geolocation=(self)',
  'accelerometer=()',
  'autoplay=(self)',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=()',
  'gyroscope=()',
  'magnetometer=()',
  'midi=()',
  'payment=()',
  'picture-in-picture=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'usb=()',
].join(', ');

/**
 * Whether an answer is the API's: by the route that matched (the router decodes `/%61pi/...` to `/api/...`), or for
 * an unmatched request by its decoded path.
 */
function isApiAnswer(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  if (route !== undefined) return isApiPath(route);
  const path = request.url.split('?')[0] ?? '';
  try {
    return isApiPath(decodeURIComponent(path));
  } catch {
    return isApiPath(path);
  }
}

/**
 * Browser protections on every answer, HTML and API alike (@fastify/helmet, registered on the root instance so its
 * hooks reach every route and the not-found handler), plus:
 * - Permissions-Policy (helmet does not set it);
 * - `Cache-Control: no-store` on every API answer that has not chosen its own caching. API answers are envelopes for one
 *   caller (tokens, phones, loans, errors naming their input) and some vary by the `lan` header; the public ones (the
 *   landing example, the config) are a few hundred bytes after the JavaScript has loaded, so caching them would save
 *   little and risk much. A route that sets Cache-Control keeps it (the OpenAPI document, the docs page's assets, and
 *   GET /getares: the regions, public and static, 90,000 of them: regions-routes.ts).
 *
 * HSTS only when told that browsers reach the server over TLS (`BEHIND_TLS`): the app cannot know which host names are
 * served over TLS, and HSTS sent over plain HTTP is ignored anyway. A year, this host only (subdomains are not the
 * app's to speak for).
 */
export async function registerSecurityHeaders(app: FastifyInstance, behindTls: boolean): Promise<void> {
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    strictTransportSecurity: behindTls ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: false } : false,
    // No referrer at all: some GET URLs carry a phone number in their query (the SMS code request).
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });

  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (isApiAnswer(request) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}

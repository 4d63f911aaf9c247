import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_PREFIX } from '@kaskita/domain/contract/endpoints';
import { toLocale, type Locale } from '@kaskita/domain/i18n/locale';
import { AppError } from '../http/app-error.ts';
import { sendError } from './error-handler-plugin.ts';
import { registerStaticAdmin } from './static-admin-plugin.ts';

export const MISSING_DIST_HINT =
  'The KasKita web app has not been built yet.\n\nRun `npm run build:web` (or `npm start`, which builds it first), then reload this page.\nThe API is available under /api.\n';

/** Whether a path is under the API's prefix: its answers are envelopes, never the app shell. */
export const isApiPath = (path: string) => path === API_PREFIX || path.startsWith(`${API_PREFIX}/`);

/** The development pages' paths (the dev module): in production none exists, and none is a web app route either. */
const isDevPath = (path: string) => path === '/dev' || path.startsWith('/dev/');

/**
 * History-mode deep links: a browser navigation (GET accepting HTML) outside /api gets the app shell, but for /dev/*
 * in production, which answers 404 rather than a page that looks like the app (a scanner's hit must read as absent).
 */
const wantsAppShell = (request: FastifyRequest, isProduction: boolean) => {
  const path = request.url.split('?')[0] ?? '';
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !isApiPath(path) &&
    !(isProduction && isDevPath(path)) &&
    String(request.headers.accept ?? '').includes('text/html')
  );
};

/**
 * The language of a prerendered page for a first visit, as the web app picks it (apps/web/src/lib/i18n.ts,
 * initialLocale): Indonesian when the browser's first preferred language is, English otherwise.
 */
export function prerenderLocale(acceptLanguage: string | undefined): Locale {
  const first = acceptLanguage?.split(',')[0]?.split(';')[0];
  return toLocale(first, 'en-US') === 'id-ID' ? 'id-ID' : 'en-US';
}

/**
 * The file the build made for a page, if any, relative to dist: `fileOf` names it from the page's path, which only
 * lower-case words and hyphens make (nothing can climb out of dist). A trailing slash is the same page.
 */
function builtPage(distDir: string, urlPath: string, fileOf: (path: string) => string): string | undefined {
  const path = urlPath.length > 1 ? urlPath.replace(/\/+$/, '') : urlPath;
  if (!/^(\/[a-z0-9-]+)+$/.test(path)) return undefined;
  const file = fileOf(path);
  return existsSync(join(distDir, file)) ? file : undefined;
}

/**
 * The prerendered copy of a page in dist (apps/web/vite-prerender-plugin.ts writes prerendered/<path>.<locale>.html
 * for the first pages).
 */
export const prerenderedPage = (distDir: string, urlPath: string, locale: Locale) =>
  builtPage(distDir, urlPath, (path) => `prerendered${path}.${locale}.html`);

/**
 * The shell of a signed-in page (apps/web/vite-route-shells.ts writes shells/<path>.html: the app shell with the
 * page's chunks linked in its head).
 */
const routeShellPage = (distDir: string, urlPath: string) =>
  builtPage(distDir, urlPath, (path) => `shells${path}.html`);

/**
 * Serves the built web app (apps/web/dist) at / and the back office (apps/admin/dist) under /admin. Hashed files under /assets/ are cached for a year; everything else,
 * index.html above all, is revalidated so a deploy is picked up at once. The build writes brotli (.br) and gzip (.gz)
 * copies beside each file (vite.config.ts); the one the browser accepts is sent with its Content-Encoding and
 * `Vary: Accept-Encoding`, with no compression work per request. Also owns the not-found handler.
 */
export async function registerStaticWeb(
  app: FastifyInstance,
  distDir: string,
  adminDistDir: string,
  isProduction: boolean,
): Promise<void> {
  // The back office owns /admin, every path under it included, apart from the borrower app.
  await registerStaticAdmin(app, adminDistDir);
  const indexPath = join(distDir, 'index.html');
  if (existsSync(indexPath)) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      cacheControl: false,
      preCompressed: true,
      setHeaders(reply, filePath) {
        const inAssets = relative(distDir, filePath).split(sep)[0] === 'assets';
        reply.header('cache-control', inAssets ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (!wantsAppShell(request, isProduction)) return sendError(request, reply, new AppError('NOT_FOUND'));
    if (!existsSync(indexPath)) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(MISSING_DIST_HINT);
    }
    // The first pages come prerendered in the visitor's language (so the answer varies by Accept-Language); the
    // signed-in pages a borrower opens most come as the app shell with their chunks linked; every other path gets the
    // app shell. Through @fastify/static, so deep links get the compressed file and the same headers as `/`.
    const urlPath = request.url.split('?')[0] ?? '';
    const locale = prerenderLocale(request.headers['accept-language']);
    const page = prerenderedPage(distDir, urlPath, locale);
    if (page) {
      reply.header('vary', 'Accept-Language');
      return reply.code(200).sendFile(page);
    }
    return reply.code(200).sendFile(routeShellPage(distDir, urlPath) ?? 'index.html');
  });
}

import { existsSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../http/app-error.ts';
import { sendError } from './error-handler-plugin.ts';

/** Where the back office is served; apps/admin/vite.config.ts builds for this base. */
export const ADMIN_BASE = '/admin';

export const MISSING_ADMIN_DIST_HINT =
  'The KasKita back office has not been built yet.\n\nRun `npm run build:admin` (or `npm start`, which builds it first), then reload this page.\n';

const wantsPage = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') &&
  String(request.headers.accept ?? '').includes('text/html');

/** A file of the build, relative to it; undefined for anything else (a folder, a missing file, a path leaving it). */
function builtFile(distDir: string, path: string): string | undefined {
  if (!path) return undefined;
  const file = resolve(distDir, path);
  const rel = relative(distDir, file);
  if (rel.startsWith('..') || rel.includes(`${sep}..`)) return undefined;
  try {
    return statSync(file).isFile() ? rel : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Serves the built back office (apps/admin/dist) under /admin, apart from the borrower app: hashed files under
 * /admin/assets/ are cached for a year, everything else revalidated, and any other /admin/* navigation gets
 * index.html (its router draws the page; the API decides what the member may see). One route owns the whole prefix,
 * so nothing under /admin ever falls through to the borrower app. The Content-Security-Policy and the other headers
 * are the root's (security-headers-plugin.ts): the back office loads only its own scripts, like the web app.
 */
export async function registerStaticAdmin(app: FastifyInstance, distDir: string): Promise<void> {
  const indexPath = join(distDir, 'index.html');
  await app.register(
    async (scope) => {
      // reply.sendFile only: the route below decides what is a file, the app shell, or not found.
      await scope.register(fastifyStatic, { root: distDir, serve: false, cacheControl: false });
      scope.get('/*', { schema: { hide: true } }, async (request, reply) => {
        const path = (request.params as { '*': string })['*'];
        const file = builtFile(distDir, path);
        if (file && file !== 'index.html') {
          const inAssets = file.split(sep)[0] === 'assets';
          reply.header('cache-control', inAssets ? 'public, max-age=31536000, immutable' : 'no-cache');
          return reply.sendFile(file);
        }
        if (!wantsPage(request)) return sendError(request, reply, new AppError('NOT_FOUND'));
        if (!existsSync(indexPath))
          return reply
            .code(503)
            .type('text/plain; charset=utf-8')
            .header('cache-control', 'no-store')
            .send(MISSING_ADMIN_DIST_HINT);
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      });
    },
    { prefix: ADMIN_BASE },
  );
  // The app's base is /admin/: a bare /admin goes there, so its relative asset URLs resolve.
  app.get(ADMIN_BASE, { schema: { hide: true } }, async (_request, reply) =>
    reply.redirect(`${ADMIN_BASE}/`),
  );
}

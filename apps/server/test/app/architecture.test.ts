import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { describe, expect, it } from 'vitest';
import { buildApp, MODULES } from '../../src/app.ts';
import { defineModule } from '../../src/modules/module-plugin.ts';
import { infrastructurePlugin } from '../../src/plugins/infrastructure-plugin.ts';
import { TEST_ENV } from '../helpers/test-app.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

const SRC = join(import.meta.dirname, '../../src');
const MODULES_DIR = join(SRC, 'modules');

/**
 * Routes the infrastructure itself owns: the API's docs, the operations endpoints (operations/operations-routes.ts), the
 * web app and the back office's files. Every other route belongs to a module.
 */
const INFRASTRUCTURE_ROUTES = [
  /^\/(health|ready|metrics)$/,
  /^\/api\/openapi\.json$/,
  /^\/api\/docs(\/|$)/,
  /^\/$/,
  /^\/\*$/,
  /^\/assets\//,
  /^\/admin(\/\*)?$/,
];

interface RegisteredRoute {
  url: string;
  pluginName: string;
}

/**
 * Routes registered anywhere but in a module's own scope (a routes function called by hand from app.ts, a plugin of
 * no module, a route on the root): each with what registered it. A module's scopes are named `module:<name>/<part>`
 * (modules/module-plugin.ts), and Fastify reports that name as the plugin of each route in them.
 */
function routesOutsideModules(routes: readonly RegisteredRoute[]): string[] {
  return routes.flatMap(({ url, pluginName }) => {
    if (INFRASTRUCTURE_ROUTES.some((pattern) => pattern.test(url))) return [];
    if (/^module:[a-z-]+\/(api|pages|callbacks)$/.test(pluginName)) return [];
    return [`${url} is registered by ${pluginName}, not in a module's scope`];
  });
}

describe('architecture: modules register themselves', () => {
  it('every route of the app is registered inside exactly one module plugin', async () => {
    const testDb = await createTestDatabase();
    const routes: RegisteredRoute[] = [];
    const app = await buildApp({
      envSource: {},
      logger: false,
      database: testDb.database,
      env: TEST_ENV,
      onRoute: (url, pluginName) => routes.push({ url, pluginName }),
    });
    try {
      expect(routes.length).toBeGreaterThan(50);
      expect(routesOutsideModules(routes)).toEqual([]);
      // Every module of the list registers at least one thing a borrower or provider reaches, or says why not.
      const owners = new Set(
        routes.map((r) => r.pluginName.match(/^module:([a-z-]+)\//)?.[1]).filter(Boolean),
      );
      expect([...owners].sort()).toEqual([
        'analytics',
        'application',
        'approvals',
        'auth',
        'bank-cards',
        'borrowers',
        'care',
        'collections',
        'commerce',
        'complaints',
        'config',
        'dev',
        'loans',
        'payment-pin',
        'payments-to-resolve',
        'personal-data',
        'products',
        'profile',
        'referral',
        'refunds',
        'regions',
        'relief',
        'repayments',
        'reporting',
        'review',
        'staff',
        'user',
        'verification',
      ]);
    } finally {
      await app.close();
      await testDb.destroy();
    }
  });

  it('the check fails for a route registered outside a module plugin (as app.ts once did)', async () => {
    const app = Fastify({ logger: false });
    const routes: RegisteredRoute[] = [];
    app.addHook('onRoute', function (route) {
      routes.push({ url: route.url, pluginName: this.pluginName });
    });
    await app.register(fp(async () => {}, { name: 'infrastructure' }));
    app.decorate('infra', {} as never);
    await app.register(
      defineModule({
        name: 'inside',
        register: (_module, _infra, scope) => scope.api((api) => api.get('/v1/inside', async () => ({}))),
      }),
    );
    // By hand, next to the modules: what the architecture forbids.
    await app.register(async (api) => api.get('/v1/by-hand', async () => ({})), { prefix: '/api' });
    app.get('/api/v1/root', async () => ({}));
    await app.ready();
    expect(routesOutsideModules(routes)).toEqual([
      expect.stringContaining('/api/v1/by-hand'),
      expect.stringContaining('/api/v1/by-hand'), // and its HEAD
      expect.stringContaining('/api/v1/root'),
      expect.stringContaining('/api/v1/root'),
    ]);
    await app.close();
  });

  it('app.ts lists the modules and imports nothing else from them; each module folder has its plugin', () => {
    const appSource = readFileSync(join(SRC, 'app.ts'), 'utf8');
    // Each module adds two lines (its import and its entry): the back office's modules (issue 25), then complaints,
    // personal data and commerce (issues 26-27) raised the bound.
    expect(appSource.split('\n').length).toBeLessThan(180);
    const fromModules = [...appSource.matchAll(/from '\.\/modules\/([^']+)'/g)].map((m) => m[1]!);
    for (const path of fromModules) expect(path).toMatch(/^([a-z-]+)\/\1-module\.ts$/);
    const folders = readdirSync(MODULES_DIR, { withFileTypes: true })
      .filter((d) => d.isDirectory() && d.name !== 'ledger')
      .map((d) => d.name);
    expect(fromModules.map((p) => p.split('/')[0]).sort()).toEqual([...folders].sort());
    expect(MODULES).toHaveLength(folders.length);
  });

  it('a routes file is imported only by its own module plugin', () => {
    for (const folder of readdirSync(MODULES_DIR, { withFileTypes: true }).filter((d) => d.isDirectory())) {
      const dir = join(MODULES_DIR, folder.name);
      for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
        const source = readFileSync(join(dir, file), 'utf8');
        for (const [, imported] of source.matchAll(/from '([^']*-routes\.ts)'/g)) {
          expect(`${folder.name}/${file} imports ${imported}`).toMatch(
            /-module\.ts imports \.\/[a-z-]+-routes\.ts$/,
          );
        }
      }
    }
    // Infrastructure is a plugin too: the modules depend on it by name.
    expect(infrastructurePlugin).toBeTypeOf('function');
  });
});

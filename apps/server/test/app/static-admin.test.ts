import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/test-app.ts';

const root = mkdtempSync(join(tmpdir(), 'kaskita-admin-dist-'));
const web = join(root, 'web');
const admin = join(root, 'admin');
mkdirSync(join(web, 'assets'), { recursive: true });
mkdirSync(join(admin, 'assets'), { recursive: true });
writeFileSync(join(web, 'index.html'), '<!doctype html><title>KasKita</title><div id="root">borrower</div>');
writeFileSync(
  join(admin, 'index.html'),
  '<!doctype html><title>Back office</title><div id="root">admin</div>',
);
writeFileSync(join(admin, 'assets', 'main-abc123.js'), 'console.log("admin")');
afterAll(() => rmSync(root, { recursive: true, force: true }));

const t = useTestApp({ env: { WEB_DIST_DIR: web, ADMIN_DIST_DIR: admin } });
const unbuilt = useTestApp({ env: { WEB_DIST_DIR: web, ADMIN_DIST_DIR: join(root, 'missing') } });
const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('the back office under /admin', () => {
  it('answers its index.html at /admin/ and for deep links, revalidated, with the strict CSP', async () => {
    for (const url of ['/admin/', '/admin/staff', '/admin/audit?page=2']) {
      const res = await t.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root">admin</div>');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('redirects /admin to /admin/ so the relative asset paths resolve', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/admin', headers: html });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/admin/');
  });

  it('caches its hashed assets for a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/admin/assets/main-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log("admin")');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a missing file that is not a page with a NOT_FOUND envelope, not the app', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/admin/assets/gone.js',
      headers: { accept: '*/*' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 4040 });
  });

  it('leaves the borrower app and the API where they were', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/login', headers: html });
    expect(page.body).toContain('borrower');
    const api = await t.app.inject({ method: 'GET', url: '/api/admin/permissions/user/tree' });
    expect(api.json()).toMatchObject({ code: 4047 });
  });

  it('says how to build it when it has not been built', async () => {
    const res = await unbuilt.app.inject({ method: 'GET', url: '/admin/staff', headers: html });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('npm run build:admin');
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { API_PREFIX, ENDPOINT } from '@kaskita/domain/contract/endpoints';
import { CONTENT_SECURITY_POLICY, PERMISSIONS_POLICY } from '../../src/plugins/security-headers-plugin.ts';
import { newPhone, signIn, useTestApp } from '../helpers/test-app.ts';

const dist = mkdtempSync(join(tmpdir(), 'kaskita-dist-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>KasKita</title><div id="root"></div>');
writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const t = useTestApp({ env: { WEB_DIST_DIR: dist } });
const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

/** A CSP header as directive -> sources. */
function parseCsp(header: unknown): Map<string, string[]> {
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

function expectBrowserProtections(headers: Record<string, unknown>, where: string): void {
  const csp = parseCsp(headers['content-security-policy']);
  expect(csp.get('script-src'), where).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  expect(csp.get('connect-src'), where).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors'), where).toEqual(["'none'"]);
  // The embedded lender pages (/iframe): https only; the app itself keeps to the configured hosts.
  expect(csp.get('frame-src'), where).toEqual(['https:']);
  expect(csp.get('img-src'), where).toEqual(["'self'", 'data:', 'blob:']);
  expect(csp.get('object-src'), where).toEqual(["'none'"]);
  expect(headers['x-content-type-options'], where).toBe('nosniff');
  expect(headers['referrer-policy'], where).toBe('no-referrer');
  expect(headers['x-frame-options'], where).toBe('DENY');
  expect(headers['permissions-policy'], where).toBe(PERMISSIONS_POLICY);
  // HSTS belongs to the TLS terminator (README).
  expect(headers['strict-transport-security'], where).toBeUndefined();
}

describe('security headers', () => {
  it('the policy has no inline or eval script source anywhere', () => {
    const sources = Object.entries(CONTENT_SECURITY_POLICY)
      .filter(([name]) => name.startsWith('script-src') || name === 'default-src')
      .flatMap(([, value]) => value ?? []);
    expect(sources).not.toContain("'unsafe-inline'");
    expect(sources).not.toContain("'unsafe-eval'");
  });

  it('are on the app shell, deep links, assets, API answers, API errors and not-found answers', async () => {
    const requests = [
      { url: '/', headers: html },
      { url: '/landing-page', headers: html },
      { url: '/assets/app-abc123.js' },
      { url: `${API_PREFIX}${ENDPOINT.getConfig.path}` },
      { url: `${API_PREFIX}/no-such-call` },
      { url: '/assets/missing.js' },
    ];
    for (const request of requests) {
      const res = await t.app.inject({ method: 'GET', ...request });
      expectBrowserProtections(res.headers, request.url);
    }
  });

  it('Permissions-Policy allows only camera, microphone, geolocation and autoplay (the camera preview), for our own origin', () => {
    const allowed = PERMISSIONS_POLICY.split(', ').filter((d) => !d.endsWith('=()'));
    expect(allowed.sort()).toEqual([
      'autoplay=(self)',
      'camera=(self)',
      'geolocation=(self)',
      'microphone=(self)',
    ]);
  });

  it('every API answer is no-store, signed-in and personal ones included; the web app keeps its caching', async () => {
    const { token } = await signIn(t.app, newPhone());
    const urls = [
      `${API_PREFIX}${ENDPOINT.getConfig.path}`,
      `${API_PREFIX}${ENDPOINT.getLandingExample.path}`,
      `${API_PREFIX}${ENDPOINT.getUserStatus.path}`,
      `${API_PREFIX}/no-such-call`,
      // the router decodes %61 to "a": the same API answer, spelled another way
      `/%61pi${ENDPOINT.getUserStatus.path}`,
      `/%61pi/no-such-call`,
    ];
    for (const url of urls) {
      const res = await t.app.inject({ method: 'GET', url, headers: { authorization: token } });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const shell = await t.app.inject({ method: 'GET', url: '/', headers: html });
    expect(shell.headers['cache-control']).toBe('no-cache');
    // A route that chose its own caching keeps it: the OpenAPI document is public and revalidated.
    const openapi = await t.app.inject({ method: 'GET', url: `${API_PREFIX}/openapi.json` });
    expect(openapi.headers['cache-control']).toBe('no-cache');
  });

  it('the Swagger UI page keeps its own policy (staticCSP: external scripts only), so it still loads', async () => {
    const page = await t.app.inject({ method: 'GET', url: `${API_PREFIX}/docs/` });
    expect(page.statusCode).toBe(200);
    const csp = parseCsp(page.headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    // Every script of the page is a file its policy allows: no inline script would run.
    const scripts = [...page.body.matchAll(/<script([^>]*)>([^<]*)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, inline] of scripts) {
      expect(attributes).toMatch(/src="\.\/static\//);
      expect(inline?.trim()).toBe('');
    }
    expect(page.headers['x-content-type-options']).toBe('nosniff');
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { requestHeadersSchema } from '@kaskita/domain/contract/request-headers';
import { useTestApp } from '../helpers/test-app.ts';

const dist = mkdtempSync(join(tmpdir(), 'kaskita-dist-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>KasKita</title><div id="root"></div>');
writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
writeFileSync(join(dist, 'favicon.svg'), '<svg/>');
// The build's precompressed copies (vite.config.ts): brotli and gzip beside the files.
const appJs = 'console.log(1)';
writeFileSync(join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(appJs));
writeFileSync(join(dist, 'assets', 'app-abc123.js.gz'), gzipSync(appJs));
const indexHtml = '<!doctype html><title>KasKita</title><div id="root"></div>';
writeFileSync(join(dist, 'index.html.br'), brotliCompressSync(indexHtml));
// The first pages prerendered in both languages (apps/web/vite-prerender-plugin.ts).
mkdirSync(join(dist, 'prerendered', 'login'), { recursive: true });
const loginEn = '<!doctype html><html lang="en-US"><div id="root" data-prerendered="en-US">Log in</div>';
const loginId = '<!doctype html><html lang="id-ID"><div id="root" data-prerendered="id-ID">Masuk</div>';
writeFileSync(join(dist, 'prerendered', 'login', 'main.en-US.html'), loginEn);
writeFileSync(join(dist, 'prerendered', 'login', 'main.id-ID.html'), loginId);
writeFileSync(join(dist, 'prerendered', 'login', 'main.id-ID.html.br'), brotliCompressSync(loginId));
// A signed-in page's shell: the app shell with its chunks linked (apps/web/vite-route-shells.ts).
mkdirSync(join(dist, 'shells', 'home'), { recursive: true });
const billShell =
  '<!doctype html><link rel="modulepreload" href="/assets/repayment-pages.js"><div id="root"></div>';
writeFileSync(join(dist, 'shells', 'bill.html'), billShell);
writeFileSync(join(dist, 'shells', 'bill.html.br'), brotliCompressSync(billShell));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const t = useTestApp({ env: { WEB_DIST_DIR: dist } });
const missing = useTestApp({ env: { WEB_DIST_DIR: join(dist, 'missing') } });
const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('static web app', () => {
  it('serves index.html at / without long caching', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('caches hashed assets for a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('sends the precompressed copy the browser accepts, with Content-Encoding and Vary', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(appJs);

    const gz = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['vary']).toMatch(/accept-encoding/i);

    const identity = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers['vary']).toMatch(/accept-encoding/i);
    expect(identity.body).toBe(appJs);

    // Deep links get the compressed app shell too, still revalidated.
    const shell = await t.app.inject({
      method: 'GET',
      url: '/landing-page',
      headers: { ...html, 'accept-encoding': 'br' },
    });
    expect(shell.headers['content-encoding']).toBe('br');
    expect(shell.headers['content-type']).toMatch(/text\/html/);
    expect(shell.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(shell.rawPayload).toString()).toBe(indexHtml);
  });

  it('falls back to index.html for history-mode deep links', async () => {
    for (const url of ['/home/unaudited', '/me/loan-detail/2?x=1', '/login/passwd']) {
      const res = await t.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
    }
  });

  it("serves a prerendered page in the browser's first language, varying by Accept-Language", async () => {
    const get = (url: string, language?: string, encoding = 'identity') =>
      t.app.inject({
        method: 'GET',
        url,
        headers: {
          ...html,
          'accept-encoding': encoding,
          ...(language ? { 'accept-language': language } : {}),
        },
      });
    for (const [language, body] of [
      ['id-ID,id;q=0.9,en;q=0.8', loginId],
      ['in', loginId],
      ['en-US,en;q=0.9,id;q=0.8', loginEn],
      ['fr-FR', loginEn],
      [undefined, loginEn],
    ] as const) {
      const res = await get('/login/main?phone=081234567890', language);
      expect(res.statusCode, language).toBe(200);
      expect(res.body, language).toBe(body);
      expect(res.headers['vary'], language).toMatch(/accept-language/i);
      expect(res.headers['cache-control'], language).toBe('no-cache');
    }
    expect((await get('/login/main/', 'id')).body).toBe(loginId);
    const br = await get('/login/main', 'id-ID', 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.headers['vary']).toMatch(/accept-language/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(loginId);
    // Pages without a prerendered copy get the app shell.
    const other = await get('/login/passwd', 'id-ID');
    expect(other.body).toBe(indexHtml);
    expect(other.headers['vary'] ?? '').not.toMatch(/accept-language/i);
  });

  it("serves a signed-in page's shell, with its chunks linked, in every language; other pages get the app shell", async () => {
    const get = (url: string, encoding = 'identity') =>
      t.app.inject({
        method: 'GET',
        url,
        headers: { ...html, 'accept-encoding': encoding, 'accept-language': 'id' },
      });
    for (const url of ['/bill', '/bill/', '/bill?claim=1']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(billShell);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['vary'] ?? '', url).not.toMatch(/accept-language/i);
    }
    const br = await get('/bill', 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(billShell);
    // No shell for the path, or a path the shells' folder could be reached from: the app shell.
    for (const url of ['/home/pay-back', '/bill/x', '/shells/bill', '/bill.html', '/%2e%2e/index'])
      expect((await get(url)).body, url).toBe(indexHtml);
  });

  it('keeps API 404s, missing assets and non-HTML requests out of the fallback', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/v1/nope', headers: html });
    expect(api.json()).toMatchObject({ code: 4040 });
    const asset = await t.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(asset.statusCode).toBe(404);
    const post = await t.app.inject({ method: 'POST', url: '/home', headers: html });
    expect(post.statusCode).toBe(404);
  });

  it('parses the API headers only for API requests; other answers keep their request id and locale', async () => {
    const parseLan = vi.spyOn(requestHeadersSchema.shape.lan, 'safeParse');
    try {
      const headers = { ...html, lan: 'en-US' };
      for (const url of ['/', '/assets/app-abc123.js', '/home/unaudited']) {
        const res = await t.app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['x-request-id'], url).toMatch(/^[0-9a-f-]{36}$/);
      }
      const missingAsset = await t.app.inject({
        method: 'GET',
        url: '/assets/missing.js',
        headers: { lan: 'en-US' },
      });
      expect(missingAsset.json()).toEqual({ code: 4040, msg: 'Not found', data: null });
      expect(parseLan).not.toHaveBeenCalled();

      const api = await t.app.inject({ method: 'GET', url: '/api/v1/config', headers });
      expect(api.json()).toMatchObject({ code: 200 });
      expect(parseLan).toHaveBeenCalled();
    } finally {
      parseLan.mockRestore();
    }
  });

  it('answers a plain-text hint when the web app is not built', async () => {
    const res = await missing.app.inject({ method: 'GET', url: '/home', headers: html });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.body).toContain('npm run build:web');
  });
});

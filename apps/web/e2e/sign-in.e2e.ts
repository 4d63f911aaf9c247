// The first journey of a borrower: from the entry route to a signed-in session and back out, on a phone-sized screen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startServer, type RunningServer } from './support/server.ts';
import { launchBrowser, phoneContext, snap } from './support/browser.ts';

const PHONE_TYPED = '0812 3456 7890';
const PHONE_NORMALISED = '6281234567890';

describe('sign in by SMS code', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    context = await phoneContext(browser, server.baseUrl);
    page = await context.newPage();
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('a new visitor opening / lands on the unaudited home page', async () => {
    await page.goto('/');
    await page.getByTestId('page-unaudited').waitFor();
    expect(new URL(page.url()).pathname).toBe('/home/unaudited');
    expect(await page.title()).toMatch(/^KasKita/);
    await snap(page, '01-home-unaudited');
  });

  it("tapping 'cek limit' is guarded to the login page", async () => {
    await page.getByTestId('cek-limit').click();
    await page.getByTestId('page-login').waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/login/);
    await snap(page, '02-login');
  });

  it('requests a code, reads it from the dev outbox and signs in', async () => {
    await page.getByTestId('login-phone').fill(PHONE_TYPED);
    await page.getByTestId('send-code').click();

    const code = await waitForCode(server.baseUrl, PHONE_NORMALISED);
    expect(code).toMatch(/^\d{6}$/);

    await page.getByTestId('sms-code').fill(code);
    await page.getByTestId('consent').click();
    await snap(page, '03-login-filled');
    await page.getByTestId('login-submit').click();

    await page.getByTestId('page-unaudited').waitFor();
    expect(new URL(page.url()).pathname).toBe('/home/unaudited');
    await snap(page, '04-signed-in-home');
  });

  it('stays signed in after a reload', async () => {
    await page.reload();
    await page.getByTestId('page-unaudited').waitFor();
    await page.getByTestId('tab-me').click();
    await page.getByTestId('page-me').waitFor();
    // The masked phone comes from the API, so it only shows for a live session.
    await expect.poll(() => page.getByTestId('page-me').innerText()).toContain('7890');
    await snap(page, '05-me');
  });

  it('switches language', async () => {
    const before = await page.getByTestId('logout').innerText();
    await page.getByTestId('lang-switch').click();
    await expect.poll(() => page.getByTestId('logout').innerText()).not.toBe(before);
    const stored = await page.evaluate(() => localStorage.getItem('APP_LOCALE'));
    expect(stored?.toLowerCase()).toMatch(/^(id|en)/);
    await snap(page, '06-me-switched-language');
  });

  it('logs out: the session is revoked on the server too', async () => {
    const token = await page.evaluate(() => {
      for (let i = 0; i < localStorage.length; i++) {
        const key = localStorage.key(i)!;
        if (/token/i.test(key) && !/refresh/i.test(key)) return localStorage.getItem(key);
      }
      return null;
    });
    expect(token).toBeTruthy();

    await page.getByTestId('logout').click();
    await page.getByTestId('page-login').waitFor();
    await snap(page, '07-logged-out');

    const res = await fetch(`${server.baseUrl}/api/v2/user/status`, {
      headers: { Authorization: String(token).replace(/^"|"$/g, '') },
    });
    const body = (await res.json()) as { code: number };
    expect(body.code).toBe(4047);
  });
});

async function waitForCode(baseUrl: string, phone: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const res = await fetch(`${baseUrl}/api/dev/outbox?phone=${phone}`);
    const body = (await res.json()) as { data: Array<{ code: string | null }> };
    const code = body.data?.[0]?.code;
    if (code) return code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('no SMS code arrived in the dev outbox');
}

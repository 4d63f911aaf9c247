// One journey per file: a real server on a fresh embedded database, and a phone-sized page in Chromium.
import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startServer, type RunningServer } from './server.ts';
import { launchBrowser, phoneContext } from './browser.ts';
import { apiPath } from './api-path.ts';

export interface Journey {
  server: RunningServer;
  page: Page;
}

/**
 * Starts the server and the browser before the file's tests and stops both after; read the fields inside tests.
 * `env`: settings of this journey's server (e.g. a short credit decision delay). `fakeCamera`: a function making the
 * video the browser's camera shows (support/fake-camera.ts).
 */
export function useJourney(
  env: Record<string, string> = {},
  options: { fakeCamera?: () => Promise<string> } = {},
): Journey {
  const journey = {} as Journey;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    server = await startServer(env);
    browser = await launchBrowser(options.fakeCamera ? { fakeCamera: await options.fakeCamera() } : {});
    context = await phoneContext(browser, server.baseUrl);
    journey.server = server;
    journey.page = await context.newPage();
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  return journey;
}

/** The newest SMS code sent to a phone (normalised 62...), read from the dev outbox as a person would. */
export async function waitForCode(baseUrl: string, phone: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const res = await fetch(baseUrl + apiPath('listDevOutbox', { query: { phone } }));
    const body = (await res.json()) as { data: Array<{ code: string | null }> };
    const code = body.data?.[0]?.code;
    if (code) return code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('no SMS code arrived in the dev outbox');
}

/**
 * Signs in on the SMS-code form the page shows (the login page's, the referral's or the checkout's) as a person does:
 * the phone as typed (local form by default), the code from the dev outbox, the consent; then waits to leave the form.
 */
export async function signInWithCode(
  page: Page,
  baseUrl: string,
  phone: string,
  typed = `0${phone.slice(2)}`,
): Promise<void> {
  await page.getByTestId('login-phone').fill(typed);
  // A code sent to the phone less than a minute ago (a sign-in just before, as a journey that moves the clock does)
  // holds the button for the rest of the resend countdown, as it holds a person's thumb.
  await page.getByTestId('send-code').click({ timeout: 70_000 });
  await page.getByTestId('sms-code').fill(await waitForCode(baseUrl, phone));
  await page.getByTestId('consent').click();
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => !url.pathname.includes('login'));
}

// Debian's Chromium driven by playwright-core: never `playwright install`, which downloads a browser.
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';

export const PHONE_VIEWPORT = { width: 390, height: 844 };
export const screenshotDir = resolve(import.meta.dirname, '../../../../test-output/e2e');

/**
 * Debian's Chromium, headless. `fakeCamera`: a Y4M video (fake-camera.ts) the page's camera shows, looped, with the
 * permission granted as a borrower would grant it.
 */
export async function launchBrowser(options: { fakeCamera?: string } = {}): Promise<Browser> {
  const camera = options.fakeCamera
    ? [
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${options.fakeCamera}`,
      ]
    : [];
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      ...camera,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export async function phoneContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: PHONE_VIEWPORT,
    // 1, not a phone's 2-3: Chromium runs here without a GPU, and at 2 it paints (and photographs) four times the
    // pixels on every frame, CPU the journeys share on 2 cores (issue 24's CI budget). Layout is the same at any
    // ratio; the borrower's phone's sharpness is Lighthouse's to judge (lighthouse.e2e.ts emulates a phone).
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
    timezoneId: 'Asia/Jakarta',
  });
}

/** antd-mobile's overlays, which it animates in JavaScript (react-spring) as they open and close. */
const ANIMATED_OVERLAYS =
  '.adm-mask, .adm-popup, .adm-toast-mask, .adm-modal, .adm-dialog, .adm-action-sheet';

/** Saves a full-page screenshot named after the step, for people to look at. */
export async function snap(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  // A shown overlay's animation, which `animations: 'disabled'` cannot stop, is given time to settle so the picture
  // shows what a person sees; a page without one is taken at once (the wait was 400 ms on each of ~200 pictures a run;
  // closed overlays antd-mobile keeps in the page are hidden, and not waited for).
  if ((await page.locator(ANIMATED_OVERLAYS).filter({ visible: true }).count()) > 0)
    await page.waitForTimeout(400);
  await page.screenshot({ path: resolve(screenshotDir, `${name}.png`), fullPage: true });
}

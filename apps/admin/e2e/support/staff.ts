// Back-office journeys: a desktop Chromium window and the staff sign-in steps, driven as a person would.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { generate } from 'otplib';
import { expect } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { axeViolations } from '../../../web/e2e/support/page-checks.ts';

/** The back office is a desktop app: the smallest office laptop screen it is designed for. */
export const DESKTOP_VIEWPORT = { width: 1366, height: 768 };
const screenshotDir = resolve(import.meta.dirname, '../../../../test-output/e2e-admin');

export async function desktopContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    viewport: DESKTOP_VIEWPORT,
    locale: 'en-US',
    timezoneId: 'Asia/Jakarta',
  });
  // Playwright's own 30 s, as the borrower journeys: 10 s failed five steps in a row of a right journey in a loaded
  // clean-clone run (2026-11-29: the new member's one-time password, behind scrypt, three journeys at once on 2 cores).
  context.setDefaultTimeout(30_000);
  return context;
}

/**
 * Chooses `option` in the antd select labelled `label` inside `scope`, and waits until the select shows it (antd 6 puts
 * the chosen label in `.ant-select-content-has-value`). antd draws the options it shows without a role (its
 * role="option" copies are for screen readers, hidden). In two clean-clone runs on a loaded machine the click on the
 * option chose nothing (the staff form then sent no role, and the journey failed five steps later): the choice is made
 * again, at most three times, and the step fails if the select never shows it.
 */
export async function chooseOption(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  const shown = scope.locator('.ant-select-content-has-value', { hasText: option });
  for (let attempt = 1; ; attempt++) {
    if (!(await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').count()))
      await scope.getByRole('combobox', { name: label }).click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByTitle(option).click();
    try {
      await shown.waitFor({ timeout: 5000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/**
 * Opens the dropdown behind the button named `button` and chooses its item `item`. In one clean-clone run the open
 * menu closed under the click (the page's heading took it): the menu is opened and the item clicked again, at most
 * three times.
 */
export async function chooseFromDropdown(page: Page, button: string, item: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      const entry = page.getByRole('menuitem', { name: item });
      if (!(await entry.isVisible())) await page.getByRole('button', { name: button }).click();
      await entry.click({ timeout: 5000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/** The authenticator app's code for a secret, now or at a given time. */
export const totpCode = (secret: string, at?: Date) =>
  generate({ secret, ...(at ? { epoch: Math.floor(at.getTime() / 1000) } : {}) });

/**
 * The app's code once it is none of `used`: the server accepts a code once, so a second sign-in within the same 30 s
 * step as the first waits for the next step, as a person would (at most about 30 s).
 */
export async function unusedTotpCode(secret: string, used: readonly string[]): Promise<string> {
  const deadline = Date.now() + 40_000;
  for (;;) {
    const code = await totpCode(secret);
    if (!used.includes(code)) return code;
    if (Date.now() > deadline) throw new Error('the authenticator code did not change within 40 s');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

/**
 * axe's WCAG 2.1 A/AA rules (and the main-landmark ones) find nothing on the page as it is now; the page is
 * photographed for people to look at.
 */
export async function checkAdminPage(page: Page, name: string): Promise<void> {
  // antd animates modals, drawers and menus: let them settle so axe sees the final colours.
  await page.waitForTimeout(300);
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: resolve(screenshotDir, `${name}.png`) });
  expect(await axeViolations(page), `${name}: axe violations`).toEqual([]);
}

/** E-mail and password on the sign-in page. */
export async function enterCredentials(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/admin/');
  await page.getByLabel('Work e-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/**
 * Sets up the authenticator app from the key shown beside the QR code, confirms a first code and saves the recovery
 * codes; answers the secret and the codes.
 */
export async function enrolAuthenticator(
  page: Page,
  check?: (step: string) => Promise<void>,
): Promise<{ secret: string; recoveryCodes: string[]; usedCode: string }> {
  const secretText = page.getByTestId('totp-secret');
  await secretText.waitFor();
  await expect.poll(() => page.getByRole('img', { name: /QR code/ }).count()).toBe(1);
  const secret = (await secretText.innerText()).trim();
  await check?.('enrol-totp');
  const usedCode = await totpCode(secret);
  await page.getByLabel('Code from the app').fill(usedCode);
  await page.getByRole('button', { name: 'Confirm' }).click();
  const codes = page.getByTestId('recovery-codes');
  await codes.waitFor();
  const recoveryCodes = (await codes.locator('li').allInnerTexts()).map((c) => c.trim());
  await check?.('recovery-codes');
  const next = page.getByRole('button', { name: 'Continue' });
  // Not before the codes are saved.
  expect(await next.isDisabled()).toBe(true);
  await page.getByLabel('I saved them').check();
  await next.click();
  return { secret, recoveryCodes, usedCode };
}

/** The labels of the side menu's pages, in order. */
export async function menuPages(page: Page): Promise<string[]> {
  // The one navigation landmark (its name follows the language).
  const nav = page.getByRole('navigation');
  await nav.waitFor();
  return (await nav.getByRole('menuitem').allInnerTexts()).map((label) => label.trim());
}

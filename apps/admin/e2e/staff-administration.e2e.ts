// The back office's first day: the demo administrator signs in with a second factor, adds a risk reviewer and reads
// the audit log; the reviewer signs in with the one-time password, chooses their own, sets up their app and sees only
// their role's pages. Desktop Chromium at 1366x768; axe on every page visited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { menuTreeFor } from '@kaskita/domain/staff/menu-tree';
import { permissionsOf } from '@kaskita/domain/staff/permissions';
import { launchBrowser } from '../../web/e2e/support/browser.ts';
import { startServer, type RunningServer } from '../../web/e2e/support/server.ts';
import { DEMO_ADMINISTRATOR, signInContextAs, staffMember } from './support/staff-api.ts';
import {
  checkAdminPage,
  chooseFromDropdown,
  chooseOption,
  desktopContext,
  enrolAuthenticator,
  enterCredentials,
  menuPages,
  unusedTotpCode,
} from './support/staff.ts';

const REVIEWER = { email: 'rina.reviewer@kaskita.test', name: 'Rina Reviewer', password: 'Durian7Montong' };

describe('staff administration in the back office', () => {
  let server: RunningServer;
  let browser: Browser;
  let adminContext: BrowserContext;
  let admin: Page;
  let oneTimePassword = '';
  let adminSecret = '';
  /** The code the enrolment used: the server takes each code once. */
  let enrolCode = '';

  beforeAll(async () => {
    // npm start's path outside production: server.ts seeds the demo administrator (db/demo-seed.ts).
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    adminContext = await desktopContext(browser, server.baseUrl);
    admin = await adminContext.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the administrator signs in, sets up the authenticator app and keeps the recovery codes', async () => {
    await admin.goto('/admin/');
    await admin.waitForURL('**/admin/sign-in');
    await checkAdminPage(admin, '01-sign-in');
    await enterCredentials(admin, DEMO_ADMINISTRATOR.email, DEMO_ADMINISTRATOR.password);
    const { recoveryCodes, secret, usedCode } = await enrolAuthenticator(admin, (step) =>
      checkAdminPage(admin, `02-admin-${step}`),
    );
    adminSecret = secret;
    enrolCode = usedCode;
    expect(recoveryCodes).toHaveLength(10);
    await admin.getByRole('heading', { name: `Welcome, ${DEMO_ADMINISTRATOR.name}` }).waitFor();
    // The token is in sessionStorage only: nothing of the session outlives the window.
    expect(await admin.evaluate(() => JSON.stringify(localStorage))).not.toContain('token');
    expect(await admin.evaluate(() => sessionStorage.length)).toBeGreaterThan(0);
    expect(await menuPages(admin)).toEqual(
      menuTreeFor(permissionsOf('administrator'), 'en-US').flatMap((g) => g.pages.map((p) => p.label)),
    );
    await checkAdminPage(admin, '03-admin-home');
  });

  it('creates a risk reviewer, with a reason, and sees the one-time password once', async () => {
    await admin.getByRole('menuitem', { name: 'Staff' }).click();
    await admin.getByRole('heading', { name: 'Staff', level: 1 }).waitFor();
    await admin.getByRole('cell', { name: DEMO_ADMINISTRATOR.email }).waitFor();
    await checkAdminPage(admin, '04-staff');
    await admin.getByRole('button', { name: 'Add a staff member' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Add a staff member' });
    await dialog.getByLabel('Work e-mail').fill(REVIEWER.email);
    await dialog.getByLabel('Name').fill(REVIEWER.name);
    await chooseOption(admin, dialog, 'Role', 'Risk reviewer');
    await dialog.getByLabel(/^Reason/).fill('Joins the review queue on Monday');
    await checkAdminPage(admin, '05-staff-create');
    await dialog.getByRole('button', { name: 'Create' }).click();
    const shown = admin.getByTestId('one-time-password');
    await shown.waitFor();
    oneTimePassword = (await shown.innerText()).trim();
    expect(oneTimePassword).toMatch(/^[A-Za-z0-9]{16}$/);
    await checkAdminPage(admin, '06-staff-one-time-password');
    await admin.getByRole('button', { name: 'Done' }).click();
    const row = admin.getByRole('row', { name: new RegExp(REVIEWER.email) });
    await row.waitFor();
    expect(await row.innerText()).toContain('Not signed in yet');
  });

  it('finds the creation in the audit log, with its reason, and opens its detail', async () => {
    await admin.getByRole('menuitem', { name: 'Audit log' }).click();
    await admin.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
    const row = admin.getByRole('row', { name: /Joins the review queue on Monday/ });
    await row.waitFor();
    expect(await row.innerText()).toContain('staff.create');
    await checkAdminPage(admin, '07-audit');
    await row.click();
    const drawer = admin.getByRole('dialog');
    await drawer.getByText('Joins the review queue on Monday').waitFor();
    // The input and the state after, as the command kept them: the new member's role, never their name or e-mail.
    await expect.poll(() => drawer.getByText('"risk_reviewer"').count()).toBe(2);
    expect(await drawer.innerText()).not.toContain(REVIEWER.email);
    await checkAdminPage(admin, '08-audit-detail');
    await admin.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
  });

  it('the reviewer signs in with the one-time password, chooses their own, and sees only their pages', async () => {
    const context = await desktopContext(browser, server.baseUrl);
    const reviewer = await context.newPage();
    await enterCredentials(reviewer, REVIEWER.email, oneTimePassword);
    await enrolAuthenticator(reviewer);
    await reviewer.getByRole('heading', { name: 'Choose your own password' }).waitFor();
    await checkAdminPage(reviewer, '09-reviewer-change-password');
    await reviewer.getByLabel('One-time password').fill(oneTimePassword);
    await reviewer.getByLabel('New password', { exact: true }).fill(REVIEWER.password);
    await reviewer.getByLabel('New password again').fill(REVIEWER.password);
    await reviewer.getByRole('button', { name: 'Save password' }).click();
    await reviewer.getByRole('heading', { name: `Welcome, ${REVIEWER.name}` }).waitFor();
    const expected = menuTreeFor(permissionsOf('risk_reviewer'), 'en-US').flatMap((g) =>
      g.pages.map((p) => p.label),
    );
    expect(await menuPages(reviewer)).toEqual(expected);
    expect(expected).not.toContain('Staff');
    await checkAdminPage(reviewer, '10-reviewer-home');

    // A page the role does not open, typed in: "no access" (the server refuses its calls anyway).
    await reviewer.goto('/admin/staff');
    await reviewer.getByRole('heading', { name: 'No access' }).waitFor();
    await checkAdminPage(reviewer, '11-reviewer-no-access');

    // The language switch relabels the menu from the server's tree.
    await reviewer.getByText('ID', { exact: true }).click();
    await expect
      .poll(() => menuPages(reviewer))
      .toEqual(
        menuTreeFor(permissionsOf('risk_reviewer'), 'id-ID').flatMap((g) => g.pages.map((p) => p.label)),
      );
    await context.close();
  });

  it('an auditor set up through the API opens the audit log directly, read-only', async () => {
    const session = await admin.evaluate(() => sessionStorage.getItem('kaskita.admin.session'));
    const { token } = JSON.parse(session ?? '{}') as { token: string };
    const auditor = await staffMember(server.baseUrl, 'auditor', { adminToken: token });
    const context = await desktopContext(browser, server.baseUrl);
    await signInContextAs(context, auditor);
    const page = await context.newPage();
    await page.goto('/admin/audit');
    await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
    await page.getByRole('row', { name: /Joins the review queue on Monday/ }).waitFor();
    expect(await menuPages(page)).toEqual(
      menuTreeFor(permissionsOf('auditor'), 'en-US').flatMap((g) => g.pages.map((p) => p.label)),
    );
    await context.close();
  });

  it("signing out everywhere ends the session; signing in again asks for the app's code", async () => {
    await chooseFromDropdown(admin, 'Account', 'Sign out everywhere');
    await admin.waitForURL('**/admin/sign-in');
    await admin.getByLabel('Work e-mail').waitFor();
    expect(await admin.evaluate(() => sessionStorage.length)).toBe(0);

    // Signing in again asks for the app's code: a new one, even when this journey ran within the enrolment's 30 s step.
    await enterCredentials(admin, DEMO_ADMINISTRATOR.email, DEMO_ADMINISTRATOR.password);
    await admin.getByRole('heading', { name: 'Second step' }).waitFor();
    await checkAdminPage(admin, '12-admin-verify-totp');
    await admin.getByLabel('Code from the app').fill(await unusedTotpCode(adminSecret, [enrolCode]));
    await admin.getByRole('button', { name: 'Sign in' }).click();
    await admin.getByRole('heading', { name: `Welcome, ${DEMO_ADMINISTRATOR.name}` }).waitFor();
  });
});

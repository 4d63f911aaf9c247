// The review queue, end to end: a borrower's application goes to a person (this server sends every passed face check
// to review), the borrower's phone says a credit analyst is checking; a reviewer at a desk (1366x768) opens the queue,
// the application, and approves it with a limit; the borrower's home page (390x844) moves on to borrowing.
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { generate } from 'otplib';
import { apiPath } from '../../web/e2e/support/api-path.ts';
import { checkFaceThroughApi, completeProfile, tokenOf } from '../../web/e2e/support/borrower-setup.ts';
import { launchBrowser, snap } from '../../web/e2e/support/browser.ts';
import { useJourney, waitForCode } from '../../web/e2e/support/journey.ts';
import { waitForHydration } from '../../web/e2e/support/page-checks.ts';
import { checkAdminPage } from './support/staff.ts';
import { ktpCard, selfie } from '../../server/test/helpers/face-images.ts';

async function api<T>(
  base: string,
  id: Parameters<typeof apiPath>[0],
  body: Record<string, unknown> | FormData,
  token?: string,
  headers: Record<string, string> = {},
): Promise<T> {
  const json = !(body instanceof FormData);
  const res = await fetch(base + apiPath(id), {
    method: 'POST',
    headers: {
      os: '4',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(json ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: json ? JSON.stringify(body) : body,
  });
  const answer = (await res.json()) as { code: number; msg: string; data: T };
  if (answer.code !== 200) throw new Error(`${id} answered ${answer.code} ${answer.msg}`);
  return answer.data;
}

/** The demo administrator (it holds application.decide) signed in through the API, its authenticator set up. */
async function reviewerToken(base: string): Promise<string> {
  // apps/server/src/db/demo-seed.ts DEMO_ADMINISTRATOR (seeded outside production); not imported, as that pulls the
  // server's types into this browser-side project.
  const email = 'admin@kaskita.test';
  const password = 'BackOffice2026';
  const signedIn = await api<{ token: string }>(base, 'adminSignIn', { email, password });
  const { secret } = await api<{ secret: string }>(base, 'adminEnrolTotp', {}, signedIn.token);
  await api(base, 'adminConfirmTotp', { totp_code: await generate({ secret }) }, signedIn.token);
  return signedIn.token;
}

describe('the review queue', () => {
  const journey = useJourney({ CREDIT_DECISION_DELAY_SECONDS: '0', REVIEW_FACE_DISTANCE_FROM: '0' });

  it('a reviewer approves an application waiting in the queue, and the borrower home changes to approved', async () => {
    const { page } = journey;
    const base = journey.server.baseUrl;
    const phone = '6281277770042';

    // The borrower, on their phone: signed in, profile and checks done, application submitted.
    await page.goto('/login/main');
    await waitForHydration(page);
    await page.getByTestId('login-phone').fill(`0${phone.slice(2)}`);
    await page.getByTestId('send-code').click();
    await page.getByTestId('sms-code').fill(await waitForCode(base, phone));
    await page.getByTestId('consent').click();
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    const token = await tokenOf(page);
    await completeProfile(base, token, {
      nik: '3171011501900042',
      birthDate: '1990-01-15',
      ktpPhoto: await ktpCard('a'),
    });
    const whatsapp = '6281288880042';
    await api(base, 'sendWhatsappCode', { phone: whatsapp }, token);
    await api(
      base,
      'confirmWhatsapp',
      { phone: whatsapp, sms_code: await waitForCode(base, whatsapp) },
      token,
    );
    expect(await checkFaceThroughApi(base, token, await selfie('a'))).toBe('pass');
    await api(base, 'submitApplication', {}, token, { lon: '106.8271530', lat: '-6.1753924' });
    await page.goto('/home');
    await expect
      .poll(() => page.getByTestId('audit-countdown').innerText(), { timeout: 30_000 })
      .toMatch(/credit analyst is checking/);
    await snap(page, 'review-borrower-in-review');

    // The reviewer, at a desk.
    let desk: Browser | undefined;
    try {
      desk = await launchBrowser();
      const context = await desk.newContext({
        baseURL: base,
        viewport: { width: 1366, height: 768 },
        locale: 'en-US',
        timezoneId: 'Asia/Jakarta',
      });
      const session = { token: await reviewerToken(base), stage: 'ready', passwordChangeRequired: false };
      await context.addInitScript((value) => {
        sessionStorage.setItem('kaskita.admin.session', value);
      }, JSON.stringify(session));
      const staff = await context.newPage();
      await staff.goto('/admin/applications/review');
      await staff.getByRole('heading', { level: 1, name: 'Review queue' }).waitFor();
      await staff.getByRole('link', { name: 'Review' }).first().click();
      await staff.getByRole('heading', { level: 1, name: 'Application in review' }).waitFor();
      await staff.getByText('The selfie passed the face check only just').first().waitFor();
      // The selfie came without the live camera check (the fallback): a person compares it with the KTP photo.
      await staff
        .getByText('The selfie that passed was not taken with the live camera check', { exact: false })
        .first()
        .waitFor();
      await checkAdminPage(staff, 'review-queue');
      await snap(staff, 'review-application');
      await staff.getByTestId('approve').click();
      const dialog = staff.getByRole('dialog');
      await dialog.getByLabel('Limit (Rp)').fill('2000000');
      await dialog.getByRole('textbox', { name: /reason/i }).fill('payslip and selfie checked by phone');
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await staff.getByText('Approved.').waitFor();

      // The same borrower found by phone: masked in the list and on the record, the NIK revealed with a reason.
      await staff.goto('/admin/borrowers');
      await staff.getByLabel('Phone, name or NIK').fill(`0${phone.slice(2)}`);
      await staff.getByRole('button', { name: 'Search' }).click();
      await staff.getByRole('link', { name: 'Open' }).click();
      await staff.getByRole('heading', { level: 1, name: 'Borrower' }).waitFor();
      await expect.poll(() => staff.getByText('************0042').count()).toBe(1);
      expect(await staff.getByText('3171011501900042').count()).toBe(0);
      await checkAdminPage(staff, 'review-borrower');
      await staff.getByRole('button', { name: 'Reveal' }).nth(2).click();
      await staff
        .getByRole('dialog')
        .getByRole('textbox')
        .fill('borrower on the phone asked to check the NIK');
      await staff.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
      await staff.getByText('3171011501900042').waitFor();
      await snap(staff, 'review-borrower-record');
      await context.close();
    } finally {
      await desk?.close();
    }

    // The borrower's phone notices on its next poll and goes home: the loan product page.
    await page.getByTestId('page-loan-product').waitFor({ timeout: 30_000 });
    await snap(page, 'review-borrower-approved');
  });
});

// Complaints (issue 27): a visitor opens Help from a "contact customer service" link, reads the questions and the
// channels, signs in and comes back to the complaint form on the linked topic, files a complaint and follows its case
// (number, status, deadline); a customer-support member finds it in the back office's Complaints, takes it up and
// answers it; the borrower reads the answer in the app, and each step reached their phone by SMS. The borrower on a
// phone (390x844), staff at a desk (1366x768); axe on every page of both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { CallId } from '@kaskita/domain/contract/endpoints';
import { contractCall, type ContractCallOptions } from '../../web/e2e/support/contract-call.ts';
import { launchBrowser, phoneContext, snap } from '../../web/e2e/support/browser.ts';
import { waitForCode } from '../../web/e2e/support/journey.ts';
import { checkPageAtWidths, waitForHydration } from '../../web/e2e/support/page-checks.ts';
import { startServer, type RunningServer } from '../../web/e2e/support/server.ts';
import { signInContextAs, staffMember } from './support/staff-api.ts';
import { checkAdminPage, desktopContext } from './support/staff.ts';

const PHONE = '6281277770127';
const TEXT = 'A collector called me at 22:00 on Sunday and shouted at my mother.';
const ANSWER =
  'We listened to the call. The collector broke our rules and no longer works on your loan. We apologise.';

describe('complaints', () => {
  let server: RunningServer;
  let browser: Browser;
  let phone: Page;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    phone = await (await phoneContext(browser, server.baseUrl)).newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const call = <T>(id: CallId, options?: ContractCallOptions) => contractCall<T>(server.baseUrl, id, options);
  /** What the dev SMS provider received for the borrower, newest first. */
  const smsTexts = async () =>
    (await call<Array<{ text: string }>>('listDevOutbox', { query: { phone: PHONE } })).map((m) => m.text);

  it('a borrower files a complaint from Help and reads the answer customer support gives in the back office', async () => {
    // A visitor (a blocked borrower cannot sign in) still gets the questions and how to reach us.
    await phone.goto('/me/help?category=collection');
    await phone.getByTestId('page-me-help').waitFor();
    const question = phone.locator('[data-testid^="faq-"] summary').first();
    await question.click();
    expect(await phone.locator('[data-testid^="faq-"][open] p').first().innerText()).not.toBe('');
    expect(await phone.getByTestId('channel-phone').getAttribute('href')).toMatch(/^tel:\d+$/);
    expect(await phone.getByTestId('channel-whatsapp').getAttribute('href')).toMatch(
      /^https:\/\/wa\.me\/62\d+$/,
    );
    expect(await phone.getByTestId('channel-email').getAttribute('href')).toMatch(/^mailto:/);
    await checkPageAtWidths(phone, 'help-visitor');

    // Signing in from the page comes back to it, the form on the topic the link named.
    await phone.getByTestId('help-sign-in').getByRole('link').click();
    await phone.getByTestId('page-login').waitFor();
    await waitForHydration(phone);
    await phone.getByTestId('login-phone').fill(`0${PHONE.slice(2)}`);
    await phone.getByTestId('send-code').click();
    await phone.getByTestId('sms-code').fill(await waitForCode(server.baseUrl, PHONE));
    await phone.getByTestId('consent').click();
    await phone.getByTestId('login-submit').click();
    await phone.waitForURL((url) => url.pathname === '/me/help' && url.search === '?category=collection');
    const category = phone.getByTestId('complaint-category');
    await expect.poll(() => category.innerText()).toContain('Collection calls and messages');

    // Nothing typed: the form says so beside the field, and sends nothing.
    await phone.getByTestId('complaint-send').click();
    await phone.getByText('Please tell us what happened').waitFor();
    await phone.getByTestId('complaint-text').fill(TEXT);
    await checkPageAtWidths(phone, 'help-form');
    await phone.getByTestId('complaint-send').click();

    // The case's page: its number, received, and the deadline ten working days on.
    await phone.getByTestId('page-me-complaint').waitFor();
    const caseNumber = ((await phone.getByTestId('complaint-number').innerText()).match(/KP-[A-Z0-9]{7}/) ??
      [])[0]!;
    expect(caseNumber).toBeDefined();
    expect(await phone.getByTestId('complaint-status').innerText()).toBe('Received');
    expect(await phone.getByTestId('complaint-deadline').innerText()).toMatch(
      /^Answer by \d{1,2} \w+ \d{4} · 10 working days left$/,
    );
    await checkPageAtWidths(phone, 'complaint-filed');
    await expect
      .poll(async () => (await smsTexts()).join('\n'))
      .toContain(`we received your complaint, case ${caseNumber}`);
    // And it is listed under Help.
    await phone.getByRole('link', { name: 'Back to Help' }).click();
    await expect.poll(() => phone.getByTestId('my-complaint-number').first().innerText()).toBe(caseNumber);

    // Customer support, at a desk: the case is in Complaints with its deadline; they take it up and answer.
    const member = await staffMember(server.baseUrl, 'customer_support');
    const context = await desktopContext(browser, server.baseUrl);
    await signInContextAs(context, member);
    const desk = await context.newPage();
    await desk.goto('/admin/complaints');
    await desk.locator('.ant-table').waitFor();
    await desk.locator('[aria-busy="true"]').waitFor({ state: 'detached' });
    const row = desk.locator('tr', { has: desk.getByRole('link', { name: caseNumber }) });
    expect(await row.getByTestId('days-left').innerText()).toBe('(10 working days left)');
    await checkAdminPage(desk, 'complaints-list');
    await row.getByRole('link', { name: caseNumber }).click();
    await desk.getByTestId('complaint-status').waitFor();
    await expect.poll(() => desk.getByText(TEXT).count()).toBe(1);
    await desk.getByRole('button', { name: 'Take it up' }).click();
    await expect.poll(() => desk.getByTestId('complaint-status').innerText()).toBe('Being handled');
    await desk.getByLabel('Answer to the borrower').fill(ANSWER);
    await desk.getByRole('button', { name: 'Send answer' }).click();
    await expect.poll(() => desk.getByTestId('complaint-status').innerText()).toBe('Answered');
    await checkAdminPage(desk, 'complaint-answered');

    // The borrower's case page shows the answer, and their phone was told at each step.
    await phone.getByTestId('my-complaint').first().click();
    await phone.getByTestId('page-me-complaint').waitFor();
    await expect.poll(() => phone.getByTestId('complaint-status').innerText()).toBe('Answered');
    expect(await phone.getByTestId('complaint-event-answered-text').innerText()).toBe(ANSWER);
    await expect.poll(() => phone.getByTestId('complaint-event-started').count()).toBe(1);
    await snap(phone, 'complaint-answered');
    const sms = (await smsTexts()).join('\n');
    expect(sms).toContain(`we are handling your complaint ${caseNumber}`);
    expect(sms).toContain(`we have answered your complaint ${caseNumber}`);
    expect(sms).not.toContain('collector broke our rules');
  });
});

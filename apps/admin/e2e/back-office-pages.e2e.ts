// The back-office pages no other journey checks, each with axe (WCAG 2.1 A/AA) and a screenshot once it shows its
// content: products, caps, the propose and approve pages, a product; a borrower found and their record; disbursements,
// messages, feedback and a complaint; then, with the loan paid out and the dev clock moved past its first due date,
// collections, an overdue loan and the loan's page. The data comes from one borrower set up through the API. The demo
// administrator at a desk, 1366x768.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { generate } from 'otplib';
import type { CallId } from '@kaskita/domain/contract/endpoints';
import { PRIVACY_VERSION, TERMS_VERSION } from '@kaskita/domain/legal/versions';
import { businessDateAt, daysBetween } from '@kaskita/domain/pricing/business-date';
import { ktpCardOf } from '../../server/test/helpers/live-frames.ts';
import { contractCall, type ContractCallOptions } from '../../web/e2e/support/contract-call.ts';
import { approveThroughApi, completeProfile } from '../../web/e2e/support/borrower-setup.ts';
import { launchBrowser } from '../../web/e2e/support/browser.ts';
import { waitForCode } from '../../web/e2e/support/journey.ts';
import { startServer, type RunningServer } from '../../web/e2e/support/server.ts';
import { apiAdministrator, signInContextAs, type StaffMember } from './support/staff-api.ts';
import { checkAdminPage, chooseOption, desktopContext } from './support/staff.ts';

const PHONE = '6281277770301';
const COMPLAINT = 'The app charged me twice for the same instalment, please check';

describe('the back-office pages', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    // Decisions at once; the sandbox bank pays out only when told to (here, after the disbursements page is seen).
    [server, browser] = await Promise.all([
      startServer({ CREDIT_DECISION_DELAY_SECONDS: '0', DISBURSEMENT_SANDBOX_DELAY_SECONDS: '-1' }),
      launchBrowser(),
    ]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A call of the contract on this journey's server (support/contract-call.ts). */
  const call = <T>(id: CallId, options?: ContractCallOptions) => contractCall<T>(server.baseUrl, id, options);

  /** A desk signed in as the member, on its first page. */
  async function desk(member: StaffMember): Promise<Page> {
    const context = await desktopContext(browser, server.baseUrl);
    await signInContextAs(context, member);
    return context.newPage();
  }

  /**
   * The administrator signed in again once the dev clock has moved (their session ended with the idle time): the
   * server checks the authenticator code on its own clock, so the code is the one an app would show at that time.
   */
  async function signInAtServerTime(admin: StaffMember): Promise<StaffMember> {
    const { token } = await call<{ token: string }>('adminSignIn', {
      body: { email: admin.email, password: admin.password },
    });
    const clock = await call<{ now: string }>('getDevClock');
    const code = await generate({ secret: admin.secret, epoch: Math.floor(Date.parse(clock.now) / 1000) });
    await call('adminVerifyTotp', { token, body: { totp_code: code } });
    return { ...admin, token };
  }

  it('every page shows its content and passes axe, from products to an overdue loan', async () => {
    const base = server.baseUrl;

    // The borrower, through the API: signed in, approved, 2,000,000 over 3 months ordered, a complaint sent.
    await call('sendLoginCodeByPost', { body: { phone: PHONE } });
    const { token } = await call<{ token: string }>('login', {
      body: {
        phone: PHONE,
        sms_code: await waitForCode(base, PHONE),
        terms_version: TERMS_VERSION,
        privacy_version: PRIVACY_VERSION,
      },
    });
    await completeProfile(base, token, {
      nik: '3171011502900301',
      birthDate: '1990-02-15',
      ktpPhoto: await ktpCardOf('turnA'),
      cardNum: '1234567301',
    });
    await approveThroughApi(base, token, {
      whatsapp: PHONE.replace('7777', '8888'),
      waitForCode: (p) => waitForCode(base, p),
    });
    const order = { pid: 'cash-loan', money: '2000000', period: 'month-3-3', purpose_id: '101' };
    const agreement = await call<{ version: string }>('getLoanAgreement', { token, query: order });
    const loan = await call<{ order_id: string }>('createLoanOrder', {
      token,
      body: { ...order, agreement_version: agreement.version, agree: '1' },
    });
    await call('sendFeedback', { token, body: { kind: 'complaint', content: COMPLAINT } });

    const admin = await apiAdministrator(base);
    const page = await desk(admin);
    const heading = (name: string) => page.getByRole('heading', { level: 1, name, exact: true }).waitFor();

    // Products: the list, the caps, the propose form with a verdict, the approvals (none waiting), one product.
    await page.goto('/admin/products');
    await heading('Products and versions');
    await page.getByRole('link', { name: 'Pinjaman tunai (cash-loan)' }).waitFor();
    await checkAdminPage(page, 'pages-01-products');
    await page.goto('/admin/products/caps');
    await heading('Regulatory caps');
    await page.getByRole('cell', { name: 'seojk-2026-consumptive' }).waitFor();
    await checkAdminPage(page, 'pages-02-caps');
    await page.goto('/admin/products/proposals');
    await heading('Propose a product version');
    await chooseOption(page, page.locator('body'), 'Start from', 'Bayar nanti (pay-later)');
    await expect
      .poll(() => page.getByLabel('Product definition (JSON)').inputValue())
      .toContain('"id": "pay-later"');
    const today = businessDateAt(new Date());
    await page.getByLabel('First day (YYYY-MM-DD)').fill(today);
    await page.getByTestId('cap-verdict').getByText(`${today}: within the caps`).waitFor();
    await checkAdminPage(page, 'pages-03-propose');
    await page.goto('/admin/products/approvals');
    await heading('Approvals');
    // Nothing waits for this administrator (product-proposal.e2e.ts checks the page with a request on it).
    await page.getByRole('img', { name: 'No data' }).waitFor();
    await checkAdminPage(page, 'pages-04-product-approvals');
    await page.goto('/admin/products/cash-loan');
    await heading('Product cash-loan');
    await page.getByRole('heading', { level: 2, name: 'Version 0 Offered' }).waitFor();
    await checkAdminPage(page, 'pages-05-product');

    // The borrower found by phone, their record and its loans.
    await page.getByRole('menuitem', { name: 'Find a borrower' }).click();
    await heading('Find a borrower');
    await page.getByLabel('Phone, name or NIK').fill(`0${PHONE.slice(2)}`);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: 'Open' }).waitFor();
    await checkAdminPage(page, 'pages-06-borrowers');
    await page.getByRole('link', { name: 'Open' }).click();
    await heading('Borrower');
    await page.getByRole('tab', { name: 'Loans' }).click();
    await page.getByRole('tabpanel').getByText('Rp 2.000.000').waitFor();
    await checkAdminPage(page, 'pages-07-borrower-loans');

    // The loan waits for the bank: the disbursements page lists it.
    await page.goto('/admin/disbursements');
    await heading('Disbursements');
    await page.getByRole('link', { name: loan.order_id.slice(0, 8) }).waitFor();
    await checkAdminPage(page, 'pages-08-disbursements');
    // Its other tabs: failed payouts (none here) and tries the bank has not answered, with what "stuck" means.
    for (const [tab, shot] of [
      ['Failed', 'pages-08b-disbursements-failed'],
      ['Stuck', 'pages-08c-disbursements-stuck'],
    ] as const) {
      await page.getByRole('tab', { name: tab }).click();
      await page.waitForURL(new RegExp(`tab=${tab.toLowerCase()}`));
      // Empty here (the loan's try is pending and recent): the table says so once the server answered.
      await page.locator('.ant-table .ant-empty').waitFor();
      await checkAdminPage(page, shot);
    }

    // What was sent to the borrower (their codes masked), and their complaint.
    await page.goto('/admin/messages');
    await heading('Messages sent');
    await page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'Sent' }) })
      .first()
      .waitFor();
    await checkAdminPage(page, 'pages-09-messages');
    await page.goto('/admin/feedback');
    await heading('Feedback & complaints');
    await page.getByRole('link', { name: COMPLAINT }).waitFor();
    await checkAdminPage(page, 'pages-10-feedback');
    await page.getByRole('link', { name: COMPLAINT }).click();
    await heading('Complaint');
    await page.getByText(COMPLAINT).waitFor();
    await page.getByLabel('Reply to the borrower').waitFor();
    await checkAdminPage(page, 'pages-11-complaint');
    await page.context().close();

    // The bank pays out; the dev clock moves 3 days past the first due date (the daily jobs make the bill overdue).
    const { list } = await call<{ list: { id: string; status: string }[] }>('listDevDisbursements');
    const pending = list.find((d) => d.status === 'PENDING');
    expect(pending).toBeDefined();
    await call('completeDevDisbursement', { params: { id: pending!.id }, body: {} });
    type Bills = { business_date: string; nearest: { due_date: string } | null };
    let bills: Bills | undefined;
    // The sandbox bank's callback goes through the inbox: the bills are there once it is applied.
    await expect
      .poll(async () => {
        bills = await call<Bills>('getBills', { token, query: { type: '1' } });
        return bills.nearest !== null;
      })
      .toBe(true);
    for (let left = daysBetween(bills!.business_date, bills!.nearest!.due_date) + 3; left > 0; left -= 35)
      await call('advanceDevClock', { body: { days: Math.min(35, left) } });

    // Collections: the overdue loan in the first bucket, its collection page, and the loan's own page from there.
    const later = await desk(await signInAtServerTime(admin));
    const laterHeading = (name: string) =>
      later.getByRole('heading', { level: 1, name, exact: true }).waitFor();
    await later.goto('/admin/collections');
    await laterHeading('Collections');
    const overdue = later
      .getByRole('row')
      .filter({ has: later.getByRole('cell', { name: '3', exact: true }) });
    await overdue.waitFor();
    await checkAdminPage(later, 'pages-12-collections');
    await overdue.click();
    await laterHeading('Collection');
    await later.getByRole('cell', { name: '3 (1-30)' }).waitFor();
    await checkAdminPage(later, 'pages-13-collection-loan');
    await later.getByRole('link', { name: loan.order_id }).click();
    await laterHeading(`Loan ${loan.order_id}`);
    await later.getByRole('cell', { name: '3 (1-30)' }).waitFor();
    await checkAdminPage(later, 'pages-14-loan');
  });
});

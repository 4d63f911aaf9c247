// Repaying on a phone: a borrower disbursed through the sandbox bank pays the first bill by virtual account (the sandbox
// gateway pays the code, as a bank would) and sees it paid; the dev clock moves past the next due date: the bill is
// late with a late fee and the loan is in the history's overdue group; the late bill is paid by QRIS from the dev
// payments page; flexible repayment settles the whole loan from DANA (to the wallet and back) and the loan is paid off.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { daysBetween } from '@kaskita/domain/pricing/business-date';
import { ktpCardOf } from '../../server/test/helpers/live-frames.ts';
import { LOCAL_KEYS } from '../src/lib/storage-keys.ts';
import {
  apiAdministrator,
  signInAgain,
  staffMember,
  type StaffMember,
} from '../../admin/e2e/support/staff-api.ts';
import { apiPath } from './support/api-path.ts';
import { contractCall } from './support/contract-call.ts';
import { PHONE_VIEWPORT, snap } from './support/browser.ts';
import { approveThroughApi, completeProfile, tokenOf } from './support/borrower-setup.ts';
import { borrowOnHome } from './support/borrow-on-home.ts';
import { signInWithCode, useJourney, waitForCode } from './support/journey.ts';
import { checkPageAtWidths, waitForHydration } from './support/page-checks.ts';

const PHONE = '6281277770101';

describe('repayment', () => {
  const journey = useJourney({
    CREDIT_DECISION_DELAY_SECONDS: '0',
    DISBURSEMENT_SANDBOX_DELAY_SECONDS: '-1',
  });

  async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
    const res = await fetch(journey.server.baseUrl + path, {
      ...init,
      headers: { os: '4', 'content-type': 'application/json', ...init.headers },
    });
    const body = (await res.json()) as { code: number; msg: string; data: T };
    if (body.code !== 200) throw new Error(`${path} answered ${body.code} ${body.msg}`);
    return body.data;
  }

  /** Opens a page, signing in again first when the session ran out while the clock moved. */
  async function open(page: Page, path: string, testId: string) {
    await page.goto(path);
    const shown = page.getByTestId(testId);
    const login = page.getByTestId('page-login');
    await Promise.race([shown.waitFor({ timeout: 30_000 }), login.waitFor({ timeout: 30_000 })]);
    if (await login.isVisible()) {
      await waitForHydration(page);
      await signInWithCode(page, journey.server.baseUrl, PHONE);
      await page.goto(path);
      await shown.waitFor({ timeout: 30_000 });
    }
  }

  /** Pays the code the page shows through the sandbox gateway, as a bank would, and waits for the receipt. */
  async function payShownCode(page: Page) {
    await page.getByTestId('payment-code').waitFor();
    const codeId = new URL(page.url()).searchParams.get('code');
    expect(codeId).toBeTruthy();
    await api(apiPath('simulateDevPayment'), {
      method: 'POST',
      body: JSON.stringify({ external_id: codeId }),
    });
    // The page asks every 5 s; the signed callback applies the payment within a second.
    await page.getByTestId('payment-received').waitFor({ timeout: 30_000 });
    await page.getByTestId('receipt').waitFor({ timeout: 15_000 });
  }

  // The longest journey (about 95 s on 2 quiet cores, three journeys at a time): a time limit of its own.
  it('pays a bill by virtual account, falls late after the due date, pays it by QRIS, and settles the loan early from DANA', async () => {
    const { page } = journey;
    const base = journey.server.baseUrl;

    // An approved borrower borrows 2,000,000 over 3 months; the sandbox bank pays it out.
    await page.goto('/login/main');
    await waitForHydration(page);
    await signInWithCode(page, journey.server.baseUrl, PHONE);
    const token = await tokenOf(page);
    await completeProfile(base, token, {
      nik: '3171011502900101',
      birthDate: '1990-02-15',
      ktpPhoto: await ktpCardOf('turnA'),
      cardNum: '1234567101',
    });
    await approveThroughApi(base, token, {
      whatsapp: PHONE.replace('7777', '8888'),
      waitForCode: (p) => waitForCode(base, p),
    });
    await borrowOnHome(page, { amount: '2.000.000', tenor: 'month-3-3' });
    // The disbursement job hands the money to the sandbox bank, which waits for us to finish it.
    let disbursement: { id: string } | undefined;
    await expect
      .poll(
        async () => {
          const list = await api<{ list: { id: string; status: string }[] }>(apiPath('listDevDisbursements'));
          disbursement = list.list.find((d) => d.status === 'PENDING');
          return Boolean(disbursement);
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    await api(apiPath('completeDevDisbursement', { params: { id: disbursement!.id } }), {
      method: 'POST',
      body: '{}',
    });

    // The bills page asks for its bills as soon as its route is known, not once its chunk has arrived (issue 23): the
    // chunk is held until the request has left (at most 10 s), and the request must have left while it was held.
    const billsAsked = page.waitForRequest((r) => r.url().includes(apiPath('getBills').split('?')[0]!), {
      timeout: 10_000,
    });
    let askedBeforeChunk: boolean | undefined;
    await page.route('**/assets/repayment-pages-*.js', async (route) => {
      askedBeforeChunk ??= await billsAsked.then(
        () => true,
        () => false,
      );
      await route.continue();
    });
    await page.goto('/bill');
    await page.getByTestId('nearest-amount').waitFor({ timeout: 30_000 });
    await page.unrouteAll();
    expect(askedBeforeChunk).toBe(true);

    // Home routes to pay-back: the first bill in large type, and the way to a repayment code.
    await open(page, '/home', 'page-pay-back');
    await expect.poll(() => page.getByTestId('nearest-bill').innerText()).toMatch(/Bill 1 of 3/);
    await snap(page, '70-pay-back');
    await checkPageAtWidths(page, '70-pay-back');
    await page.getByTestId('get-code').click();
    await page.waitForURL('**/home/pay-back-methods?type=instalment');
    await page.getByTestId('channel-VA_BCA').waitFor();
    await snap(page, '71-pay-back-methods');
    await checkPageAtWidths(page, '71-pay-back-methods');
    await page.getByTestId('channel-VA_BCA').click();
    await page.waitForURL('**/home/pay-back-methods?type=instalment&code=*');
    await page.getByTestId('payment-code').waitFor();
    expect(await page.getByTestId('code-expires').innerText()).toMatch(/WIB$/);
    await snap(page, '72-payment-code');
    await checkPageAtWidths(page, '72-payment-code');
    await payShownCode(page);
    await expect.poll(() => page.getByTestId('receipt-bills').innerText()).toBe('1');
    await snap(page, '73-payment-received');
    await checkPageAtWidths(page, '73-payment-received');
    const firstPayment = (await page.getByTestId('receipt-amount').innerText()).replace(/\D/g, '');

    // Back to the bills: bill 1 paid, bill 2 next.
    await page.getByTestId('back-to-bills').click();
    await page.waitForURL('**/bill');
    await expect.poll(() => page.getByTestId('nearest-bill').innerText()).toMatch(/Bill 2 of 3/);
    expect(await page.getByTestId('paid-bills').innerText()).toMatch(/Bill 1/);
    await snap(page, '74-bills');
    await checkPageAtWidths(page, '74-bills');

    // "Paid but not credited?" for the payment just made: it is found at once and its receipt pointed at.
    await page.getByTestId('claim-link').click();
    await page.waitForURL('**/bill?claim=1*');
    await page.getByTestId('claim-channel').click();
    await page.getByTestId('claim-channel-option-VA_BCA').click();
    await page
      .getByTestId('claim-time')
      .fill(await page.evaluate(() => new Date().toTimeString().slice(0, 5)));
    await page.getByTestId('claim-amount').fill(firstPayment);
    await snap(page, '74a-payment-claim');
    await checkPageAtWidths(page, '74a-payment-claim');
    await page.getByTestId('claim-send').click();
    await page.getByTestId('claim-filed').waitFor();
    expect(await page.getByTestId('claim-filed').getAttribute('data-status')).toBe('credited');
    expect(await page.getByTestId('claim-filed-case').innerText()).toMatch(/^KK-[0-9A-Z]{7}$/);
    await page.getByTestId('payment-claim').waitFor();
    await page.goBack();
    await page.getByTestId('nearest-bill').waitFor();

    // The clock moves past bill 2's due date (in steps of 35 days): late, with a late fee.
    const bills = await api<{
      business_date: string;
      nearest: { due_date: string };
      loan: { order_id: string } | null;
    }>(apiPath('getBills', { query: { type: '1' } }), {
      headers: { authorization: `Bearer ${await tokenOf(page)}` },
    });
    const late = daysBetween(bills.business_date, bills.nearest.due_date) + 3;
    for (let left = late; left > 0; left -= 35)
      await api(apiPath('advanceDevClock'), {
        method: 'POST',
        body: JSON.stringify({ days: Math.min(35, left) }),
      });
    await open(page, '/bill', 'nearest-bill');
    expect(await page.getByTestId('nearest-bill').getAttribute('data-state')).toBe('overdue');
    expect(await page.getByTestId('nearest-late').innerText()).toMatch(/^\d+ days? late$/);
    expect(await page.getByTestId('nearest-late-fee').innerText()).toMatch(/Late fee: Rp\s?[1-9]/);
    await snap(page, '75-bill-overdue');
    await checkPageAtWidths(page, '75-bill-overdue');

    // Every bill of the three-instalment loan in one table (paid, late, not due yet) fits a 320 px phone with no state
    // label cut. Checked in Indonesian, whose labels are the longest ("Belum jatuh tempo").
    await open(page, '/home/pay-back-detail', 'page-pay-back-detail');
    expect(await page.getByTestId('bill-state').allInnerTexts()).toEqual([
      'Paid',
      expect.stringMatching(/^\d+ days? late$/),
      'Not due yet',
    ]);
    await page.evaluate((key) => localStorage.setItem(key, 'id-ID'), LOCAL_KEYS.locale);
    await open(page, '/home/pay-back-detail', 'page-pay-back-detail');
    await expect.poll(() => page.getByTestId('bill-state').last().innerText()).toBe('Belum jatuh tempo');
    await snap(page, '75a-pay-back-detail');
    await checkPageAtWidths(page, '75a-pay-back-detail');
    await page.setViewportSize({ width: 320, height: PHONE_VIEWPORT.height });
    await page.waitForTimeout(100);
    const cut = await page.evaluate(() => {
      const table = document.querySelector('[data-testid="bills-table"]')!;
      return {
        tableBeyondCard:
          table.getBoundingClientRect().right > table.parentElement!.getBoundingClientRect().right,
        statesCut: Array.from(document.querySelectorAll('[data-testid="bill-state"]'))
          .filter((el) => el.scrollWidth > el.clientWidth)
          .map((el) => el.textContent),
      };
    });
    expect(cut, 'pay-back detail at 320 px').toEqual({ tableBeyondCard: false, statesCut: [] });
    await page.setViewportSize(PHONE_VIEWPORT);
    await page.evaluate((key) => localStorage.setItem(key, 'en-US'), LOCAL_KEYS.locale);

    await open(page, '/me/loan-history', 'page-loan-history');
    expect(await page.getByTestId('history-overdue').innerText()).toMatch(/1 bill overdue · \d+ days? late/);
    await snap(page, '76-loan-history-overdue');
    await checkPageAtWidths(page, '76-loan-history-overdue');

    // A collector calls about the late bill in the borrower's hours (10:00 in Jakarta, Monday to Saturday, not a
    // holiday: the dev clock moves on to such a morning). The loan's page lists the call with its time, channel and the
    // collector's code; one tap opens a complaint about that very call, which the desk sees flagged for compliance.
    const orderId = bills.loan!.order_id;
    const toTenInJakarta = (days: number) =>
      api(apiPath('advanceDevClock'), { method: 'POST', body: JSON.stringify({ days, at_wib: '10:00' }) });
    const mayContact = async (member: StaffMember) =>
      (
        await contractCall<{ may_contact_now: boolean }>(base, 'getCollectionLoan', {
          token: member.token,
          params: { id: orderId },
        })
      ).may_contact_now;
    await toTenInJakarta(0);
    // Created once the clock has moved: a staff session does not outlive hours of dev clock.
    let collector = await staffMember(base, 'collector');
    for (let tries = 0; !(await mayContact(collector)) && tries < 3; tries++) {
      await toTenInJakarta(1);
      collector = await signInAgain(base, collector);
    }
    await contractCall(base, 'recordCollectionContact', {
      token: collector.token,
      params: { id: orderId },
      body: { channel: 'call', outcome: 'reached', note: 'Reminded of bill 2; will pay this week' },
    });
    await open(page, '/me/loan-history', 'page-loan-history');
    await page.getByTestId('history-overdue').getByTestId('history-loan').click();
    await page.getByTestId('collection-contact').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('collection-contact').innerText()).toMatch(/10:0\d WIB · Call · we spoke/);
    await snap(page, '76b-collection-log');
    await checkPageAtWidths(page, '76b-collection-log');
    await page.getByTestId('collection-complain').click();
    await page.getByTestId('complaint-about-contact').waitFor();
    await waitForHydration(page);
    // The form opens on the collection topic (as the complaints journey waits for it), then takes the text.
    const topic = page.getByTestId('complaint-category');
    await expect.poll(() => topic.innerText()).toContain('Collection calls and messages');
    const text = page.getByTestId('complaint-text');
    const typed = 'The collector called me three times this morning.';
    await text.fill(typed);
    await expect.poll(() => text.inputValue()).toBe(typed);
    await snap(page, '76c-complaint-about-contact');
    await page.getByTestId('complaint-send').click();
    // The case page, or what the form said instead (so a refusal is named, not a time-out).
    const filed = page.getByTestId('page-me-complaint');
    const said = page.locator('section[aria-labelledby="kk-help-file"] [role="alert"]').first();
    await Promise.race([filed.waitFor({ timeout: 60_000 }), said.waitFor({ timeout: 60_000 })]);
    if (!(await filed.isVisible())) throw new Error(`the complaint was not filed: ${await said.innerText()}`);
    const caseNumber = (await page.getByTestId('complaint-number').innerText()).match(/KP-[A-Z0-9]{7}/)![0];
    const desk = await contractCall<{ items: Array<{ case_number: string; compliance: boolean }> }>(
      base,
      'listComplaints',
      {
        token: (await signInAgain(base, await apiAdministrator(base))).token,
        query: { case_number: caseNumber },
      },
    );
    expect(desk.items).toEqual([expect.objectContaining({ case_number: caseNumber, compliance: true })]);

    // The late bill paid by QRIS: the code page draws the QR image to scan or save; a QRIS app pays it (the sandbox
    // gateway's dev page, opened in another tab as a second phone would scan it) and the receipt follows.
    await open(page, '/home/pay-back-methods?type=instalment', 'channel-QRIS');
    await page.getByTestId('channel-QRIS').click();
    await page.waitForURL('**/home/pay-back-methods?type=instalment&code=*');
    const qr = page.getByTestId('code-qr-image');
    await qr.waitFor();
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth >= 264)).toBe(true);
    expect(await page.getByTestId('save-qr').getAttribute('download')).toMatch(/^kaskita-qris-\d+\.png$/);
    await snap(page, '76a-qris-code');
    await checkPageAtWidths(page, '76a-qris-code');
    const qrisCode = new URL(page.url()).searchParams.get('code')!;
    const shown = await page.getByTestId('code-qr').getAttribute('data-qr');
    const scanner = await page.context().newPage();
    await scanner.setViewportSize({ width: 1280, height: 800 });
    await scanner.goto(`${base}/dev/payments`);
    const row = scanner.locator(`tr[data-id="${qrisCode}"]`);
    expect(await row.locator('.number span').innerText()).toBe(shown);
    await row.getByRole('button', { name: 'Pay' }).click();
    await scanner.waitForURL('**/dev/payments');
    await scanner.close();
    await page.getByTestId('payment-received').waitFor({ timeout: 30_000 });
    await page.getByTestId('receipt').waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByTestId('receipt-bills').innerText()).toBe('2');

    // Flexible repayment: today's amount settles the whole loan.
    await open(page, '/activity/flexible-repayment-introduce', 'page-flexible-introduce');
    await snap(page, '77-flexible-introduce');
    await checkPageAtWidths(page, '77-flexible-introduce');
    await page.getByTestId('flex-try').click();
    await page.getByTestId('flex-amount').waitFor();
    await snap(page, '78-flexible');
    await checkPageAtWidths(page, '78-flexible');
    const digits = (text: string) => text.replace(/\D/g, '');
    const settle = digits(await page.getByTestId('settle-now').innerText());
    await page.getByTestId('settle-now').click();
    await page.waitForURL('**/home/pay-back-methods?type=settlement');
    // The code is asked for the amount the calculator showed for today.
    expect(digits(await page.getByTestId('methods-amount').innerText())).toBe(settle);
    // Paid from DANA: the pay page leads to the wallet (the sandbox's checkout), which pays and brings the borrower
    // back to the same page, where the receipt follows.
    await page.getByTestId('channel-EWALLET_DANA').click();
    await page.getByTestId('wallet-checkout').click();
    await page.waitForURL('**/dev/ewallet/*');
    expect(digits(await page.getByTestId('wallet-amount').innerText())).toBe(settle);
    await page.getByTestId('wallet-pay').click();
    await page.waitForURL('**/home/pay-back-methods?code=*');
    await page.getByTestId('payment-received').waitFor({ timeout: 30_000 });
    await page.getByTestId('receipt').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('receipt-remaining').innerText()).toBe('Your loan is paid off');

    await open(page, '/me/loan-history', 'page-loan-history');
    await page.getByTestId('history-paid_off').waitFor();
    expect(await page.getByTestId('history-overdue').count()).toBe(0);
    await open(page, '/me/repayment-history', 'page-repayment-history');
    await expect.poll(() => page.getByTestId('record').count()).toBe(3);
    await snap(page, '79-repayment-history');
    await checkPageAtWidths(page, '79-repayment-history');
  }, 360_000);
});

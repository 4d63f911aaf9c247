// Borrowing on a phone: an approved borrower picks amount, tenor and purpose, reads the whole plan and the agreement,
// accepts, sees the loan on its way, and the sandbox bank (the dev page) completes it: pay-back. A second borrower's
// bank refuses the account (name mismatch): the failure modal, add-bank with a DANA e-wallet instead, disbursed there.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ktpCardOf } from '../../server/test/helpers/live-frames.ts';
import { snap } from './support/browser.ts';
import { apiPath } from './support/api-path.ts';
import { approveThroughApi, completeProfile, tokenOf } from './support/borrower-setup.ts';
import { useJourney, waitForCode } from './support/journey.ts';
import { checkPageAtWidths, waitForHydration } from './support/page-checks.ts';

describe('borrowing and disbursement', () => {
  // Decisions at once; the sandbox bank answers only when the dev page tells it to.
  const journey = useJourney({
    CREDIT_DECISION_DELAY_SECONDS: '0',
    DISBURSEMENT_SANDBOX_DELAY_SECONDS: '-1',
  });

  async function approvedBorrower(
    page: Page,
    phone: string,
    nik: string,
    birthDate: string,
    cardNum: string,
  ) {
    const base = journey.server.baseUrl;
    await page.goto('/login/main');
    await waitForHydration(page);
    await page.getByTestId('login-phone').fill(`0${phone.slice(2)}`);
    await page.getByTestId('send-code').click();
    await page.getByTestId('sms-code').fill(await waitForCode(base, phone));
    await page.getByTestId('consent').click();
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    const token = await tokenOf(page);
    await completeProfile(base, token, { nik, birthDate, ktpPhoto: await ktpCardOf('turnA'), cardNum });
    await approveThroughApi(base, token, {
      whatsapp: phone.replace('7777', '8888'), // another number than the login phone
      waitForCode: (p) => waitForCode(base, p),
    });
  }

  /** The sandbox bank's dev page: finish the newest pending disbursement (sent to `to`, when given). */
  async function bankFinishes(page: Page, outcome: 'Complete' | 'Fail', to?: string) {
    const bank = await page.context().newPage();
    await bank.setViewportSize({ width: 1280, height: 800 }); // a desk tool, not a phone page
    await bank.goto('/dev/disbursements');
    const row = bank.locator('tr.pending').first();
    await row.waitFor();
    if (to) expect(await row.innerText()).toContain(to);
    await row.getByRole('button', { name: outcome }).click();
    await bank.waitForURL('**/dev/disbursements');
    await bank.close();
  }

  /** The server's answer code to the plan of an amount on a tenor: what an order of it would meet. */
  async function planCode(page: Page, money: number, period: string): Promise<number> {
    const token = await tokenOf(page);
    const url = apiPath('getLoanPlan', { query: { pid: 'cash-loan', money: String(money), period } });
    return page.evaluate(
      async ([u, tok]) => {
        const res = await fetch(u!, { headers: { Authorization: `Bearer ${tok}` } });
        return ((await res.json()) as { code: number }).code;
      },
      [url, token],
    );
  }

  /**
   * A few random tenors and amounts: whatever is typed, the form settles on an amount the server accepts for the
   * tenor, at most the tenor's stated maximum, and one step above that maximum the server refuses.
   */
  async function formOffersOnlyAccepted(page: Page) {
    const tenors = page.locator('[role="radio"][data-testid^="loan-tenor-"]');
    const count = await tenors.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < 4; i++) {
      const tenor = tenors.nth(Math.floor(Math.random() * count));
      const period = (await tenor.getAttribute('data-testid'))!.replace('loan-tenor-', '');
      await tenor.click();
      const typed = 400_000 + Math.floor(Math.random() * 300) * 100_000 + Math.floor(Math.random() * 100_000);
      await page.getByTestId('loan-amount').fill(String(typed));
      await page.getByTestId('loan-amount').press('Enter');
      const max = Number(await page.getByTestId('loan-max-for-tenor').getAttribute('data-max'));
      const chosen = Number((await page.getByTestId('loan-amount').inputValue()).replace(/\D/g, ''));
      const pick = `${period}, typed ${typed}: chose ${chosen}, max ${max}`;
      expect(chosen, pick).toBeLessThanOrEqual(max);
      expect(await planCode(page, chosen, period), pick).toBe(200);
      expect(await planCode(page, max, period), pick).toBe(200);
      if (max + 100_000 <= 30_000_000)
        expect(await planCode(page, max + 100_000, period), pick).not.toBe(200);
    }
    await tooMuchByLink(page);
  }

  /**
   * A plan link asking more than the income allows (a stale or hand-edited link): the refusal stays on the page with the
   * largest amount allowed and a way back to the form, not a toast that vanishes.
   */
  async function tooMuchByLink(page: Page) {
    const tenor = page.locator('[role="radio"][data-testid^="loan-tenor-"]').last();
    const period = (await tenor.getAttribute('data-testid'))!.replace('loan-tenor-', '');
    await tenor.click();
    const max = Number(await page.getByTestId('loan-max-for-tenor').getAttribute('data-max'));
    const asked = max + 1_000_000;
    await page.goto(`/home/borrowing-plan?pid=cash-loan&money=${asked}&period=${period}&purpose_id=101`);
    const refused = page.getByTestId('plan-refused');
    await refused.waitFor();
    const allowed = await page.getByTestId('plan-allowed-range').innerText();
    const amounts = (allowed.match(/\d[\d.]*/g) ?? []).map((a) => Number(a.replace(/\./g, '')));
    expect(amounts.at(-1), allowed).toBeLessThanOrEqual(max);
    await page.waitForTimeout(4000);
    expect(await refused.isVisible()).toBe(true);
    expect(await page.locator('.adm-toast-main').count()).toBe(0);
    await refused.getByRole('link').click();
    await page.getByTestId('borrow-form').waitFor();
  }

  async function borrow(page: Page, shotPrefix?: string) {
    await page.goto('/home');
    await page.getByTestId('page-loan-product').waitFor({ timeout: 30_000 });
    await page.getByTestId('borrow-form').waitFor();
    if (shotPrefix) await formOffersOnlyAccepted(page);
    await page.getByTestId('loan-tenor-month-3-3').click();
    await page.getByTestId('loan-amount').fill('2.000.000');
    await page.getByTestId('loan-amount').press('Enter');
    // The sheet opens on the kinds, or on the purposes of the kind already chosen (a kept choice).
    await page.getByTestId('loan-purpose').click();
    const kind = page.getByTestId('loan-purpose-kind-1');
    const groceries = page.getByTestId('loan-purpose-option-101');
    await kind.or(groceries).first().waitFor();
    if (await kind.isVisible()) await kind.click();
    await groceries.click();
    await expect.poll(() => page.getByTestId('loan-estimate').getAttribute('data-current')).toBe('true');
    expect(await page.getByTestId('loan-estimate').innerText()).toMatch(
      /^3 instalments, the first Rp\s?[\d.]+ on \d\d\/\d\d\/\d{4}/,
    );
    // A reload (Android ends a page in the background) keeps the choice.
    await page.reload();
    await page.getByTestId('borrow-form').waitFor();
    expect(await page.getByTestId('loan-amount').inputValue()).toBe('2.000.000');
    expect(await page.getByTestId('loan-tenor-month-3-3').getAttribute('aria-checked')).toBe('true');
    expect(await page.getByTestId('loan-purpose').innerText()).toMatch(/Groceries/);
    if (shotPrefix) {
      await snap(page, `${shotPrefix}-loan-product`);
      await checkPageAtWidths(page, `${shotPrefix}-loan-product`);
    }
    await page.getByTestId('see-plan').click();
    await page.waitForURL('**/home/borrowing-plan**');
    await expect.poll(() => page.getByTestId('plan-received').innerText()).toMatch(/Rp\s?2\.000\.000/);
    await expect.poll(() => page.getByTestId('plan-instalment').count()).toBe(3);
    if (shotPrefix) {
      await snap(page, `${shotPrefix}-borrowing-plan`);
      await checkPageAtWidths(page, `${shotPrefix}-borrowing-plan`);
    }
    // The agreement must be opened before it can be accepted.
    expect(await page.getByTestId('submit-loan').isDisabled()).toBe(true);
    await page.getByTestId('open-agreement').click();
    // Read means loaded: closing the sheet before the text arrives leaves the agreement unread (the box stays disabled).
    await page.getByTestId('agreement-pdf').waitFor();
    await expect
      .poll(() => page.getByTestId('agreement').innerText())
      .toMatch(/LOAN AGREEMENT|PERJANJIAN PINJAMAN/);
    if (shotPrefix) await snap(page, `${shotPrefix}-agreement`);
    await page.getByTestId('agreement-close').click();
    await page.getByTestId('agree').click();
    await page.getByTestId('submit-loan').click();
    await page.waitForURL('**/loan/loan-success**');
    await page.getByTestId('page-loan-success').waitFor();
    await expect.poll(() => page.getByTestId('order-received').innerText()).toMatch(/Rp\s?2\.000\.000/);
  }

  it('an approved borrower borrows, sees the loan on its way, and is disbursed through the sandbox bank', async () => {
    const { page } = journey;
    await approvedBorrower(page, '6281277770001', '3171011502900001', '1990-02-15', '1234567890');
    await page.goto('/home');
    await page.getByTestId('page-loan-product').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('limit-available').innerText()).toMatch(/\d/);
    const before = Number((await page.getByTestId('limit-available').innerText()).replace(/\D/g, ''));
    await borrow(page, '60');
    await snap(page, '63-loan-success');

    // In the app from here on, no reload: what home shows must come from the cache being refreshed.
    await page.getByTestId('to-home').click();
    await page.getByTestId('page-loaning').waitFor({ timeout: 30_000 });
    await snap(page, '64-loaning');
    await checkPageAtWidths(page, '64-loaning');

    await bankFinishes(page, 'Complete');
    // The loaning page follows the order: once disbursed, home routes to pay-back, the first bill up next.
    await page.getByTestId('page-pay-back').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('nearest-bill').innerText()).toMatch(/Bill 1 of 3/);
    // The new available limit at once: the Rp 2.000.000 lent is no longer available.
    await expect
      .poll(() =>
        page
          .getByTestId('available-amount')
          .innerText()
          .then((x) => Number(x.replace(/\D/g, ''))),
      )
      .toBe(before - 2_000_000);
    await snap(page, '65-pay-back');
    await checkPageAtWidths(page, '65-pay-back');

    // The agreement signed stays the borrower's: from the loan's detail, its number, time and fingerprint, and the PDF
    // downloaded is the very one accepted (its SHA-256 is the one stored with the order).
    await page.goto('/me/loan-history');
    await page.getByTestId('history-loan').first().click();
    await page.getByTestId('loan-agreement-link').click();
    await page.getByTestId('signed-agreement').waitFor();
    const shownHash = (await page.getByTestId('signed-sha256').innerText()).trim();
    const orderId = (await page.getByTestId('signed-number').innerText()).trim();
    expect(page.url()).toContain(`order_id=${orderId}`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('signed-agreement-pdf').click(),
    ]);
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(createHash('sha256').update(pdf).digest('hex')).toBe(shownHash);
    await snap(page, '66-signed-agreement');
    await checkPageAtWidths(page, '66-signed-agreement');
  });

  it('a name mismatch shows the failure modal, and the loan is received in a DANA e-wallet instead', async () => {
    const { page } = journey;
    await page.evaluate(() => localStorage.clear());
    await approvedBorrower(page, '6281277770002', '3171012003900002', '1990-03-20', '9876543222');
    await borrow(page);
    await bankFinishes(page, 'Fail'); // the reason defaults to ACCOUNT_NAME_MISMATCH

    await page.goto('/home');
    await page.getByTestId('loan-failed-dialog').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('loan-failed-reason').innerText()).toMatch(/does not match/);
    await snap(page, '66-failure-modal');
    await page.getByRole('button', { name: 'Correct my bank account' }).click();
    await page.waitForURL('**/home/add-bank**');
    await page.getByTestId('page-bank-correction').waitFor();
    // An e-wallet in the borrower's own name: its account is the phone it is registered to.
    await page.getByTestId('bank-bank').click();
    await page.getByTestId('bank-bank-search').fill('e-wallet');
    await page.getByTestId('bank-bank-option-DANA').click();
    await page.getByText('Phone number registered with DANA').waitFor();
    await page.getByTestId('bank-card-num').fill('081234560077');
    await snap(page, '67-add-bank-correction');
    await checkPageAtWidths(page, '67-add-bank-correction');
    await page.getByTestId('bank-correction-submit').click();
    await page.waitForURL('**/home/loaning**', { timeout: 30_000 });

    await bankFinishes(page, 'Complete', 'DANA ****0077');
    await page.getByTestId('page-pay-back').waitFor({ timeout: 30_000 });
    await snap(page, '68-pay-back-after-correction');
  });
});

// Borrowing on a phone: an approved borrower picks amount, tenor and purpose, reads the whole plan and the agreement,
// accepts, sees the loan on its way, and the sandbox bank (the dev page) completes it: pay-back. A second borrower's
// bank refuses the account (name mismatch): the failure modal, add-bank with a corrected account, disbursed.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ktpCard, selfie } from '../../server/test/helpers/face-images.ts';
import { snap } from './support/browser.ts';
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
    await completeProfile(base, token, { nik, birthDate, ktpPhoto: await ktpCard('a'), cardNum });
    await approveThroughApi(base, token, {
      whatsapp: phone.replace('7777', '8888'), // another number than the login phone
      selfie: await selfie('a'),
      waitForCode: (p) => waitForCode(base, p),
    });
  }

  /** The sandbox bank's dev page: finish the newest pending disbursement. */
  async function bankFinishes(page: Page, outcome: 'Complete' | 'Fail') {
    const bank = await page.context().newPage();
    await bank.setViewportSize({ width: 1280, height: 800 }); // a desk tool, not a phone page
    await bank.goto('/dev/disbursements');
    const row = bank.locator('tr.pending').first();
    await row.waitFor();
    await row.getByRole('button', { name: outcome }).click();
    await bank.waitForURL('**/dev/disbursements');
    await bank.close();
  }

  async function borrow(page: Page, shotPrefix?: string) {
    await page.goto('/home');
    await page.getByTestId('page-loan-product').waitFor({ timeout: 30_000 });
    await page.getByTestId('borrow-form').waitFor();
    await page.getByTestId('loan-amount').fill('2.000.000');
    await page.getByTestId('loan-amount').press('Enter');
    await page.getByTestId('loan-tenor-month-3-3').click();
    await page.getByTestId('loan-purpose').click();
    await page.getByTestId('loan-purpose-kind-1').click();
    await page.getByTestId('loan-purpose-option-101').click();
    if (shotPrefix) {
      await snap(page, `${shotPrefix}-loan-product`);
      await checkPageAtWidths(page, `${shotPrefix}-loan-product`);
    }
    await page.getByTestId('see-plan').click();
    await page.waitForURL('**/home/borrowing-plan**');
    await expect.poll(() => page.getByTestId('plan-received').innerText()).toMatch(/Rp\s?2\.000\.000/);
    expect(await page.getByTestId('plan-instalment').count()).toBe(3);
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
    await borrow(page, '60');
    await snap(page, '63-loan-success');

    await page.goto('/home');
    await page.getByTestId('page-loaning').waitFor({ timeout: 30_000 });
    await snap(page, '64-loaning');
    await checkPageAtWidths(page, '64-loaning');

    await bankFinishes(page, 'Complete');
    // The loaning page follows the order: once disbursed, home routes to pay-back, the first bill up next.
    await page.getByTestId('page-pay-back').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('nearest-bill').innerText()).toMatch(/Bill 1 of 3/);
    await snap(page, '65-pay-back');
    await checkPageAtWidths(page, '65-pay-back');
  });

  it('a name mismatch shows the failure modal, and a corrected account is disbursed', async () => {
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
    await page.getByTestId('bank-bank').click();
    await page.locator('[data-testid^="bank-bank-option-"]').first().click();
    await page.getByTestId('bank-card-num').fill('5550001234');
    await snap(page, '67-add-bank-correction');
    await checkPageAtWidths(page, '67-add-bank-correction');
    await page.getByTestId('bank-correction-submit').click();
    await page.waitForURL('**/home/loaning**', { timeout: 30_000 });

    await bankFinishes(page, 'Complete');
    await page.getByTestId('page-pay-back').waitFor({ timeout: 30_000 });
    await snap(page, '68-pay-back-after-correction');
  });
});

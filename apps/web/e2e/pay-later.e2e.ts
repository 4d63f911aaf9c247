// Pay-later at a shop's checkout on a phone: the demo shop creates an order; a new visitor opens its checkout, sees the
// free-interest offer, signs in there and is sent to get a limit; approved, comes back to the same checkout, picks 3
// monthly instalments with a coupon, sets the payment PIN with an SMS code, confirms with it and is told it is paid;
// the shop receives the signed webhook, and the purchase is in the borrower's bills.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ktpCardOf } from '../../server/test/helpers/live-frames.ts';
import { apiPath } from './support/api-path.ts';
import { contractCall } from './support/contract-call.ts';
import { snap } from './support/browser.ts';
import { approveThroughApi, completeProfile, tokenOf } from './support/borrower-setup.ts';
import { useJourney, waitForCode } from './support/journey.ts';
import { checkPageAtWidths, waitForHydration } from './support/page-checks.ts';
import { shopCreatesOrder, shopReceivedWebhook } from './support/demo-shop.ts';

const PHONE = '6281277770042';
const PLAN = 'pay-later.month-3-3';
const COUPON = 'PL3-50K';
const PIN = '482915';

describe('pay-later checkout', () => {
  const journey = useJourney({ CREDIT_DECISION_DELAY_SECONDS: '0' });
  let checkoutUrl = '';
  let firstInstalment = 0;

  /**
   * The code of the first SMS to the phone sent at or after `since`: other messages (the approval's, a reminder) may
   * arrive after it, so "the newest message" is not the code's.
   */
  async function codeSentSince(baseUrl: string, phone: string, since: number): Promise<string> {
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const res = await fetch(baseUrl + apiPath('listDevOutbox', { query: { phone } }));
      const rows = ((await res.json()) as { data: Array<{ code: string | null; created_at: string }> }).data;
      const sent = rows.filter((r) => r.code && Date.parse(r.created_at) >= since).at(-1);
      if (sent?.code) return sent.code;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error('no code arrived in the dev outbox');
  }

  async function readAmount(page: Page, testId: string): Promise<number> {
    return Number((await page.getByTestId(testId).innerText()).replace(/\D/g, ''));
  }

  it('the demo shop creates an order; a visitor opens the checkout and sees the free-interest offer', async () => {
    const { page } = journey;
    checkoutUrl = await shopCreatesOrder(page);
    await page.goto(checkoutUrl);
    await waitForHydration(page);
    await page.getByTestId('checkout-schedule').waitFor();
    expect(await page.getByTestId('checkout-merchant').innerText()).toBe('Pay later at Demo Shop');
    expect(await readAmount(page, 'checkout-amount')).toBe(3_000_000);
    expect(await page.getByTestId('checkout-interest').innerText()).toBe('Rp 0');
    await snap(page, '70-checkout-visitor');
    await checkPageAtWidths(page, '70-checkout-visitor');
  });

  it('signs in on the checkout and, without a limit, is sent to get one', async () => {
    const { page, server } = journey;
    await page.getByTestId('checkout-sign-in').click();
    await page.waitForURL('**/third/pay/sign-in?sign_key=*');
    await page.getByTestId('login-phone').fill(`0${PHONE.slice(2)}`);
    await page.getByTestId('send-code').click();
    await page.getByTestId('sms-code').fill(await waitForCode(server.baseUrl, PHONE));
    await page.getByTestId('consent').click();
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/third/pay/status/not-auth?sign_key=*');
    await page.getByTestId('not-auth-verify').waitFor();
    expect(await page.getByTestId('not-auth-reason').innerText()).toContain('Demo Shop');
    await snap(page, '71-checkout-not-auth');
    await checkPageAtWidths(page, '71-checkout-not-auth');
  });

  it('approved, comes back to the checkout from the home: 3 instalments with a coupon, priced in full before paying', async () => {
    const { page, server } = journey;
    const token = await tokenOf(page);
    await completeProfile(server.baseUrl, token, {
      nik: '3273012505900042',
      birthDate: '1990-05-25',
      ktpPhoto: await ktpCardOf('turnA'),
    });
    await approveThroughApi(server.baseUrl, token, {
      whatsapp: PHONE.replace('7777', '8888'),
      waitForCode: (p) => waitForCode(server.baseUrl, p),
    });
    // The home offers the way back to the order left at the shop's checkout.
    await page.goto('/home');
    await page.getByTestId('checkout-return-link').click();
    await page.waitForURL((url) => url.pathname === '/third/pay/order');
    expect(new URL(page.url()).searchParams.get('sign_key')).toBe(
      new URL(checkoutUrl, 'http://x').searchParams.get('sign_key'),
    );
    await page.getByTestId(`checkout-plan-${PLAN}`).click();
    // The plan's own schedule, not the one shown while it was priced.
    await expect.poll(() => page.getByTestId('checkout-instalment').count()).toBe(3);
    await expect.poll(() => page.getByTestId('checkout-schedule').getAttribute('aria-busy')).toBe('false');
    const before = await readAmount(page, 'checkout-total');
    await page.getByTestId(`checkout-coupon-${COUPON}`).click();
    await expect.poll(() => readAmount(page, 'checkout-total')).toBe(before - 50_000);
    await expect.poll(() => page.getByTestId('checkout-instalment').count()).toBe(3);
    firstInstalment = Number(
      (await page.getByTestId('checkout-instalment').first().locator('strong').innerText()).replace(
        /\D/g,
        '',
      ),
    );
    expect(page.url()).toContain(`coupon_id=${COUPON}`);
    await snap(page, '72-checkout-plan-coupon');
    await checkPageAtWidths(page, '72-checkout-plan-coupon');
  });

  it('sets the payment PIN with an SMS code, then confirms the purchase with it', async () => {
    const { page, server } = journey;
    const total = await readAmount(page, 'checkout-total');
    await page.getByTestId('checkout-pay').click();
    await page.waitForURL('**/third/pay/set-passwd?*');
    await page.getByTestId('pay-pin').fill(PIN);
    await page.getByTestId('pay-pin-confirm').fill(PIN);
    // One SMS code a minute to a phone, whatever it is for: the sign-in's minute is passed on the dev clock rather
    // than waited out (it was most of this test's 47 s).
    const clock = await contractCall<{ now: string }>(server.baseUrl, 'advanceDevClock', {
      body: { days: 0, seconds: 61 },
    });
    // The outbox stamps a code with the app's clock.
    const asked = Date.parse(clock.now) - 1_000;
    await page.getByTestId('send-code').click();
    await page.getByTestId('pay-pin-code').fill(await codeSentSince(server.baseUrl, PHONE, asked));
    await snap(page, '73-checkout-set-pin');
    await page.getByTestId('pay-pin-submit').click();
    await page.waitForURL('**/third/pay/order?*');
    expect(page.url()).toContain(`product_id=${encodeURIComponent(PLAN)}`);
    await expect.poll(() => readAmount(page, 'checkout-total')).toBe(total);

    await page.getByTestId('checkout-pay').click();
    await page.getByTestId('checkout-pin').fill(PIN);
    await page.waitForURL('**/third/deal-success?*');
    await page.getByTestId('deal-paid').waitFor();
    expect(await page.getByTestId('deal-paid').innerText()).toContain('Rp 3.000.000 paid to Demo Shop');
    await snap(page, '74-checkout-deal-success');
    await checkPageAtWidths(page, '74-checkout-deal-success');
  });

  it('the shop receives the signed webhook, and the purchase is in the bills', async () => {
    const { page } = journey;
    await shopReceivedWebhook(page);
    await page.getByTestId('deal-bills').click();
    await page.waitForURL('**/bill');
    // The purchase is billed as the checkout showed it: its first instalment is the nearest bill, two more follow.
    await page.getByTestId('nearest-amount').waitFor();
    expect(await readAmount(page, 'nearest-amount')).toBe(firstInstalment);
    await snap(page, '75-checkout-bills');
  });

  it('the checkout link opened again, signed in: the prerendered page hydrates without an error and says it is paid', async () => {
    const { page } = journey;
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // React reports a hydration mismatch (error 418) as an error; the paid order's answer (HTTP 410) is logged too.
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
        errors.push(message.text());
    });
    await page.goto(checkoutUrl);
    await page.getByTestId('checkout-closed').waitFor();
    await waitForHydration(page);
    expect(errors).toEqual([]);
  });
});

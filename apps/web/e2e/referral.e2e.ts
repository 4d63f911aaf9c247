// Partners and referral on a phone: a partner's landing page in Indonesian and in English (its tabs, the costs the
// loan engine computed, the partner's own link); the visitor it sent signs up and is attributed to the partner; that
// borrower invites a friend with their referral link; the friend signs up through it, is approved and borrows; when
// the friend's loan is paid out, the referrer finds the coupon on the referral page and an SMS saying so.
import { describe, expect, it } from 'vitest';
import type { LandingExample } from '@kaskita/domain/contract/landing';
import { ktpCardOf } from '../../server/test/helpers/live-frames.ts';
import { apiPath } from './support/api-path.ts';
import { phoneContext, snap } from './support/browser.ts';
import { borrowOnHome } from './support/borrow-on-home.ts';
import { approveThroughApi, completeProfile, tokenOf } from './support/borrower-setup.ts';
import { signInWithCode, useJourney, waitForCode } from './support/journey.ts';
import { checkPageAtWidths, waitForHydration } from './support/page-checks.ts';

const REFERRER = '6281277770311';
const FRIEND = '6281277770312';
const PARTNER = 'doku-wallet';

describe('partners and referral', () => {
  const journey = useJourney({
    CREDIT_DECISION_DELAY_SECONDS: '0',
    // The sandbox bank pays the friend's loan out at once, with its signed callback.
    DISBURSEMENT_SANDBOX_DELAY_SECONDS: '0',
  });
  let referralLink = '';

  async function api<T>(path: string, token?: string): Promise<T> {
    const res = await fetch(journey.server.baseUrl + path, {
      headers: { os: '4', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    const body = (await res.json()) as { code: number; msg: string; data: T };
    if (body.code !== 200) throw new Error(`${path} answered ${body.code} ${body.msg}`);
    return body.data;
  }

  it("a partner's page shows the engine's costs in Indonesian and in English and links to the partner", async () => {
    const { page } = journey;
    const ex = await api<LandingExample>(apiPath('getLandingExample'));
    await page.goto(`/landing-page/${PARTNER}`);
    await waitForHydration(page);
    const fees = { 'en-US': 'Fees', 'id-ID': 'Biaya' } as const;
    const tab = (name: string) => page.getByRole('tab', { name, exact: true });
    // The browser is English; the switch turns the page Indonesian and back.
    await tab(fees['en-US']).waitFor();
    // The partner's own link, from the lender's configuration once it has loaded.
    await expect
      .poll(() => page.getByTestId('landing-apply').getAttribute('href'))
      .toBe('https://www.doku.com/wallet/kaskita');
    for (const [locale, decimal] of [
      ['id-ID', ','],
      ['en-US', '.'],
    ] as const) {
      if (!(await tab(fees[locale]).isVisible())) await page.getByTestId('lang-switch').click();
      await tab(fees[locale]).click();
      const panel = page.getByRole('tabpanel');
      // Rates as the engine's configuration gives them, in the language's decimal mark: never typed into the page.
      await expect
        .poll(() => panel.innerText())
        .toContain(`${ex.daily_interest_percent.replace('.', decimal)}%`);
      expect(await panel.innerText()).toContain(`${ex.daily_cost_percent.replace('.', decimal)}%`);
      await snap(page, `100-partner-fees-${locale}`);
    }
    await checkPageAtWidths(page, '100-partner-fees-en-US');
  });

  it('the visitor the partner sent signs up, is attributed to the partner, and finds a referral link under Me', async () => {
    const { page } = journey;
    // Back on KasKita after reading the partner's page (its link leaves for the partner's site): the sign-in.
    await page.goto('/login/main');
    await waitForHydration(page);
    await signInWithCode(page, journey.server.baseUrl, REFERRER);
    const mine = await api<{ sections: { account: { promote_platform: string | null } } }>(
      apiPath('getMyData'),
      await tokenOf(page),
    );
    expect(mine.sections.account.promote_platform).toBe(PARTNER);

    await page.goto('/me');
    await page.getByTestId('to-referral').click();
    await page.waitForURL('**/third/referral/code');
    await page.getByTestId('referral-link').waitFor();
    referralLink = await page.getByTestId('referral-link').innerText();
    const code = await page.getByTestId('referral-code').innerText();
    expect(referralLink).toBe(`${journey.server.baseUrl}/third/referral/login?ref=${code}`);
    expect(await page.getByTestId('referral-friends').innerText()).toBe('0');
    await page.getByTestId('referral-no-coupons').waitFor();
    await snap(page, '101-referral-code');
    await checkPageAtWidths(page, '101-referral-code');
  });

  it('a friend signs up through the link, is approved and borrows; the referrer receives a coupon and an SMS', async () => {
    const { page, server } = journey;
    const context = await phoneContext(page.context().browser()!, server.baseUrl);
    try {
      const friend = await context.newPage();
      await friend.goto(referralLink);
      await friend.getByTestId('referral-invite').waitFor();
      expect(await friend.getByTestId('referral-no-code').count()).toBe(0);
      await snap(friend, '102-referral-invite');
      await checkPageAtWidths(friend, '102-referral-invite');
      await waitForHydration(friend);
      await signInWithCode(friend, journey.server.baseUrl, FRIEND);
      await friend.waitForURL('**/home**');
      const token = await tokenOf(friend);
      await completeProfile(server.baseUrl, token, {
        nik: '3273012505900312',
        birthDate: '1990-05-25',
        ktpPhoto: await ktpCardOf('turnA'),
      });
      await approveThroughApi(server.baseUrl, token, {
        whatsapp: FRIEND.replace('7777', '8888'),
        waitForCode: (p) => waitForCode(server.baseUrl, p),
      });
      await borrowOnHome(friend, { amount: '2.000.000', tenor: 'month-3-3' });
    } finally {
      await context.close();
    }

    // The sandbox bank's callback marks the loan paid out; the reward job gives the referrer one coupon.
    await page.goto('/third/referral/code');
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByTestId('referral-friends').waitFor();
          return page.locator('[data-testid^="referral-coupon-state-"]').count();
        },
        { timeout: 60_000, interval: 2_000 },
      )
      .toBe(1);
    expect(await page.getByTestId('referral-friends').innerText()).toBe('1');
    const voucher = page.locator('[data-testid^="referral-coupon-"][data-state]');
    expect(await voucher.getAttribute('data-state')).toBe('available');
    expect(await voucher.innerText()).toContain('Rp50,000 off interest and fees');
    expect(await voucher.innerText()).toContain('For pay-later: 3 months');
    await snap(page, '103-referral-coupon');
    await checkPageAtWidths(page, '103-referral-coupon');

    // Told by SMS, in the language the code was read in, naming nobody.
    const sms = await api<Array<{ text: string }>>(apiPath('listDevOutbox', { query: { phone: REFERRER } }));
    const told = sms.filter((m) => m.text.includes('a friend you invited has received their first loan'));
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain(`${journey.server.baseUrl}/third/referral/code`);
    expect(told[0]!.text).not.toContain(FRIEND.slice(2));
  });
});

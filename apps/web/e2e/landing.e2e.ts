// The public landing page: the regulator's banners, and a loan example computed by the loan engine on the server.
import { describe, expect, it } from 'vitest';
import type { LandingExample } from '@kaskita/domain/contract/landing';
import { snap } from './support/browser.ts';
import { checkPageAtWidths, waitForHydration } from './support/page-checks.ts';
import { useJourney } from './support/journey.ts';
import { apiPath } from './support/api-path.ts';

/** id-ID grouping, as the page formats amounts: 3000000 -> "3.000.000". */
const idr = (n: number) => n.toLocaleString('id-ID');

describe('landing page', () => {
  const journey = useJourney();

  it('shows the example the loan engine computed, the licence and risk banners, and no rate above the cap', async () => {
    const api = (await (await fetch(journey.server.baseUrl + apiPath('getLandingExample'))).json()) as {
      data: LandingExample;
    };
    const ex = api.data;

    await journey.page.goto('/landing-page');
    await journey.page.getByTestId('page-landing').waitFor();
    const example = journey.page.getByTestId('loan-example');
    await example.waitFor();
    // A prerendered page shows the example once the app has hydrated and asked the API for it.
    await expect.poll(() => example.innerText()).toContain(idr(ex.amount));
    const text = await example.innerText();
    for (const amount of [ex.amount, ex.total_interest_and_fees, ex.instalment, ex.total_repayment]) {
      expect(text).toContain(idr(amount));
    }
    await journey.page.getByTestId('risk-warning').waitFor();
    await journey.page.getByTestId('platform-figures').waitFor();

    // The spec's historic marketing rates exceed today's OJK caps and must never be shown as an offer.
    const whole = await journey.page.locator('body').innerText();
    for (const stale of ['0.26%', '0,26%', '0.39%', '0,39%', '0.30%', '0,30%'])
      expect(whole).not.toContain(stale);
    // The browser is English: rates use a decimal point.
    expect(whole).toContain(ex.daily_interest_percent + '%');
    // The instalments shown add up to the total shown.
    if (ex.instalment * ex.instalments !== ex.total_repayment)
      expect(text).toContain(
        `${idr(ex.instalment)} + Rp ${idr(ex.total_repayment - ex.instalment)} = Rp ${idr(ex.total_repayment)}`,
      );
    else expect(text).toContain(`${ex.instalments} × Rp ${idr(ex.instalment)}`);
    await snap(journey.page, '10-landing-page');
    await checkPageAtWidths(journey.page, '10-landing-page');
  });

  it('boots its own small entry, not the app: hydrates without an error, switches language, and Apply opens the sign-in', async () => {
    const { page } = journey;
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto('/landing-page');
    await waitForHydration(page);
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => path.endsWith('.js')),
    );
    expect(scripts.some((path) => /^\/assets\/landing\/landing-[\w-]+\.js$/.test(path))).toBe(true);
    // Nothing of the app's build (its entry, router, shell, React) is loaded: the boot script, then the landing
    // client's own files (Preact's build, apps/web/vite-landing-client.ts).
    expect(
      scripts.filter(
        (path) => !path.startsWith('/assets/landing/') && !/^\/assets\/boot-[\w-]+\.js$/.test(path),
      ),
    ).toEqual([]);

    // The language switch re-renders the page and its title in Indonesian, and back.
    await page.getByTestId('lang-switch').click();
    await expect.poll(() => page.getByTestId('landing-apply').innerText()).toBe('Ajukan sekarang');
    expect(await page.title()).toMatch(/^KasKita - /);
    const indonesianTitle = await page.title();
    await page.getByTestId('lang-switch').click();
    await expect.poll(() => page.getByTestId('landing-apply').innerText()).toBe('Apply now');
    expect(await page.title()).not.toBe(indonesianTitle);

    await page.getByTestId('landing-apply').click();
    await page.waitForURL('**/login/main');
    await page.getByTestId('page-login').waitFor();
    expect(errors).toEqual([]);
  });

  it('a partner page with an unknown platform key shows the 404 page', async () => {
    await journey.page.goto('/landing-page/not-a-partner');
    await journey.page.waitForURL('**/404');
    await snap(journey.page, '11-landing-unknown-partner');
    await checkPageAtWidths(journey.page, '11-landing-unknown-partner');
  });
});

// The pages a borrower believes: the documents login asks them to accept, the lender's identity in the footer, and
// every reachable page fitting a 320-430 px phone without sideways scrolling, in both languages.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PRIVACY_VERSION, TERMS_VERSION } from '@kaskita/domain/legal/versions';
import { LOCAL_KEYS } from '../src/lib/storage-keys.ts';
import { PHONE_VIEWPORT, snap } from './support/browser.ts';
import { useJourney, waitForCode } from './support/journey.ts';
import { waitForHydration } from './support/page-checks.ts';

const PHONE_TYPED = '0813 2222 4444';
const PHONE_NORMALISED = '6281322224444';

/** Pages a signed-out visitor can open (the guard sends the rest to login, which is in the list). */
const OPEN_PAGES = [
  '/landing-page',
  '/landing-page/doku-wallet',
  '/login/main',
  '/login/passwd',
  '/login/forget-password',
  '/login/set-password',
  '/home/unaudited',
  '/me',
  '/legal/privacy',
  '/legal/terms',
  '/404',
];
/** Pages that need a session. */
const SIGNED_IN_PAGES = ['/home/unaudited', '/me', '/me/set-password', '/me/help', '/bill'];

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

async function setLanguage(page: Page, locale: 'en-US' | 'id-ID'): Promise<void> {
  await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [LOCAL_KEYS.locale, locale]);
}

/** Opens each page at 320 and 430 px in the current language; returns the pages that scroll sideways. */
async function overflowingPages(page: Page, pages: string[], label: string): Promise<string[]> {
  const bad: string[] = [];
  for (const width of [320, 430]) {
    await page.setViewportSize({ width, height: 760 });
    for (const path of pages) {
      await page.goto(path);
      await page.locator('[data-testid^="page-"]').first().waitFor();
      // Configuration, example and fonts arrive after the first paint: measure what the borrower ends up seeing.
      await page.waitForLoadState('networkidle');
      const over = await horizontalOverflow(page);
      if (over > 0) bad.push(`${path} at ${width}px overflows by ${over}px (${label})`);
      if (width === 320) await snap(page, `layout-${label}-320${path.replaceAll('/', '_')}`);
    }
  }
  await page.setViewportSize(PHONE_VIEWPORT);
  return bad;
}

describe('legal pages and phone layout', () => {
  const journey = useJourney();

  it('the login consent links open the terms and the privacy policy, in English and Indonesian', async () => {
    const { page } = journey;
    for (const [locale, terms, privacy] of [
      ['en-US', 'Terms of Use', 'Privacy Policy'],
      ['id-ID', 'Syarat dan Ketentuan Penggunaan', 'Kebijakan Privasi'],
    ] as const) {
      await page.goto('/login/main');
      await setLanguage(page, locale);
      await page.reload();
      await page.getByTestId('page-login').waitFor();
      for (const [link, testId, heading, version] of [
        ['consent-terms', 'legal-terms', terms, TERMS_VERSION],
        ['consent-privacy', 'legal-privacy', privacy, PRIVACY_VERSION],
      ] as const) {
        const [doc] = await Promise.all([
          page.context().waitForEvent('page'),
          page.getByTestId(link).click(),
        ]);
        await doc.getByTestId(testId).waitFor();
        expect(await doc.locator('.kk-legal__title').innerText()).toBe(heading);
        expect(await doc.getByTestId(testId).getAttribute('data-version')).toBe(version);
        // The lender's identity comes from configuration once it loads.
        await expect
          .poll(() => doc.getByTestId(testId).innerText())
          .toContain('PT KasKita Teknologi Indonesia');
        await expect.poll(() => doc.getByTestId(testId).innerText()).toContain('KEP-');
        await snap(doc, `legal-${testId}-${locale}`);
        await doc.close();
      }
    }
  });

  it('the landing footer names the lender, the complaint channels and the risk warning, and links both documents', async () => {
    const { page } = journey;
    for (const locale of ['en-US', 'id-ID'] as const) {
      await page.goto('/landing-page');
      await setLanguage(page, locale);
      await page.reload();
      const footer = page.getByTestId('landing-footer');
      await footer.waitFor();
      // The prerendered footer holds the fixed texts; the configured values (licence number, contacts) arrive with
      // the app's configuration after hydration.
      await expect.poll(() => footer.innerText()).toContain('KEP-');
      const text = await footer.innerText();
      for (const must of [
        'PT KasKita Teknologi Indonesia',
        'HATI-HATI, TRANSAKSI INI BERISIKO TINGGI',
        '157',
        'kontak157@ojk.go.id',
      ])
        expect(text).toContain(must);
      const figures = await page.getByTestId('platform-figures').innerText();
      // Counted from the loan book with their date, or (before the nightly count) no number at all.
      const counted = locale === 'en-US' ? /As of \d{2}\/\d{2}\/\d{4}/ : /Per \d{2}\/\d{2}\/\d{4}/;
      if (!counted.test(figures))
        expect(figures).toContain(
          locale === 'en-US' ? 'Not yet counted from the loan book.' : 'Belum dihitung dari buku pinjaman.',
        );
      await snap(page, `landing-footer-${locale}`);
      await page.getByTestId('footer-terms').click();
      await page.getByTestId('legal-terms').waitFor();
      await page.goBack();
      await page.getByTestId('footer-privacy').click();
      await page.getByTestId('legal-privacy').waitFor();
    }
  });

  it('a partner page shows the partner by name and its tab row shows that it scrolls', async () => {
    const { page } = journey;
    await page.goto('/landing-page/doku-wallet');
    await setLanguage(page, 'en-US');
    await page.setViewportSize({ width: 320, height: 760 });
    await page.reload();
    await page.getByTestId('page-landing-partner').waitFor();
    expect(await page.locator('.kk-landing__logo').innerText()).toBe('KasKita × DOKU Wallet');
    const tabs = page.getByTestId('partner-tabs');
    const scrolls = await tabs.evaluate((el) => el.scrollWidth > el.clientWidth);
    if (scrolls) expect(await tabs.getAttribute('data-more-end')).toBe('true');
    await snap(page, 'partner-doku-wallet-320');
    await page.setViewportSize(PHONE_VIEWPORT);
  });

  it('no signed-out page scrolls sideways at 320 or 430 px, in either language', async () => {
    const bad: string[] = [];
    for (const locale of ['en-US', 'id-ID'] as const) {
      await journey.page.goto('/landing-page');
      await setLanguage(journey.page, locale);
      bad.push(...(await overflowingPages(journey.page, OPEN_PAGES, locale)));
    }
    expect(bad).toEqual([]);
  });

  it('the SMS-code hint is not letter-spaced, and the countdown does not squeeze the phone field', async () => {
    const { page } = journey;
    await page.setViewportSize({ width: 320, height: 760 });
    await page.goto('/login/main');
    await setLanguage(page, 'id-ID');
    await page.reload();
    // The prerendered form is there before the app runs; styles and input are only certain once it has hydrated.
    await waitForHydration(page);
    const code = page.getByTestId('sms-code');
    await code.waitFor();
    const spacing = await code.evaluate((el) => getComputedStyle(el, '::placeholder').letterSpacing);
    expect(spacing).toBe('normal');
    const phone = page.getByTestId('login-phone');
    await phone.fill(PHONE_TYPED);
    const before = (await phone.boundingBox())!.width;
    await page.getByTestId('send-code').click();
    await expect.poll(() => page.getByTestId('send-code').innerText()).toMatch(/\d/);
    expect((await phone.boundingBox())!.width).toBe(before);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    // The toast ("Kode telah dikirim lewat SMS") breaks between words.
    const toast = page.locator('.kk-toast .adm-toast-main');
    await toast.waitFor();
    expect(await toast.evaluate((el) => getComputedStyle(el).wordBreak)).toBe('normal');
    await snap(page, 'login-countdown-320-id');
    await page.setViewportSize(PHONE_VIEWPORT);
  });

  it('signed in, no page scrolls sideways either', async () => {
    const { page } = journey;
    const sent = await waitForCode(journey.server.baseUrl, PHONE_NORMALISED);
    await page.getByTestId('sms-code').fill(sent);
    await page.getByTestId('consent').click();
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    const bad: string[] = [];
    for (const locale of ['en-US', 'id-ID'] as const) {
      await setLanguage(page, locale);
      bad.push(...(await overflowingPages(page, SIGNED_IN_PAGES, `signed-in-${locale}`)));
    }
    expect(bad).toEqual([]);
    // Signed in, the login page is not for them: home.
    await page.goto('/login/main');
    await page.waitForURL((url) => url.pathname.startsWith('/home'));
  });
});

// Me > My data, on a phone: a borrower who finished the profile opens each profile page and notes every value it
// shows, then downloads their data from Me > My data (the JSON and the readable PDF) and finds each of those values in
// the copy; the consents list names each consent with its version, and the deletion explains what would be kept.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Download, Page } from 'playwright-core';
import type { MyDataExport } from '@kaskita/domain/contract/my-data';
import { CONSENT_VERSIONS } from '@kaskita/domain/legal/versions';
import { ktpCardOf } from '../../server/test/helpers/live-frames.ts';
import { pdfText } from '../../server/test/helpers/pdf-text.ts';
import { snap } from './support/browser.ts';
import { completeProfile, tokenOf } from './support/borrower-setup.ts';
import { useJourney, waitForCode } from './support/journey.ts';
import { checkPageAtWidths, waitForHydration } from './support/page-checks.ts';

const PHONE = '6281277770303';
const NIK = '3171011703900303';

/** The profile's pages, each with a test id it shows once loaded. */
const PROFILE_PAGES = [
  { path: '/user-into/ktp', ready: 'ktp-submitted' },
  { path: '/user-into/person-info', ready: 'person-email' },
  { path: '/user-into/job-info', ready: 'job-income' },
  { path: '/user-into/work-info', ready: 'work-company-name' },
  { path: '/user-into/contacts', ready: 'contacts-expect-amount' },
] as const;

/** Every value a page shows in its fields: typed inputs, the pickers' chosen values, the choices ticked. */
async function shownValues(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const values: string[] = [];
    document
      .querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
        'input:not([type=hidden]):not([type=file]):not([type=checkbox]), textarea',
      )
      .forEach((el) => values.push(el.value));
    document
      .querySelectorAll<HTMLElement>('.kk-field__picker, [role=radio][aria-checked=true]')
      .forEach((el) => values.push(el.innerText));
    return values.map((v) => v.trim()).filter(Boolean);
  });
}

/** Every leaf of the JSON copy, as text. */
function leaves(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) return value.flatMap(leaves);
  if (typeof value === 'object') return Object.values(value).flatMap(leaves);
  return [String(value)];
}

/**
 * Where a shown value is in the copy: as is in the JSON; a date shown 25/05/1990 as 1990-05-25; an amount shown
 * 5.500.000 as 5500000; a masked value (3171********0303) by what is around the stars; an option's words in the PDF.
 */
function findIn(shown: string, json: Set<string>, pdf: string): boolean {
  if (json.has(shown) || pdf.includes(shown)) return true;
  const date = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(shown);
  if (date && json.has(`${date[3]}-${date[2]}-${date[1]}`)) return true;
  const amount = shown.replace(/^Rp\s?/, '');
  if (/^\d{1,3}(\.\d{3})+$/.test(amount) && json.has(amount.replaceAll('.', ''))) return true;
  if (shown.includes('*')) {
    const parts = shown.split(/\*+/).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    const pattern = new RegExp(`^${parts.join('.+')}$`);
    return [...json].some((v) => pattern.test(v));
  }
  return false;
}

async function saved(download: Download): Promise<Buffer> {
  const path = await download.path();
  if (!path) throw new Error(`download ${download.suggestedFilename()} failed: ${await download.failure()}`);
  return readFile(path);
}

describe('my data', () => {
  const journey = useJourney({ CREDIT_DECISION_DELAY_SECONDS: '0' });

  it('downloads my data and finds in it every value the profile shows', async () => {
    const { page } = journey;
    const base = journey.server.baseUrl;
    await page.goto('/login/main');
    await waitForHydration(page);
    await page.getByTestId('login-phone').fill(`0${PHONE.slice(2)}`);
    await page.getByTestId('send-code').click();
    await page.getByTestId('sms-code').fill(await waitForCode(base, PHONE));
    await page.getByTestId('consent').click();
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await completeProfile(base, await tokenOf(page), {
      nik: NIK,
      birthDate: '1990-03-17',
      ktpPhoto: await ktpCardOf('turnA'),
    });

    // What the profile shows, page by page.
    const shown: { path: string; value: string }[] = [];
    for (const step of PROFILE_PAGES) {
      await page.goto(step.path);
      await page.getByTestId(step.ready).waitFor();
      await page.getByTestId('step-loading').waitFor({ state: 'detached' });
      await waitForHydration(page);
      for (const value of await shownValues(page)) shown.push({ path: step.path, value });
    }
    expect(shown.length).toBeGreaterThan(20);

    // Me > My data, from Me.
    // The link once the page has hydrated and its items have settled: a tap on a list still loading can land on the
    // row that moves under it (seen once under load: My data never opened).
    await page.goto('/me');
    await waitForHydration(page);
    await page.getByTestId('to-my-data').click();
    await page.waitForURL('**/me/my-data');
    await page.getByTestId('page-me-my-data').waitFor();
    await waitForHydration(page);
    await page.getByTestId('consent-privacy').waitFor();
    expect(await page.getByTestId('consent-privacy').innerText()).toContain(
      `version ${CONSENT_VERSIONS.privacy_version}`,
    );
    expect(await page.getByTestId('consent-emergency_contacts').innerText()).toContain('Given');
    expect(await page.getByTestId('delete-kept-nothing').innerText()).toContain('Nothing is kept');
    await page.getByTestId('data-access-none').waitFor();
    await checkPageAtWidths(page, 'me-my-data');
    await snap(page, 'me-my-data');

    const [jsonFile] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('my-data-download-json').click(),
    ]);
    expect(jsonFile.suggestedFilename()).toMatch(/^kaskita-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const copy = JSON.parse((await saved(jsonFile)).toString('utf8')) as MyDataExport;
    expect(copy.sections.profile?.ktp.nik).toBe(NIK);

    const [pdfFile] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('my-data-download-pdf').click(),
    ]);
    expect(pdfFile.suggestedFilename()).toMatch(/\.pdf$/);
    const pdfBytes = await saved(pdfFile);
    expect(pdfBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = pdfText(pdfBytes);
    // The page is in English: so is the readable copy.
    expect(pdf).toContain('Your personal data at KasKita');
    expect(pdf).toContain(`NIK: ${NIK}`);

    const held = new Set(leaves(copy.sections));
    const missing = shown.filter((s) => !findIn(s.value, held, pdf));
    expect(missing).toEqual([]);
  }, 360_000);
});

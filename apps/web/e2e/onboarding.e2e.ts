// The onboarding journey of a new borrower on a phone: sign in, photograph the KTP (read by OCR), fill every step,
// leave half-way and come back to the step where they stopped, and add a bank account the bank has to confirm.
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import type { ProfileStep } from '@kaskita/domain/contract/profile';
import { apiPath } from './support/api-path.ts';
import { tokenOf } from './support/borrower-setup.ts';
import { PHONE_VIEWPORT, phoneContext, snap } from './support/browser.ts';
import { brokenAcrossLines, checkPageAtWidths, waitForHydration } from './support/page-checks.ts';
import { useJourney, waitForCode } from './support/journey.ts';

const PHONE_TYPED = '0812 7777 1234';
const PHONE_NORMALISED = '6281277771234';
const OTHER_PHONE_TYPED = '0812 7777 5678';
const OTHER_PHONE = '6281277775678';
/** A NIK registered in Kota Bandung (32.73.01) for a man born on 25 May 1990. */
const NIK = '3273012505900001';
const KTP_NAME = 'BUDI SANTOSO';

/** Sandbox account numbers (the disbursement provider's test accounts). */
const ACCOUNT = { valid: '1234567890', nameMismatch: '1234567111', closed: '1234567000' } as const;

/** A KTP-like card: the printed lines OCR reads, black on a light blue card, photographed horizontally. */
async function ktpPhoto(): Promise<Buffer> {
  const lines = [
    'PROVINSI JAWA BARAT',
    'KOTA BANDUNG',
    `NIK : ${NIK}`,
    `Nama : ${KTP_NAME}`,
    'Tempat/Tgl Lahir : BANDUNG, 25-05-1990',
    'Jenis Kelamin : LAKI-LAKI',
    'Alamat : JL. DAGO NO. 1',
    'Agama : ISLAM',
    'Status Perkawinan : BELUM KAWIN',
    'Pekerjaan : KARYAWAN SWASTA',
    'Kewarganegaraan : WNI',
  ];
  const text = lines
    .map(
      (line, i) => `<text x="40" y="${70 + i * 46}" font-family="DejaVu Sans" font-size="30">${line}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="760"><rect width="1200" height="760" rx="30" fill="#dbe9f6"/>${text}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

/** Picks an option of a profile enumeration field from its bottom sheet. */
async function pickOption(page: Page, testId: string, value: string | number): Promise<void> {
  await page.getByTestId(testId).click();
  await page.getByTestId(`${testId}-option-${value}`).click();
  await page.getByTestId(`${testId}-option-${value}`).waitFor({ state: 'detached' });
}

/** Picks a region down to the village in the region picker (by the names shown), opened from its field. */
async function pickRegion(page: Page, fieldId: string, path: [string, string, string]): Promise<void> {
  await page.locator(`#${fieldId}`).click();
  for (const name of path) await page.locator('.kk-region__option', { hasText: name }).first().click();
  // Any village of the district will do.
  await page.locator('.kk-region__option').first().click();
  await expect.poll(() => page.locator(`#${fieldId}`).innerText()).toContain(path[2]);
}

/**
 * Reloads the step once the server's draft holds `expected` (saved a moment after typing), as Android does when the
 * borrower switches to the SMS or camera app, then checks nothing personal was put in web storage.
 */
/** The card's options OCR may not read (sex, religion, marital status), set to the test card's where they are not. */
async function chooseKtpOptions(page: Page): Promise<void> {
  if ((await page.getByTestId('ktp-gender').innerText()) !== 'Male') await pickOption(page, 'ktp-gender', 1);
  if ((await page.getByTestId('ktp-religion').innerText()) !== 'Islam')
    await pickOption(page, 'ktp-religion', 1);
  if ((await page.getByTestId('ktp-marriage').innerText()) !== 'Single')
    await pickOption(page, 'ktp-marriage', 2);
}

async function reloadOnceDrafted(
  page: Page,
  step: ProfileStep,
  expected: Record<string, unknown>,
): Promise<void> {
  const token = await tokenOf(page);
  const url = apiPath('getProfileDraft', { query: { step } });
  await expect
    .poll(
      () =>
        page.evaluate(
          async ([u, tok]) => {
            const res = await fetch(u!, { headers: { Authorization: `Bearer ${tok}` } });
            return ((await res.json()) as { data: { values: Record<string, unknown> | null } }).data.values;
          },
          [url, token],
        ),
      { timeout: 10_000 },
    )
    .toMatchObject(expected);
  await page.reload();
  const stored = await page.evaluate(
    () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
  );
  for (const value of Object.values(expected))
    if (typeof value === 'string' && value.length > 3) expect(stored).not.toContain(value);
}

describe('onboarding', () => {
  const journey = useJourney();

  /** The step as it looks in English and in Indonesian (reloading: nothing unsaved is on it yet). */
  async function snapBothLanguages(name: string, ready: string): Promise<void> {
    const { page } = journey;
    await page.getByTestId(ready).waitFor();
    await snap(page, `${name}-en`);
    await checkPageAtWidths(page, `${name}-en`);
    await page.evaluate(() => localStorage.setItem('APP_LOCALE', 'id-ID'));
    await page.reload();
    await page.getByTestId(ready).waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('id-ID');
    await snap(page, `${name}-id`);
    // Indonesian step names are the longest ("Pekerjaan"): none splits over two lines on the narrowest phone.
    await page.setViewportSize({ width: 320, height: PHONE_VIEWPORT.height });
    await page.waitForTimeout(100);
    expect(await brokenAcrossLines(page), `${name}-id at 320 px`).toEqual([]);
    await page.setViewportSize(PHONE_VIEWPORT);
    await page.evaluate(() => localStorage.setItem('APP_LOCALE', 'en-US'));
    await page.reload();
    await page.getByTestId(ready).waitFor();
  }

  it('a new borrower signs in from "cek limit" and lands on the KTP step', async () => {
    const { page } = journey;
    await page.goto('/');
    await page.getByTestId('page-unaudited').waitFor();
    await page.getByTestId('cek-limit').click();
    await page.getByTestId('page-login').waitFor();
    await page.getByTestId('login-phone').fill(PHONE_TYPED);
    await page.getByTestId('send-code').click();
    await page.getByTestId('sms-code').fill(await waitForCode(journey.server.baseUrl, PHONE_NORMALISED));
    await page.getByTestId('consent').click();
    await page.getByTestId('login-submit').click();
    // /user-into resumes at the first step not done: the KTP for a new borrower.
    await page.waitForURL('**/user-into/ktp');
    expect(await page.getByTestId('step-count').innerText()).toBe('Step 1 of 6');
    await snapBothLanguages('30-onboarding-ktp', 'ktp-photo-input');
  });

  it('photographs the KTP, sees what OCR read, confirms it', async () => {
    const { page } = journey;
    const input = page.getByTestId('ktp-photo-input');
    expect(await input.getAttribute('accept')).toBe('image/*');
    expect(await input.getAttribute('capture')).toBe('environment');
    await input.setInputFiles({ name: 'ktp.jpg', mimeType: 'image/jpeg', buffer: await ktpPhoto() });
    await page.getByTestId('ktp-preview').waitFor();
    // The preview shows the chosen photo itself (a blob: URL, which the Content-Security-Policy must allow).
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('img[data-testid="ktp-preview"]');
      return img !== null && img.complete && img.naturalWidth > 0;
    });
    await page.getByTestId('ocr-read').waitFor({ timeout: 30_000 });
    // The form is pre-filled from the card for the borrower to check.
    expect(await page.getByTestId('ktp-nik').inputValue()).toBe(NIK);
    expect(await page.getByTestId('ktp-name').inputValue()).toBe(KTP_NAME);
    expect(await page.getByTestId('ktp-birth-date').innerText()).toBe('25/05/1990');
    await chooseKtpOptions(page);
    expect(await page.getByTestId('ktp-warning').innerText()).toMatch(/cannot be changed/);
    // What was read and checked survives a reload (the photo is stored; the fields come back from the draft).
    await reloadOnceDrafted(page, 'ktp', { cardid: NIK, name: KTP_NAME, birth_date: '1990-05-25' });
    await page.getByTestId('ktp-preview').waitFor();
    expect(await page.getByTestId('ktp-nik').inputValue()).toBe(NIK);
    expect(await page.getByTestId('ktp-name').inputValue()).toBe(KTP_NAME);
    expect(await page.getByTestId('ktp-birth-date').innerText()).toBe('25/05/1990');
    expect(await page.getByTestId('ktp-gender').innerText()).toBe('Male');
    await snap(page, '31-onboarding-ktp-read');
    await checkPageAtWidths(page, '31-onboarding-ktp-read');
    await page.getByTestId('step-submit').click();
    await page.waitForURL('**/user-into/person-info');
  });

  it('fills the personal information, the region down to the village', async () => {
    const { page } = journey;
    await snapBothLanguages('32-onboarding-person', 'person-email');
    expect(await page.getByTestId('step-ktp').getAttribute('data-state')).toBe('done');
    await pickOption(page, 'person-education', 6);
    await page.getByTestId('person-mother-name').fill('Siti Rahma');
    await pickRegion(page, 'person-region-picker', ['Jawa Barat', 'Kota Bandung', 'Coblong']);
    await page.getByTestId('person-address').fill('Jl. Dago No. 1, RT 01/RW 02');
    await page.getByTestId('person-zip').fill('40135');
    expect(await page.getByTestId('person-zip').getAttribute('inputmode')).toBe('numeric');
    await pickOption(page, 'person-live-duration', 4);
    await page.getByTestId('person-email').fill('budi.santoso@example.com');
    await page.getByTestId('person-residence-1').click();
    await reloadOnceDrafted(page, 'person-info', {
      mother_maiden_name: 'Siti Rahma',
      address: 'Jl. Dago No. 1, RT 01/RW 02',
      email: 'budi.santoso@example.com',
      residential_status: 1,
    });
    // All eight answers and the four-level region are as typed.
    await page.getByTestId('person-email').waitFor();
    expect(await page.getByTestId('person-mother-name').inputValue()).toBe('Siti Rahma');
    expect(await page.getByTestId('person-address').inputValue()).toBe('Jl. Dago No. 1, RT 01/RW 02');
    expect(await page.getByTestId('person-zip').inputValue()).toBe('40135');
    expect(await page.getByTestId('person-email').inputValue()).toBe('budi.santoso@example.com');
    expect(await page.locator('#person-region-picker').innerText()).toMatch(
      /Jawa Barat.*Kota Bandung.*Coblong/i,
    );
    expect(await page.getByTestId('person-education').innerText()).not.toBe('');
    expect(await page.getByTestId('person-residence-1').getAttribute('aria-checked')).toBe('true');
    await snap(page, '33-onboarding-person-filled');
    await page.getByTestId('step-submit').click();
    await page.waitForURL('**/user-into/job-info');
  });

  it('leaves half-way through the job step, reloads, and resumes where it stopped with nothing saved lost', async () => {
    const { page } = journey;
    await page.getByTestId('job-has-job-true').click();
    await page.goto('/home');
    await page.getByTestId('page-unaudited').waitFor();
    await page.reload();
    await page.getByTestId('cek-limit').click();
    await page.waitForURL('**/user-into/job-info');
    expect(await page.getByTestId('step-person-info').getAttribute('data-state')).toBe('done');
    // What was saved is there again.
    await page.goto('/user-into/person-info');
    expect(await page.getByTestId('person-email').inputValue()).toBe('budi.santoso@example.com');
    expect(await page.locator('#person-region-picker').innerText()).toContain('Coblong');
    await page.goto('/user-into');
    await page.waitForURL('**/user-into/job-info');
  });

  it('fills the job information (with a job)', async () => {
    const { page } = journey;
    await snapBothLanguages('34-onboarding-job', 'job-has-job-true');
    await page.getByTestId('job-has-job-true').click();
    await pickOption(page, 'job-career', 1);
    await pickOption(page, 'job-income-source', 1);
    await pickOption(page, 'job-salary', 3);
    await page.getByTestId('job-salary-day').fill('25');
    await page.getByTestId('job-income').pressSequentially('5500000');
    expect(await page.getByTestId('job-income').inputValue()).toBe('5.500.000');
    await page.getByTestId('job-spending').pressSequentially('2000000');
    await pickOption(page, 'job-other-loan', 3);
    await page.getByTestId('job-other-platforms').fill('0');
    await reloadOnceDrafted(page, 'job-info', {
      salary_day: '25',
      income: '5.500.000',
      other_platforms: '0',
    });
    await page.getByTestId('job-income').waitFor();
    expect(await page.getByTestId('job-income').inputValue()).toBe('5.500.000');
    expect(await page.getByTestId('job-spending').inputValue()).toBe('2.000.000');
    expect(await page.getByTestId('job-salary-day').inputValue()).toBe('25');
    expect(await page.getByTestId('job-has-job-true').getAttribute('aria-checked')).toBe('true');
    await page.getByTestId('step-submit').click();
    await page.waitForURL('**/user-into/work-info');
  });

  it('fills the work information', async () => {
    const { page } = journey;
    await snapBothLanguages('35-onboarding-work', 'work-company-name');
    await page.getByTestId('work-company-name').fill('PT Maju Jaya');
    await page.getByTestId('work-company-phone').fill('022 2501234');
    await pickRegion(page, 'work-region-picker', ['Jawa Barat', 'Kota Bandung', 'Sukajadi']);
    await page.getByTestId('work-address').fill('Jl. Sukajadi No. 10');
    await reloadOnceDrafted(page, 'work-info', {
      company_name: 'PT Maju Jaya',
      address: 'Jl. Sukajadi No. 10',
    });
    await page.getByTestId('work-company-name').waitFor();
    expect(await page.getByTestId('work-company-name').inputValue()).toBe('PT Maju Jaya');
    expect(await page.getByTestId('work-company-phone').inputValue()).toBe('022 2501234');
    expect(await page.locator('#work-region-picker').innerText()).toContain('Sukajadi');
    await page.getByTestId('step-submit').click();
    await page.waitForURL('**/user-into/contacts');
  });

  it('adds two emergency contacts typed by hand, different phones, with consent', async () => {
    const { page } = journey;
    await snapBothLanguages('36-onboarding-contacts', 'contact-0-phone');
    expect(await page.getByTestId('contact-0-phone').getAttribute('inputmode')).toBe('tel');
    await pickOption(page, 'contact-0-relation', 2);
    await page.getByTestId('contact-0-name').fill('Siti Aminah');
    await page.getByTestId('contact-0-phone').fill('081234560001');
    await pickOption(page, 'contact-1-relation', 7);
    await page.getByTestId('contact-1-name').fill('Andi Wijaya');
    await page.getByTestId('contact-1-phone').fill('081234560001');
    await page.getByTestId('contacts-expect-amount').pressSequentially('3000000');
    await pickOption(page, 'contacts-expect-period', 6);
    await page.getByTestId('contacts-consent').check();
    await reloadOnceDrafted(page, 'contacts', {
      socials: [
        { name: 'Siti Aminah', phone: '081234560001' },
        { name: 'Andi Wijaya', phone: '081234560001' },
      ],
      contact_consent: true,
    });
    await page.getByTestId('contact-1-name').waitFor();
    expect(await page.getByTestId('contact-0-name').inputValue()).toBe('Siti Aminah');
    expect(await page.getByTestId('contact-1-name').inputValue()).toBe('Andi Wijaya');
    expect(await page.getByTestId('contacts-expect-amount').inputValue()).toBe('3.000.000');
    expect(await page.getByTestId('contacts-consent').isChecked()).toBe(true);
    await page.getByTestId('step-submit').click();
    await expect.poll(() => page.getByTestId('contact-1-phone').getAttribute('aria-invalid')).toBe('true');
    await page.getByTestId('contact-1-phone').fill('081234560002');
    await page.getByTestId('step-submit').click();
    await page.waitForURL('**/home/add-bank');
  });

  it('adds the bank account: a name mismatch and a closed account are explained, a valid one is saved', async () => {
    const { page } = journey;
    await snapBothLanguages('37-onboarding-bank', 'bank-card-num');
    expect(await page.getByTestId('step-count').innerText()).toBe('Step 6 of 6');
    expect(await page.getByTestId('bank-holder').inputValue()).toBe(KTP_NAME);
    await page.getByTestId('bank-bank').click();
    await page.locator('[data-testid^="bank-bank-option-"]').first().click();

    await page.getByTestId('bank-card-num').fill(ACCOUNT.nameMismatch);
    await page.getByTestId('step-submit').click();
    await expect.poll(() => page.getByTestId('bank-refusal').innerText()).toMatch(/does not match the name/);
    await snap(page, '38-onboarding-bank-mismatch');

    await page.getByTestId('bank-card-num').fill(ACCOUNT.closed);
    await page.getByTestId('step-submit').click();
    await expect
      .poll(() => page.getByTestId('bank-refusal').innerText())
      .toMatch(/does not exist or is closed/);

    await page.getByTestId('bank-card-num').fill(ACCOUNT.valid);
    const bankChosen = await page.getByTestId('bank-bank').innerText();
    // A reload (the SMS or banking app took over) keeps the bank and the number typed.
    await reloadOnceDrafted(page, 'bank', { card_num: ACCOUNT.valid });
    await page.getByTestId('bank-card-num').waitFor();
    expect(await page.getByTestId('bank-card-num').inputValue()).toBe(ACCOUNT.valid);
    // The bank's name shows once the bank list has arrived after the reload.
    await expect.poll(() => page.getByTestId('bank-bank').innerText()).toBe(bankChosen);
    await page.getByTestId('step-submit').click();
    await page.waitForURL('**/user-into');
    await page.getByTestId('profile-complete').waitFor();
    await snapBothLanguages('39-onboarding-complete', 'profile-complete');
  });

  it('the saved account shows masked, and every step is ticked', async () => {
    const { page } = journey;
    await page.goto('/home/add-bank');
    await page.getByTestId('bank-saved').waitFor();
    const masked = await page.getByTestId('bank-saved-number').innerText();
    expect(masked).not.toContain(ACCOUNT.valid);
    expect(masked).toContain(ACCOUNT.valid.slice(-4));
    for (const step of ['ktp', 'person-info', 'job-info', 'work-info', 'contacts', 'bank'])
      expect(await page.getByTestId(`step-${step}`).getAttribute('data-state')).toBe('done');
    await snap(page, '40-onboarding-bank-saved');
    await checkPageAtWidths(page, '40-onboarding-bank-saved');
    // The KTP cannot be changed any more.
    await page.goto('/user-into/ktp');
    await page.getByTestId('ktp-submitted').waitFor();
    expect(await page.getByTestId('ktp-nik').isDisabled()).toBe(true);
  });

  it('the same KTP on another account is refused beside the NIK, and the message stays', async () => {
    const other = await phoneContext(journey.page.context().browser()!, journey.server.baseUrl);
    try {
      const page = await other.newPage();
      await page.goto('/login/main');
      await waitForHydration(page);
      await page.getByTestId('login-phone').fill(OTHER_PHONE_TYPED);
      await page.getByTestId('send-code').click();
      await page.getByTestId('sms-code').fill(await waitForCode(journey.server.baseUrl, OTHER_PHONE));
      await page.getByTestId('consent').click();
      await page.getByTestId('login-submit').click();
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await page.goto('/user-into/ktp');
      await page
        .getByTestId('ktp-photo-input')
        .setInputFiles({ name: 'ktp.jpg', mimeType: 'image/jpeg', buffer: await ktpPhoto() });
      await page.getByTestId('ocr-read').waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('ktp-nik').inputValue()).toBe(NIK);
      await chooseKtpOptions(page);
      await page.getByTestId('step-submit').click();
      const nikField = page.locator('.kk-field', { has: page.getByTestId('ktp-nik') });
      const message = nikField.getByRole('alert');
      await message.waitFor();
      const said = /already registered to another account|sudah terdaftar di akun lain/;
      expect(await message.innerText()).toMatch(said);
      await snap(page, '41-onboarding-nik-registered');
      await page.waitForTimeout(4000);
      expect(await message.innerText()).toMatch(said);
      expect(await page.locator('.adm-toast-main').count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe('/user-into/ktp');
    } finally {
      await other.close();
    }
  });

  it("the server's log holds none of the personal data this journey typed or read", () => {
    const log = journey.server.log();
    // It did log the journey: a line for each request.
    expect(log).toContain('request completed');
    const personal = {
      phone: PHONE_NORMALISED,
      'phone as typed': PHONE_NORMALISED.slice(2),
      NIK,
      'KTP name': KTP_NAME,
      "mother's maiden name": 'Siti Rahma',
      employer: 'PT Maju Jaya',
      'emergency contact': 'Siti Aminah',
      "contact's phone": '81234560001',
      'bank account number': ACCOUNT.valid,
    };
    for (const [what, value] of Object.entries(personal)) {
      expect(log.toLowerCase().includes(value.toLowerCase()), `the log holds the ${what}`).toBe(false);
    }
  });
});

import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OcrResult } from '@kaskita/domain/contract/profile';
import { configureApi } from '../../../lib/api-effects.ts';
import { LOCAL_KEYS } from '../../../lib/storage-keys.ts';
import { answer, callOf } from '../../../test/api-answer.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { KtpStep } from './ktp-step.tsx';
import { emptyBase, formBody, profileServer, progressOf } from './profile-test-fixtures.ts';

const fetch = vi.fn();
beforeEach(() => {
  fetch.mockReset();
  vi.stubGlobal('fetch', fetch);
  // jsdom has no object URLs: the preview only needs one to exist.
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:ktp'), revokeObjectURL: vi.fn() }),
  );
  configureApi({ error: vi.fn(), warning: vi.fn(), navigate: vi.fn() });
  localStorage.setItem(LOCAL_KEYS.token, 'tok');
});

const read: OcrResult = {
  ktp_id_number: '3273012505900001',
  name: 'BUDI SANTOSO',
  date_of_birth: '1990-05-25',
  gender: 1,
  religion: 1,
  marital: 2,
  confidence: 0.88,
};
const photo = () => new File([new Uint8Array([0xff, 0xd8, 0xff])], 'ktp.jpg', { type: 'image/jpeg' });
const input = (id: string) => screen.getByTestId<HTMLInputElement>(id);

describe('KTP step', () => {
  it('uploads the photo as multipart id_card, pre-fills what OCR read, and saves the confirmed identity', async () => {
    fetch.mockImplementation(
      profileServer({
        getProfileProgress: progressOf([], 'ktp'),
        getBaseProfile: emptyBase,
        ocrCheck: read,
        saveKtp: progressOf(['ktp'], 'person-info'),
      }),
    );
    const app = renderApp(<KtpStep />, { path: '/user-into/ktp' });
    const file = await screen.findByTestId<HTMLInputElement>('ktp-photo-input');
    expect(file.accept).toBe('image/*');
    expect(file.getAttribute('capture')).toBe('environment');
    expect(screen.getByTestId('ktp-warning').textContent).toMatch(/cannot be changed/);
    await app.user.upload(file, photo());

    await screen.findByTestId('ocr-read');
    const upload = fetch.mock.calls.find((c) => callOf(c) === 'ocrCheck')!;
    const body = (upload[1] as RequestInit).body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect((body.get('id_card') as File).type).toBe('image/jpeg');
    expect(screen.getByTestId<HTMLImageElement>('ktp-preview').src).toBe('blob:ktp');
    expect(input('ktp-nik').value).toBe('3273012505900001');
    expect(input('ktp-nik').inputMode).toBe('numeric');
    expect(input('ktp-name').value).toBe('BUDI SANTOSO');
    expect(screen.getByTestId('ktp-birth-date').textContent).toBe('25/05/1990');
    expect(screen.getByTestId('ktp-gender').textContent).toBe('Male');
    expect(screen.getByTestId('ktp-marriage').textContent).toBe('Single');

    // The borrower corrects a misread name before confirming.
    await app.user.clear(input('ktp-name'));
    await app.user.type(input('ktp-name'), 'Budi Santoso');
    await app.user.click(screen.getByTestId('step-submit'));
    await waitFor(() => expect(app.location()).toBe('/user-into/person-info'));
    const save = fetch.mock.calls.find((c) => callOf(c) === 'saveKtp')!;
    expect(formBody(save[1] as RequestInit)).toEqual({
      cardid: '3273012505900001',
      name: 'Budi Santoso',
      birth_date: '1990-05-25',
      gender: '1',
      religion: '1',
      marriage: '2',
    });
  });

  it('a read it is not sure of never blocks: it says so and the borrower types', async () => {
    fetch.mockImplementation(
      profileServer({
        getProfileProgress: progressOf([], 'ktp'),
        getBaseProfile: emptyBase,
        ocrCheck: { ...read, ktp_id_number: null, name: null, confidence: 0.2 },
      }),
    );
    const app = renderApp(<KtpStep />, { path: '/user-into/ktp' });
    await app.user.upload(await screen.findByTestId('ktp-photo-input'), photo());
    expect((await screen.findByTestId('ocr-failed')).textContent).toMatch(/couldn't read it, please type/);
    expect(input('ktp-nik').value).toBe('');
    expect(input('ktp-nik').disabled).toBe(false);
    await app.user.type(input('ktp-nik'), '3273012505900001');
    expect(input('ktp-nik').value).toBe('3273012505900001');
  });

  it('a failed upload says why, lets the borrower type, and asks for a photo before saving', async () => {
    fetch.mockImplementation(
      profileServer({
        getProfileProgress: progressOf([], 'ktp'),
        getBaseProfile: emptyBase,
        ocrCheck: () => answer(4150, null, 'This type of content is not accepted'),
      }),
    );
    const app = renderApp(<KtpStep />, { path: '/user-into/ktp' });
    await app.user.upload(await screen.findByTestId('ktp-photo-input'), photo());
    const notice = await screen.findByTestId('ocr-failed');
    expect(notice.textContent).toMatch(/not accepted.*please type/);
    await app.user.click(screen.getByTestId('step-submit'));
    expect(await screen.findByText('Please upload a photo of your KTP first')).toBeTruthy();
    expect(fetch.mock.calls.some((c) => callOf(c) === 'saveKtp')).toBe(false);
  });

  it('once submitted the identity is read-only, the NIK masked and the stored photo shown', async () => {
    fetch.mockImplementation(
      profileServer({
        getProfileProgress: progressOf(['ktp'], 'person-info'),
        getBaseProfile: {
          ...emptyBase,
          ktp_submitted: true,
          ktp_photo: true,
          cardid_masked: '3273**********01',
          name: 'Budi Santoso',
          birth_date: '1990-05-25',
          gender: 1,
          religion: 1,
          marriage: 2,
        },
        getKtpPhoto: { content_type: 'image/jpeg', data: '/9j/AA==' },
      }),
    );
    const app = renderApp(<KtpStep />, { path: '/user-into/ktp' });
    await screen.findByTestId('ktp-submitted');
    expect(input('ktp-nik').value).toBe('3273**********01');
    expect(screen.getByTestId<HTMLFieldSetElement>('step-fields').disabled).toBe(true);
    expect(screen.queryByTestId('step-submit')).toBeNull();
    await waitFor(() =>
      expect(screen.getByTestId<HTMLImageElement>('ktp-preview').src).toBe('data:image/jpeg;base64,/9j/AA=='),
    );
    await app.user.click(screen.getByTestId('step-next'));
    await waitFor(() => expect(app.location()).toBe('/user-into/person-info'));
  });
});

describe('KTP step: the NIK checked on the phone', () => {
  // The age is counted from the borrower's local date: a fixed one keeps the cases below true in later years.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 2, 1, 10, 0));
  });
  afterEach(() => vi.useRealTimers());

  const alertUnder = (id: string) =>
    screen.getByTestId(id).closest('.kk-field')!.querySelector('[role=alert]');

  /** The KTP page with `ocr` read from the photo, submitted once. */
  async function submitRead(ocr: Partial<OcrResult>) {
    fetch.mockImplementation(
      profileServer({
        getProfileProgress: progressOf([], 'ktp'),
        getBaseProfile: emptyBase,
        ocrCheck: { ...read, ...ocr },
        saveKtp: progressOf(['ktp'], 'person-info'),
      }),
    );
    const app = renderApp(<KtpStep />, { path: '/user-into/ktp' });
    await app.user.upload(await screen.findByTestId('ktp-photo-input'), photo());
    await screen.findByTestId('ocr-read');
    await app.user.click(screen.getByTestId('step-submit'));
    return app;
  }

  it.each([
    [
      'a birth date other than the NIK’s',
      { date_of_birth: '1990-05-26' },
      'The NIK does not match the birth date. Please check both against your KTP',
    ],
    [
      'a gender other than the NIK’s (40 added to the day for women)',
      { gender: 2 },
      'The NIK does not match the gender. Please check both against your KTP',
    ],
    [
      'a NIK whose date part is no date',
      { ktp_id_number: '3273013305900001' },
      'Digits 7-12 of the NIK are not a valid date. Please check your KTP',
    ],
  ])('%s is shown under the NIK, without a call', async (_, ocr, message) => {
    await submitRead(ocr);
    await waitFor(() => expect(input('ktp-nik').getAttribute('aria-invalid')).toBe('true'));
    expect(alertUnder('ktp-nik')?.textContent).toBe(message);
    expect(screen.getByTestId('ktp-birth-date').getAttribute('aria-invalid')).toBeNull();
    expect(fetch.mock.calls.some((c) => callOf(c) === 'saveKtp')).toBe(false);
  });

  it('an age outside 21-60 is shown under the birth date, a mismatch at the same time under the NIK', async () => {
    // 25 May 2010, a woman's NIK (65 = 25 + 40), read as a man.
    await submitRead({ ktp_id_number: '3273016505100001', date_of_birth: '2010-05-25', gender: 1 });
    await waitFor(() =>
      expect(screen.getByTestId('ktp-birth-date').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(alertUnder('ktp-birth-date')?.textContent).toBe('KasKita lends to borrowers aged 21 to 60');
    expect(alertUnder('ktp-nik')?.textContent).toBe(
      'The NIK does not match the gender. Please check both against your KTP',
    );
    expect(fetch.mock.calls.some((c) => callOf(c) === 'saveKtp')).toBe(false);
  });

  it('once the NIK is corrected the identity is saved', async () => {
    const app = await submitRead({ gender: 2 });
    await waitFor(() => expect(input('ktp-nik').getAttribute('aria-invalid')).toBe('true'));
    await app.user.clear(input('ktp-nik'));
    // Editing takes the message away at once; the corrected NIK is checked again on the next press.
    expect(input('ktp-nik').getAttribute('aria-invalid')).toBeNull();
    await app.user.type(input('ktp-nik'), '3273016505900001');
    await app.user.click(screen.getByTestId('step-submit'));
    await waitFor(() => expect(app.location()).toBe('/user-into/person-info'));
    const save = fetch.mock.calls.find((c) => callOf(c) === 'saveKtp')!;
    expect(formBody(save[1] as RequestInit)).toMatchObject({ cardid: '3273016505900001', gender: '2' });
  });

  it('a NIK registered to another account is said beside the NIK, not in a toast, until it is edited', async () => {
    const toastError = vi.fn();
    configureApi({ error: toastError, warning: vi.fn(), navigate: vi.fn() });
    fetch.mockImplementation(
      profileServer({
        getProfileProgress: progressOf([], 'ktp'),
        getBaseProfile: emptyBase,
        ocrCheck: read,
        saveKtp: () =>
          answer(4263, { fields: { cardid: 'nik.registered' } }, 'This KTP number is already registered'),
      }),
    );
    const app = renderApp(<KtpStep />, { path: '/user-into/ktp' });
    await app.user.upload(await screen.findByTestId('ktp-photo-input'), photo());
    await screen.findByTestId('ocr-read');
    await app.user.click(screen.getByTestId('step-submit'));
    await waitFor(() => expect(input('ktp-nik').getAttribute('aria-invalid')).toBe('true'));
    expect(alertUnder('ktp-nik')?.textContent).toBe(
      'This NIK is already registered to another account. Please contact customer service',
    );
    // Beside it, the way to customer service: Help with the complaint form on personal data.
    expect(screen.getByTestId('ktp-nik-support').getAttribute('href')).toBe(
      '/me/help?category=personal_data',
    );
    expect(toastError).not.toHaveBeenCalled();
    expect(screen.queryByTestId('ktp-error')).toBeNull();
    expect(app.location()).toBe('/user-into/ktp');
    await app.user.type(input('ktp-nik'), '{Backspace}');
    expect(input('ktp-nik').getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByTestId('ktp-nik-support')).toBeNull();
  });

  it('a refusal that names no field stays in a banner above the button', async () => {
    fetch.mockImplementation(
      profileServer({
        getProfileProgress: progressOf([], 'ktp'),
        getBaseProfile: emptyBase,
        ocrCheck: read,
        saveKtp: () => answer(4261, null, 'The KTP has already been submitted'),
      }),
    );
    const app = renderApp(<KtpStep />, { path: '/user-into/ktp' });
    await app.user.upload(await screen.findByTestId('ktp-photo-input'), photo());
    await screen.findByTestId('ocr-read');
    await app.user.click(screen.getByTestId('step-submit'));
    const banner = await screen.findByTestId('ktp-error');
    expect(banner.getAttribute('role')).toBe('alert');
    expect(banner.textContent).toContain('The KTP has already been submitted');
    // 4261 sends the borrower to customer service: the banner links Help on personal data.
    expect(screen.getByTestId('ktp-error-support').getAttribute('href')).toBe(
      '/me/help?category=personal_data',
    );
    // Editing the form is acting on it: the banner goes.
    await app.user.type(input('ktp-nik'), '{Backspace}');
    expect(screen.queryByTestId('ktp-error')).toBeNull();
  });

  it('says nothing of the NIK until the fields it is checked against are filled', async () => {
    fetch.mockImplementation(
      profileServer({
        getProfileProgress: progressOf([], 'ktp'),
        getBaseProfile: emptyBase,
        ocrCheck: { ...read, date_of_birth: null, gender: null },
      }),
    );
    const app = renderApp(<KtpStep />, { path: '/user-into/ktp' });
    await app.user.upload(await screen.findByTestId('ktp-photo-input'), photo());
    await screen.findByTestId('ocr-read');
    await app.user.click(screen.getByTestId('step-submit'));
    await waitFor(() =>
      expect(alertUnder('ktp-birth-date')?.textContent).toBe('Please select your birth date'),
    );
    expect(input('ktp-nik').getAttribute('aria-invalid')).toBeNull();
  });
});

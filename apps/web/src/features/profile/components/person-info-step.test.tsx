import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BaseProfileView } from '@kaskita/domain/contract/profile';
import type { CallId } from '@kaskita/domain/contract/endpoints';
import type { Area } from '@kaskita/domain/contract/regions';
import { configureApi } from '../../../lib/api-effects.ts';
import { LOCAL_KEYS } from '../../../lib/storage-keys.ts';
import { allowSheetTaps } from '../../../test/bottom-sheet-setup.ts';
import { answer, callOf } from '../../../test/api-answer.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { regionSheetOption } from '../../../test/region-sheet.ts';
import { PersonInfoStep } from './person-info-step.tsx';
import { emptyBase, formBody, profileServer, progressOf } from './profile-test-fixtures.ts';

const area = (id: string, name: string): Area => ({ id, name, leaf: id.split('.').length === 4 });
const AREAS: Record<string, Area[]> = {
  '': [area('31', 'Daerah Khusus Ibukota Jakarta'), area('32', 'Jawa Barat')],
  '32': [area('32.73', 'Kota Bandung')],
  '32.73': [area('32.73.02', 'Coblong')],
  '32.73.02': [area('32.73.02.1004', 'Dago'), area('32.73.02.1001', 'Lebakgede')],
};

const fetch = vi.fn();
allowSheetTaps();
beforeEach(() => {
  fetch.mockReset();
  vi.stubGlobal('fetch', fetch);
  configureApi({ error: vi.fn(), warning: vi.fn(), navigate: vi.fn() });
  localStorage.setItem(LOCAL_KEYS.token, 'tok');
  sessionStorage.clear();
});

/** The profile calls from `answers`, and the regions' levels from AREAS. */
function serve(answers: Parameters<typeof profileServer>[0]) {
  const profile = profileServer(answers);
  fetch.mockImplementation((...call: unknown[]) => {
    if (callOf(call) !== 'getAreas') return profile(...call);
    const pid = new URL(String(call[0]), 'http://x').searchParams.get('pid') ?? '';
    return Promise.resolve(answer(200, { list: AREAS[pid] ?? [] }));
  });
}

const bodyOf = (id: CallId) => {
  const call = fetch.mock.calls.find((c) => callOf(c) === id);
  return call ? formBody(call[1] as RequestInit) : undefined;
};

const afterKtp: BaseProfileView = {
  ...emptyBase,
  ktp_submitted: true,
  ktp_photo: true,
  cardid_masked: '3273**********01',
  name: 'BUDI SANTOSO',
  birth_date: '1990-05-25',
  gender: 1,
  religion: 1,
  marriage: 2,
  education: 6,
  mother_maiden_name: 'Siti Aminah',
  address: 'Jl. Dago 1',
  zip_code: '40135',
  live_duration: 3,
};
const withRegion: BaseProfileView = {
  ...afterKtp,
  province: '32',
  city: '32.73',
  districts: '32.73.02',
  sub_districts: '32.73.02.1004',
  region_label: 'Jawa Barat / Kota Bandung / Coblong / Dago',
  email: 'budi@example.com',
  residential_status: 2,
};

const regionButton = () => within(screen.getByTestId('person-region')).getByRole('button');

// The sheets and the typing take seconds of simulated taps: past the 5 s default on a busy machine.
describe('personal information step', { timeout: 20_000 }, () => {
  it('sends the chosen region as province/city/districts/sub_districts, then email and home ownership in the second call', async () => {
    serve({
      getProfileProgress: progressOf(['ktp'], 'person-info'),
      getBaseProfile: afterKtp,
      saveBaseProfile: progressOf(['ktp'], 'person-info'),
      saveOtherInfo: progressOf(['ktp', 'person-info'], 'job-info'),
    });
    const app = renderApp(<PersonInfoStep />, { path: '/user-into/person-info' });
    expect((await screen.findByTestId<HTMLInputElement>('person-zip')).value).toBe('40135');
    expect(screen.getByTestId('person-education').textContent).toBe("Bachelor's degree (S1/D4)");

    await app.user.click(regionButton());
    for (const name of ['Jawa Barat', 'Kota Bandung', 'Coblong', 'Dago'])
      await app.user.click(await regionSheetOption(name));
    await waitFor(() =>
      expect(regionButton().textContent).toBe('Jawa Barat / Kota Bandung / Coblong / Dago'),
    );
    await app.user.type(screen.getByTestId('person-email'), 'Budi@Example.com');
    await app.user.click(screen.getByTestId('person-residence-1'));
    await app.user.click(screen.getByTestId('step-submit'));
    await waitFor(() => expect(app.location()).toBe('/user-into/job-info'));

    const saves = fetch.mock.calls
      .map(callOf)
      .filter((id) => id.startsWith('save') && id !== 'saveProfileDraft');
    expect(saves).toEqual(['saveBaseProfile', 'saveOtherInfo']);
    expect(bodyOf('saveBaseProfile')).toEqual({
      education: '6',
      mother_maiden_name: 'Siti Aminah',
      province: '32',
      city: '32.73',
      districts: '32.73.02',
      sub_districts: '32.73.02.1004',
      address: 'Jl. Dago 1',
      zip_code: '40135',
      live_duration: '3',
    });
    // As the shared schema normalises it, the form the server compares.
    expect(bodyOf('saveOtherInfo')).toEqual({ email: 'budi@example.com', residential_status: '1' });
  });

  it('reopens on the saved region and keeps only digits in the postal code', async () => {
    serve({ getProfileProgress: progressOf(['ktp'], 'person-info'), getBaseProfile: withRegion });
    const app = renderApp(<PersonInfoStep />, { path: '/user-into/person-info' });
    const zip = await screen.findByTestId<HTMLInputElement>('person-zip');
    expect(regionButton().textContent).toBe('Jawa Barat / Kota Bandung / Coblong / Dago');
    expect(screen.getByTestId('person-residence-2').getAttribute('aria-checked')).toBe('true');
    await app.user.clear(zip);
    await app.user.type(zip, '40-1 35');
    expect(zip.value).toBe('40135');
    expect(zip.inputMode).toBe('numeric');
  });

  it("the server's region.chain refusal lands on the region field, and the second call is not made", async () => {
    serve({
      getProfileProgress: progressOf(['ktp'], 'person-info'),
      getBaseProfile: withRegion,
      saveBaseProfile: () => answer(4000, { fields: { sub_districts: 'region.chain' } }),
    });
    const app = renderApp(<PersonInfoStep />, { path: '/user-into/person-info' });
    await app.user.click(await screen.findByTestId('step-submit'));
    const region = screen.getByTestId('person-region');
    expect((await within(region).findByRole('alert')).textContent).toBe(
      'The province, city, district and village do not belong together. Please choose them again',
    );
    expect(regionButton().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(bodyOf('saveOtherInfo')).toBeUndefined();
    expect(app.location()).toBe('/user-into/person-info');
  });

  it('asks for every missing answer at once, under its field, without a call', async () => {
    serve({ getProfileProgress: progressOf(['ktp'], 'person-info'), getBaseProfile: emptyBase });
    const app = renderApp(<PersonInfoStep />, { path: '/user-into/person-info' });
    await app.user.click(await screen.findByTestId('step-submit'));
    await waitFor(() => expect(regionButton().getAttribute('aria-invalid')).toBe('true'));
    for (const id of ['person-education', 'person-mother-name', 'person-zip', 'person-email'])
      expect(screen.getByTestId(id).getAttribute('aria-invalid')).toBe('true');
    expect(fetch.mock.calls.map(callOf).filter((id) => id.startsWith('save'))).toEqual([]);
  });

  it('opens on the draft typed before a reload, over what was saved', async () => {
    serve({
      getProfileProgress: progressOf(['ktp'], 'person-info'),
      getBaseProfile: afterKtp,
      getProfileDraft: {
        step: 'person-info',
        values: {
          mother_maiden_name: 'Dewi Lestari',
          province: '32',
          city: '32.73',
          districts: '32.73.02',
          sub_districts: '32.73.02.1001',
          region_label: 'Jawa Barat / Kota Bandung / Coblong / Lebakgede',
          zip_code: '',
          residential_status: 2,
          // Not a field of this form, or not of its kind: ignored.
          nik: '3273021708900001',
          education: 'S1',
        },
        saved_at: '2026-11-26T10:00:00.000Z',
      },
    });
    renderApp(<PersonInfoStep />, { path: '/user-into/person-info' });
    expect((await screen.findByTestId<HTMLInputElement>('person-mother-name')).value).toBe('Dewi Lestari');
    expect(regionButton().textContent).toBe('Jawa Barat / Kota Bandung / Coblong / Lebakgede');
    expect(screen.getByTestId<HTMLInputElement>('person-zip').value).toBe('');
    expect(screen.getByTestId('person-residence-2').getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('person-education').textContent).toBe("Bachelor's degree (S1/D4)");
  });

  it('saves what is typed as a server draft, never in web storage, and forgets it once the step is saved', async () => {
    serve({
      getProfileProgress: progressOf(['ktp'], 'person-info'),
      getBaseProfile: withRegion,
      getProfileDraft: { step: 'person-info', values: null, saved_at: null },
      saveProfileDraft: (init: RequestInit) => {
        const body = formBody(init);
        return answer(200, {
          step: body.step,
          values: body.values ? JSON.parse(body.values) : null,
          saved_at: null,
        });
      },
      saveBaseProfile: progressOf(['ktp'], 'person-info'),
      saveOtherInfo: progressOf(['ktp', 'person-info'], 'job-info'),
    });
    const app = renderApp(<PersonInfoStep />, { path: '/user-into/person-info' });
    const mother = await screen.findByTestId<HTMLInputElement>('person-mother-name');
    await app.user.clear(mother);
    await app.user.type(mother, 'Dewi Lestari');
    const drafts = () =>
      fetch.mock.calls
        .filter((c) => callOf(c) === 'saveProfileDraft')
        .map((c) => formBody(c[1] as RequestInit));
    // One save after the pause in typing, not one per key.
    await waitFor(() => expect(drafts()).toHaveLength(1), { timeout: 3000 });
    const [first] = drafts();
    expect(first?.step).toBe('person-info');
    expect(JSON.parse(first!.values!)).toMatchObject({
      mother_maiden_name: 'Dewi Lestari',
      sub_districts: '32.73.02.1004',
      email: 'budi@example.com',
    });
    const stored = JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage });
    expect(stored).not.toMatch(/Dewi|Lestari|budi@example|Dago|32\.73/);

    await app.user.click(screen.getByTestId('step-submit'));
    await waitFor(() => expect(app.location()).toBe('/user-into/job-info'));
    await waitFor(() => expect(drafts()).toHaveLength(2));
    expect(drafts()[1]).toEqual({ step: 'person-info' });
  });
});

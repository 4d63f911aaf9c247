import { screen, waitFor, within } from '@testing-library/react';
import { useForm, Controller } from 'react-hook-form';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Area } from '@kaskita/domain/contract/regions';
import { configureApi } from '../../../lib/api-effects.ts';
import { SESSION_KEYS } from '../../../lib/storage-keys.ts';
import { allowSheetTaps } from '../../../test/bottom-sheet-setup.ts';
import { answer, offline } from '../../../test/api-answer.ts';
import { createTestQueryClient, renderApp } from '../../../test/render-app.tsx';
import { regionSheet, regionSheetOption } from '../../../test/region-sheet.ts';
import { RegionPicker, type RegionValue } from './region-picker.tsx';

const area = (id: string, name: string): Area => ({ id, name, leaf: id.split('.').length === 4 });
const AREAS: Record<string, Area[]> = {
  '': [area('11', 'Aceh'), area('31', 'Daerah Khusus Ibukota Jakarta'), area('32', 'Jawa Barat')],
  '32': [area('32.04', 'Kabupaten Bandung'), area('32.73', 'Kota Bandung'), area('32.77', 'Kota Cimahi')],
  '32.04': [area('32.04.39', 'Ciwidey')],
  '32.73': [area('32.73.02', 'Coblong'), area('32.73.14', 'Sukajadi')],
  '32.73.02': [area('32.73.02.1004', 'Dago'), area('32.73.02.1001', 'Lebakgede')],
  '32.04.39': [area('32.04.39.2001', 'Ciwidey')],
};

const fetch = vi.fn();
const pidOf = (call: unknown[]) => new URL(String(call[0]), 'http://x').searchParams.get('pid') ?? '';
const askedPids = () => fetch.mock.calls.map(pidOf);

allowSheetTaps();
beforeEach(() => {
  fetch.mockReset();
  fetch.mockImplementation((url: string) =>
    Promise.resolve(answer(200, { list: AREAS[pidOf([url])] ?? [] })),
  );
  vi.stubGlobal('fetch', fetch);
  configureApi({ error: vi.fn(), warning: vi.fn(), navigate: vi.fn() });
});

/** The picker as the profile forms will use it: inside react-hook-form, through a Controller. */
function AddressForm({
  onSubmit,
  initial,
}: {
  onSubmit: (v: { area: RegionValue | null }) => void;
  initial?: RegionValue;
}) {
  const { control, handleSubmit, formState } = useForm<{ area: RegionValue | null }>({
    defaultValues: { area: initial ?? null },
  });
  return (
    <form onSubmit={handleSubmit(onSubmit)}>
      <Controller
        control={control}
        name="area"
        rules={{ required: 'Choose your area' }}
        render={({ field, fieldState }) => (
          <RegionPicker label="Home address area" {...field} error={fieldState.error?.message} />
        )}
      />
      <output data-testid="touched">{formState.touchedFields.area ? 'touched' : 'untouched'}</output>
      <button type="submit">Save</button>
    </form>
  );
}

const DAGO: RegionValue = {
  province: '32',
  city: '32.73',
  district: '32.73.02',
  village: '32.73.02.1004',
  names: { province: 'Jawa Barat', city: 'Kota Bandung', district: 'Coblong', village: 'Dago' },
};

function setup(initial?: RegionValue, client = createTestQueryClient()) {
  const onSubmit = vi.fn();
  const app = renderApp(<AddressForm onSubmit={onSubmit} initial={initial} />, { client });
  const field = () => screen.getByRole('button', { name: 'Home address area' });
  return { ...app, onSubmit, field, sheet: regionSheet, option: regionSheetOption };
}

describe('RegionPicker', () => {
  it('picks province, city, district and village in turn, and gives the form the whole path', async () => {
    const f = setup();
    expect(f.field().textContent).toBe('Province, city, district, village');
    await f.user.click(f.field());
    expect(f.field().getAttribute('aria-expanded')).toBe('true');
    await f.user.click(await f.option('Jawa Barat'));
    await f.user.click(await f.option('Kota Bandung'));
    await f.user.click(await f.option('Coblong'));
    await f.user.click(await f.option('Dago'));
    await waitFor(() => expect(f.field().textContent).toBe('Jawa Barat / Kota Bandung / Coblong / Dago'));
    expect(f.field().getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByTestId('touched').textContent).toBe('touched');
    expect(askedPids()).toEqual(['', '32', '32.73', '32.73.02']);
    await f.user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(f.onSubmit).toHaveBeenCalled());
    expect(f.onSubmit.mock.calls[0]?.[0]).toEqual({ area: DAGO });
  });

  it('steps back through the level tabs; a different choice there drops the levels below it', async () => {
    const f = setup();
    await f.user.click(f.field());
    await f.user.click(await f.option('Jawa Barat'));
    await f.user.click(await f.option('Kota Bandung'));
    const tabs = within(within(f.sheet()).getByRole('navigation', { name: 'Area levels' }));
    expect(tabs.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Jawa Barat',
      'Kota Bandung',
      'Choose',
    ]);
    await f.user.click(tabs.getByRole('button', { name: 'City/Regency: Kota Bandung' }));
    // The city level again, the current choice marked.
    expect((await f.option('Kota Bandung')).getAttribute('aria-current')).toBe('true');
    await f.user.click(await f.option('Kabupaten Bandung'));
    await f.user.click(await f.option('Ciwidey'));
    expect(tabs.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Jawa Barat',
      'Kabupaten Bandung',
      'Ciwidey',
      'Choose',
    ]);
    await f.user.click(await f.option('Ciwidey'));
    await waitFor(() =>
      expect(f.field().textContent).toBe('Jawa Barat / Kabupaten Bandung / Ciwidey / Ciwidey'),
    );
  });

  it('filters the current level as the borrower types, ignoring case', async () => {
    const f = setup();
    await f.user.click(f.field());
    await f.option('Aceh');
    const search = within(f.sheet()).getByRole('searchbox', { name: 'Search province' });
    await f.user.type(search, 'JAWA');
    const list = within(f.sheet()).getByRole('list', { name: 'Province' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Jawa Barat']);
    await f.user.clear(search);
    await f.user.type(search, 'papua');
    expect(within(f.sheet()).getByRole('status').textContent).toBe('Nothing matches “papua”');
    await f.user.clear(search);
    await f.user.type(search, 'jawa');
    await f.user.click(await f.option('Jawa Barat'));
    // A new level starts unfiltered.
    expect(within(f.sheet()).getByRole('searchbox', { name: 'Search city/regency' })).toHaveProperty(
      'value',
      '',
    );
    expect(
      within(within(f.sheet()).getByRole('list', { name: 'City/Regency' })).getAllByRole('button'),
    ).toHaveLength(3);
  });

  it('reopens on the chosen village; each level is asked for once, then kept in the tab session', async () => {
    const client = createTestQueryClient();
    const f = setup(DAGO, client);
    expect(f.field().textContent).toBe('Jawa Barat / Kota Bandung / Coblong / Dago');
    await f.user.click(f.field());
    expect((await f.option('Dago')).getAttribute('aria-current')).toBe('true');
    expect(askedPids()).toEqual(['32.73.02']);
    expect(JSON.parse(sessionStorage.getItem(`${SESSION_KEYS.regionAreas}:32.73.02`)!)).toEqual(
      AREAS['32.73.02'],
    );
    f.unmount();
    // A fresh query client (a reload in the same tab) reads the level from session storage, without a request.
    const again = setup(DAGO, createTestQueryClient());
    await again.user.click(again.field());
    expect(await again.option('Lebakgede')).toBeTruthy();
    expect(askedPids()).toEqual(['32.73.02']);
  });

  it('a failed list says so in the sheet, without a toast, and can be retried', async () => {
    const error = vi.fn();
    configureApi({ error, warning: vi.fn(), navigate: vi.fn() });
    const served = fetch.getMockImplementation()!;
    fetch.mockImplementation(offline);
    const f = setup();
    await f.user.click(f.field());
    const alert = await within(f.sheet()).findByRole('alert');
    expect(alert.textContent).toContain('The list could not be loaded');
    expect(error).not.toHaveBeenCalled();
    fetch.mockImplementation(served);
    await f.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await f.option('Aceh')).toBeTruthy();
  });

  it('shows the form error on the field, and closing without choosing marks it touched', async () => {
    const f = setup();
    await f.user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(f.field().getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByRole('alert').textContent).toBe('Choose your area');
    expect(f.onSubmit).not.toHaveBeenCalled();
    await f.user.click(f.field());
    await f.option('Aceh');
    await f.user.click(within(f.sheet()).getByRole('button', { name: 'Close' }));
    expect(f.field().getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByTestId('touched').textContent).toBe('touched');
    // Escape closes it too.
    await f.user.click(f.field());
    await f.option('Aceh');
    await f.user.keyboard('{Escape}');
    expect(f.field().getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(f.field());
  });
});

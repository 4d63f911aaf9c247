import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeviceView } from '@kaskita/domain/contract/devices';
import { configureApi } from '../../../lib/api-effects.ts';
import { LOCAL_KEYS } from '../../../lib/storage-keys.ts';
import { callOf, contractServer } from '../../../test/api-answer.ts';
import { allowSheetTaps } from '../../../test/bottom-sheet-setup.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { DevicesView } from './devices-view.tsx';

const device = (id: string, extra: Partial<DeviceView> = {}): DeviceView => ({
  device_id: id,
  label: 'Chrome · Android',
  network: '36.72.x.x',
  signed_in_at: '2026-03-02T03:00:00.000Z',
  last_used_at: '2026-03-02T04:30:00.000Z',
  current: false,
  ...extra,
});

const fetch = vi.fn();
allowSheetTaps();
beforeEach(() => {
  fetch.mockReset();
  vi.stubGlobal('fetch', fetch);
  configureApi({ error: vi.fn(), warning: vi.fn(), navigate: vi.fn() });
  localStorage.setItem(LOCAL_KEYS.token, 'tok');
});

describe('signed-in devices', { timeout: 20_000 }, () => {
  it('lists this device and the others; one is signed out after a confirmation, and the list is read again', async () => {
    let list = [
      device('here', { current: true, label: 'Safari · iOS' }),
      device('phone-b'),
      device('tablet-c'),
    ];
    fetch.mockImplementation(
      contractServer({
        listDevices: () => new Response(JSON.stringify({ code: 200, msg: 'OK', data: { list } })),
        listDataAccess: { list: [] },
        signOutDevice: (init: RequestInit) => {
          const id =
            new URLSearchParams(String(init.body)).get('device_id') ??
            JSON.parse(String(init.body)).device_id;
          list = list.filter((d) => d.device_id !== id);
          return new Response(JSON.stringify({ code: 200, msg: 'OK', data: {} }));
        },
      }),
    );
    const app = renderApp(<DevicesView />, { path: '/me/devices' });
    const rows = await screen.findAllByTestId('device');
    expect(rows.map((r) => within(r).getByTestId('device-label').textContent)).toEqual([
      'Safari · iOS',
      'Chrome · Android',
      'Chrome · Android',
    ]);
    // This device is named as such and has no sign-out of its own (Log out does that).
    expect(rows[0]!.textContent).toContain('This device');
    expect(within(rows[0]!).queryByTestId('device-sign-out')).toBeNull();
    expect(rows[1]!.textContent).toContain('Last used 02/03/2026 11:30 WIB · From network 36.72.x.x');
    expect(screen.getByTestId('devices-sign-out-others')).toBeTruthy();

    await app.user.click(within(rows[1]!).getByTestId('device-sign-out'));
    const confirm = await screen.findByRole('dialog');
    expect(fetch.mock.calls.map(callOf)).not.toContain('signOutDevice');
    await app.user.click(within(confirm).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(screen.getAllByTestId('device')).toHaveLength(2));
    expect(fetch.mock.calls.map(callOf)).toContain('signOutDevice');
  });

  it('says when no other device is signed in', async () => {
    fetch.mockImplementation(
      contractServer({
        listDevices: { list: [device('here', { current: true })] },
        listDataAccess: { list: [] },
      }),
    );
    renderApp(<DevicesView />, { path: '/me/devices' });
    expect(await screen.findByTestId('devices-none-other')).toBeTruthy();
    expect(screen.queryByTestId('devices-sign-out-others')).toBeNull();
    expect(await screen.findByTestId('data-access-none')).toBeTruthy();
  });

  it('lists who at the lender saw which data, when, by role, in the borrower’s language', async () => {
    fetch.mockImplementation(
      contractServer({
        listDevices: { list: [device('here', { current: true })] },
        listDataAccess: {
          list: [
            { at: '2026-03-03T02:00:00.000Z', field: 'ktp_photo', role: 'risk_reviewer' },
            { at: '2026-03-02T07:30:00.000Z', field: 'nik', role: 'customer_support' },
          ],
        },
      }),
    );
    renderApp(<DevicesView />, { path: '/me/devices' });
    await waitFor(() => expect(screen.getAllByTestId('data-access-item')).toHaveLength(2));
    expect(screen.getAllByTestId('data-access-item').map((li) => li.textContent)).toEqual([
      '03/03/2026 09:00 WIB · your KTP photo · seen by a credit reviewer',
      '02/03/2026 14:30 WIB · your NIK · seen by customer support',
    ]);
  });
});

import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../../lib/api-effects.ts';
import { answer, callOf, contractServer } from '../../../test/api-answer.ts';
import { appConfigFixture } from '../../../test/app-config-fixture.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { DownloadView } from './download-view.tsx';

const fetch = vi.fn();
beforeEach(() => {
  fetch.mockReset();
  vi.stubGlobal('fetch', fetch);
  configureApi({ error: vi.fn(), warning: vi.fn(), navigate: vi.fn() });
});
afterEach(() => vi.restoreAllMocks());

const published = {
  ...appConfigFixture,
  app_download_android: 'https://play.google.com/store/apps/details?id=x',
};
const sends = () => fetch.mock.calls.filter((c) => callOf(c) === 'getAppDownloadUrl');

describe('pay/download', () => {
  it('without a published app: no store button and no phone field, the web app instead', async () => {
    fetch.mockImplementation(
      contractServer({
        getConfig: { ...appConfigFixture, app_download_android: null, app_download_ios: null },
      }),
    );
    renderApp(<DownloadView />, { path: '/third/pay/download' });
    await screen.findByTestId('download-no-app');
    expect(screen.queryByTestId('download-phone')).toBeNull();
  });

  it('texts the link to a phone and says where; a second ask within the limit is said in a banner that stays', async () => {
    let asked = 0;
    fetch.mockImplementation(
      contractServer({
        getConfig: published,
        getAppDownloadUrl: () =>
          ++asked === 1
            ? answer(200, { sent: true, phone_masked: '0812*****7890' })
            : answer(4029, { retry_after: 540 }, 'Too many requests'),
      }),
    );
    const app = renderApp(<DownloadView />, { path: '/third/pay/download' });
    await app.user.type(await screen.findByTestId('download-phone'), '081234567890');
    await app.user.click(screen.getByTestId('download-send'));
    expect((await screen.findByTestId('download-sent')).textContent).toBe('Link sent to 0812*****7890.');
    expect(new URL(String(sends()[0]![0]), 'http://x').searchParams.get('phone')).toBe('081234567890');

    await app.user.click(screen.getByTestId('download-send'));
    await waitFor(() =>
      expect(screen.getByTestId('download-banner').textContent).toContain('try again in 9 minutes'),
    );
    expect(screen.queryByTestId('download-sent')).toBeNull();
  });

  it('a phone the server refuses is said under the field', async () => {
    fetch.mockImplementation(
      contractServer({
        getConfig: published,
        getAppDownloadUrl: () =>
          answer(4001, { fields: { phone: 'phone.invalid' } }, 'Enter an Indonesian mobile number'),
      }),
    );
    const app = renderApp(<DownloadView />, { path: '/third/pay/download' });
    await app.user.type(await screen.findByTestId('download-phone'), '12345');
    await app.user.click(screen.getByTestId('download-send'));
    expect(await screen.findByText('Enter an Indonesian mobile number')).toBeTruthy();
  });
});

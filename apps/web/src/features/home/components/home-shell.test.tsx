import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appKeys } from '../../../lib/query-keys.ts';
import { appConfigFixture } from '../../../test/app-config-fixture.ts';
import { createTestQueryClient, renderApp } from '../../../test/render-app.tsx';
import { HomeShell } from './home-shell.tsx';

function showWith(links: { app_download_ios: string | null; app_download_android: string | null }) {
  const client = createTestQueryClient();
  client.setQueryData(appKeys.config, { ...appConfigFixture, ...links });
  renderApp(<HomeShell>page</HomeShell>, { client });
}

describe('the home frame', () => {
  it('offers no app download while no native app is published (the seed has no store link)', () => {
    showWith({ app_download_ios: null, app_download_android: null });
    expect(screen.getByText('page')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Get the KasKita app' })).toBeNull();
    expect(screen.queryAllByRole('link')).toEqual([]);
  });

  it('links each store configuration names, and only those', () => {
    const android = 'https://play.google.com/store/apps/details?id=co.kaskita.real';
    showWith({ app_download_ios: null, app_download_android: android });
    const region = screen.getByRole('region', { name: 'Get the KasKita app' });
    const links = Array.from(region.querySelectorAll('a')).map((a) => a.getAttribute('href'));
    expect(links).toEqual([android]);
  });
});

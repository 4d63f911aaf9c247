import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../lib/api-effects.ts';
import { LOCAL_KEYS } from '../../lib/storage-keys.ts';
import { callOf, contractServer } from '../../test/api-answer.ts';
import { appConfigFixture } from '../../test/app-config-fixture.ts';
import { renderApp } from '../../test/render-app.tsx';
import LandingPartnerPage from './landing-partner-page.tsx';

const fetch = vi.fn();
beforeEach(() => {
  fetch.mockReset();
  vi.stubGlobal('fetch', fetch);
  configureApi({ error: vi.fn(), warning: vi.fn(), navigate: vi.fn() });
});
afterEach(() => vi.restoreAllMocks());

const renderPartner = () =>
  renderApp(
    <Routes>
      <Route path="/landing-page/:platform" element={<LandingPartnerPage />} />
    </Routes>,
    { path: '/landing-page/doku-wallet' },
  );

describe('partner landing page', () => {
  it("applies through the sign-in page until the configuration arrives, then through the partner's link", async () => {
    let answer: () => void = () => undefined;
    const configured = new Promise<void>((resolve) => (answer = resolve));
    const answers = contractServer({ getConfig: appConfigFixture });
    fetch.mockImplementation(async (...call: unknown[]) => {
      // The loan example is not this test's: it stays on its way.
      if (callOf(call) !== 'getConfig') return new Promise(() => undefined);
      await configured;
      return answers(...call);
    });
    renderPartner();
    const apply = await screen.findByTestId('landing-apply');
    // A tap before the configuration has loaded still leads somewhere: where applying starts.
    expect(apply.getAttribute('href')).toBe('/login/main');
    // The visit is kept for the sign-in that registers the phone (partner attribution).
    expect(localStorage.getItem(LOCAL_KEYS.promotePlatform)).toBe('doku-wallet');
    answer();
    await vi.waitFor(() =>
      expect(screen.getByTestId('landing-apply').getAttribute('href')).toBe(
        'https://www.doku.com/wallet/kaskita',
      ),
    );
  });
});

import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { VERIFY, type UserStatus } from '@kaskita/domain/contract/user';
import { configureApi } from '../../../lib/api-effects.ts';
import { userKeys } from '../../../lib/query-keys.ts';
import { LOCAL_KEYS } from '../../../lib/storage-keys.ts';
import { answer } from '../../../test/api-answer.ts';
import { createTestQueryClient, renderApp } from '../../../test/render-app.tsx';
import { HomeStatusRedirect } from './home-status-redirect.tsx';

const apiNavigate = vi.fn();
beforeEach(() => {
  apiNavigate.mockReset();
  configureApi({ navigate: apiNavigate, error: vi.fn(), warning: vi.fn() });
});

/** /home with its redirect, and the pages it may choose. */
function renderHome(path = '/home') {
  return renderApp(
    <Routes>
      <Route path="/home" element={<HomeStatusRedirect />} />
      <Route path="/home/:page" element={<p data-testid="home-child" />} />
    </Routes>,
    { path },
  );
}

describe('HomeStatusRedirect', () => {
  it('signed out: the unaudited home page, without asking the API', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const app = renderHome('/home?cl=abc');
    await screen.findByTestId('home-child');
    expect(app.location()).toBe('/home/unaudited?cl=abc');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('signed in: the page the user status chooses', async () => {
    localStorage.setItem(LOCAL_KEYS.token, 'tok');
    const auditing: UserStatus = {
      verify: VERIFY.AUDITING,
      loan_status: { bill_status: 0 },
      loan_info: { loan_fail_status: 0 },
      af_push_status: 0,
      af_status: 0,
      whatsapp_status: 0,
    };
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer(200, auditing)));
    const app = renderHome();
    await screen.findByTestId('home-child');
    expect(app.location()).toBe('/home/auditing');
  });

  it('an invalidated cached status is asked again, and the page chosen from the fresh answer', async () => {
    localStorage.setItem(LOCAL_KEYS.token, 'tok');
    const status = (billStatus: number): UserStatus => ({
      verify: VERIFY.APPROVED,
      loan_status: { bill_status: billStatus },
      loan_info: { loan_fail_status: 0 },
      af_push_status: 0,
      af_status: 0,
      whatsapp_status: 1,
    });
    // Cached while the money was on its way (loaning), then invalidated when it arrived (pay-back).
    const client = createTestQueryClient();
    client.setQueryData(userKeys.status, status(1));
    await client.invalidateQueries({ queryKey: userKeys.status });
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer(200, status(2))));
    const app = renderApp(
      <Routes>
        <Route path="/home" element={<HomeStatusRedirect />} />
        <Route path="/home/:page" element={<p data-testid="home-child" />} />
      </Routes>,
      { path: '/home', client },
    );
    await screen.findByTestId('home-child');
    expect(app.location()).toBe('/home/pay-back');
  });

  it('a lost session (4047) is left to the api client going to login, not overridden by a home page', async () => {
    localStorage.setItem(LOCAL_KEYS.token, 'stale');
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer(4047)));
    const app = renderHome();
    // To login, with `redirect` back to where the borrower was.
    await waitFor(() =>
      expect(apiNavigate).toHaveBeenCalledWith(expect.stringMatching(/^\/login\/main\?redirect=/)),
    );
    await new Promise((r) => setTimeout(r, 20));
    expect(app.location()).toBe('/home');
  });
});

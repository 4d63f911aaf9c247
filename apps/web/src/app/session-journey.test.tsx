// The query cache across a session change, through the real route table: what a borrower on a shared phone sees.
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoginResponse } from '@kaskita/domain/contract/auth';
import { VERIFY, type Account, type UserStatus } from '@kaskita/domain/contract/user';
import { configureApi } from '../lib/api-effects.ts';
import { userKeys } from '../lib/query-keys.ts';
import { LOCAL_KEYS } from '../lib/storage-keys.ts';
import { answer, callOf } from '../test/api-answer.ts';
import { createTestQueryClient, renderApp } from '../test/render-app.tsx';
import { AppRoutes } from './app.tsx';

const status = (verify: number): UserStatus => ({
  verify,
  loan_status: { bill_status: 0 },
  loan_info: { loan_fail_status: 0 },
  af_push_status: 0,
  af_status: 0,
  whatsapp_status: 0,
});
const sessionOfB: LoginResponse = {
  token: 'token-b',
  refresh_token: 'refresh-b',
  expires_in: 900,
  is_new: false,
  has_password: false,
  phone: '6281377778888',
};
const accountOfA: Account = {
  uid: 'a',
  phone_masked: '0812*****7890',
  has_password: true,
  created_at: '2025-01-02T00:00:00Z',
};

const fetch = vi.fn();
const authorization = (call: unknown[]) =>
  ((call[1] as RequestInit).headers as Record<string, string>).Authorization;
beforeEach(() => {
  fetch.mockReset();
  vi.stubGlobal('fetch', fetch);
  configureApi({ error: vi.fn(), warning: vi.fn() });
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

describe('session changes and the query cache', () => {
  it("after B logs in, /home decides on B's status, not on A's cached one", async () => {
    // A used this phone a moment ago: A's status (auditing) is still fresh in the cache.
    localStorage.setItem(LOCAL_KEYS.token, 'token-a');
    const client = createTestQueryClient();
    client.setQueryData(userKeys.status, status(VERIFY.AUDITING));
    fetch.mockImplementation((...call: unknown[]) =>
      Promise.resolve(
        callOf(call) === 'login'
          ? answer(200, sessionOfB)
          : callOf(call) === 'getUserStatus'
            ? answer(200, status(VERIFY.REJECTED))
            : answer(4040),
      ),
    );
    // /index sends a signed-in visitor to login only with another phone in the query (spec section 2).
    const app = renderApp(<AppRoutes />, { path: '/login/main?phone=6281377778888', client });
    await screen.findByTestId('login-phone');
    await app.user.type(screen.getByTestId('sms-code'), '123456');
    await app.user.click(screen.getByTestId('consent'));
    await app.user.click(screen.getByTestId('login-submit'));

    await waitFor(() => expect(app.location()).toBe('/home/into-fail'));
    const statusCall = fetch.mock.calls.find((c) => callOf(c) === 'getUserStatus');
    expect(statusCall && authorization(statusCall)).toBe('Bearer token-b');
  });

  it('logging out drops the account and asks nothing more without a session', async () => {
    localStorage.setItem(LOCAL_KEYS.token, 'token-a');
    fetch.mockImplementation((...call: unknown[]) =>
      Promise.resolve(callOf(call) === 'getAccount' ? answer(200, accountOfA) : answer(200, {})),
    );
    const client = createTestQueryClient();
    const app = renderApp(<AppRoutes />, { path: '/me', client });
    await waitFor(() => expect(screen.getByTestId('me-phone').textContent).toBe('0812*****7890'));

    await app.user.click(screen.getByTestId('logout'));
    await waitFor(() => expect(app.location()).toBe('/login/main'));
    // Me asks for the account, the money held and the reminder channel (in any order), then only the logout.
    const calls = fetch.mock.calls.map(callOf);
    expect(calls.at(-1)).toBe('logout');
    expect(calls.sort()).toEqual(['getAccount', 'getRefunds', 'getVerification', 'logout']);
    expect(localStorage.getItem(LOCAL_KEYS.token)).toBeNull();
    expect(client.getQueryData(['user', 'account'])).toBeUndefined();
  });

  it('a signed-in borrower opening /login/main goes home', async () => {
    localStorage.setItem(LOCAL_KEYS.token, 'token-a');
    fetch.mockImplementation(() => Promise.resolve(answer(200, status(VERIFY.AUDITING))));
    const app = renderApp(<AppRoutes />, { path: '/login/main' });
    await waitFor(() => expect(app.location()).toBe('/home/auditing'));
  });

  it('after sign-in the borrower continues to the page the guard stopped them at, with its query', async () => {
    fetch.mockImplementation((...call: unknown[]) =>
      Promise.resolve(callOf(call) === 'login' ? answer(200, sessionOfB) : answer(200, {})),
    );
    const app = renderApp(<AppRoutes />, { path: '/me/bank-card?from=push' });
    await waitFor(() => expect(app.location()).toMatch(/^\/login\/main\?/));
    await app.user.type(await screen.findByTestId('login-phone'), '081377778888');
    await app.user.type(screen.getByTestId('sms-code'), '123456');
    await app.user.click(screen.getByTestId('consent'));
    await app.user.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(app.location()).toBe('/me/bank-card?from=push'));
  });

  it("an SMS-only borrower's Me offers 'Set password', and the change-password page becomes the set-password one", async () => {
    localStorage.setItem(LOCAL_KEYS.token, 'token-b');
    const smsOnly: Account = { ...accountOfA, has_password: false };
    fetch.mockImplementation((...call: unknown[]) =>
      Promise.resolve(callOf(call) === 'getAccount' ? answer(200, smsOnly) : answer(200, {})),
    );
    const client = createTestQueryClient();
    const me = renderApp(<AppRoutes />, { path: '/me', client });
    await waitFor(() => expect(screen.getByTestId('to-set-password').textContent).toBe('Set password'));
    expect(screen.queryByTestId('to-modify-password')).toBeNull();
    me.unmount();
    const page = renderApp(<AppRoutes />, { path: '/me/modify-password', client });
    await waitFor(() => expect(page.location()).toBe('/me/set-password'));
    await screen.findByTestId('page-me-set-password');
    expect(screen.queryByTestId('old-password')).toBeNull();
  });
});

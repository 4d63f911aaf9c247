import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../lib/api-effects.ts';
import { LOCAL_KEYS } from '../../lib/storage-keys.ts';
import { answer, callOf } from '../../test/api-answer.ts';
import { renderApp } from '../../test/render-app.tsx';
import { ThirdReferralLoginPage } from './referral-pages.tsx';

const fetch = vi.fn();
beforeEach(() => {
  fetch.mockReset();
  vi.stubGlobal('fetch', fetch);
  configureApi({ error: vi.fn(), warning: vi.fn(), navigate: vi.fn() });
  localStorage.clear();
});

const LOGGED_IN = {
  token: 't',
  refresh_token: 'r',
  expires_in: 7200,
  is_new: true,
  has_password: false,
  phone: '6281234567890',
};

describe('/third/referral/login', { timeout: 20_000 }, () => {
  it('says a friend invited the visitor (never who), and the sign-in sends the code and the partner; then home', async () => {
    localStorage.setItem(LOCAL_KEYS.promotePlatform, 'sepulsa');
    localStorage.setItem(LOCAL_KEYS.promoteAgency, '0');
    fetch.mockResolvedValue(answer(200, LOGGED_IN));
    const { user, location } = renderApp(<ThirdReferralLoginPage />, {
      path: '/third/referral/login?ref=k7m2q9xp',
    });
    expect(screen.getByTestId('referral-invite').textContent).toContain('A friend invited you to KasKita');
    expect(screen.queryByTestId('referral-no-code')).toBeNull();
    expect(localStorage.getItem(LOCAL_KEYS.referralCode)).toBe('K7M2Q9XP');

    await user.type(await screen.findByTestId('login-phone', {}, { timeout: 10_000 }), '081234567890');
    await user.type(screen.getByTestId('sms-code'), '123456');
    await user.click(screen.getByTestId('consent'));
    await user.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(location()).toBe('/home'));
    const [call] = fetch.mock.calls.filter((c) => callOf(c) === 'login');
    const body = Object.fromEntries(new URLSearchParams(String((call![1] as RequestInit).body)));
    expect(body).toMatchObject({
      referral_code: 'K7M2Q9XP',
      promote_platform: 'sepulsa',
      sms_code: '123456',
    });
    expect(body).not.toHaveProperty('promote_agency');
    // Spent once the phone is signed in: a later visitor on this phone is not attributed to the same friend.
    expect(localStorage.getItem(LOCAL_KEYS.referralCode)).toBeNull();
  });

  it('keeps no code that cannot be one, and says the visitor can still sign up', async () => {
    renderApp(<ThirdReferralLoginPage />, { path: '/third/referral/login?ref=../../x' });
    expect(screen.getByTestId('referral-no-code')).toBeTruthy();
    expect(localStorage.getItem(LOCAL_KEYS.referralCode)).toBeNull();
    await screen.findByTestId('login-phone', {}, { timeout: 10_000 });
  });

  it('sends a signed-in borrower home', () => {
    localStorage.setItem(LOCAL_KEYS.token, 'tok');
    const { location } = renderApp(<ThirdReferralLoginPage />, {
      path: '/third/referral/login?ref=K7M2Q9XP',
    });
    expect(location()).toBe('/home');
  });
});

import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoginResponse } from '@kaskita/domain/contract/auth';
import { configureApi } from '../../../lib/api-effects.ts';
import { LOCAL_KEYS } from '../../../lib/storage-keys.ts';
import { answer, callOf } from '../../../test/api-answer.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { PasswordLoginForm } from './password-login-form.tsx';
import { PRIVACY_VERSION, TERMS_VERSION } from '@kaskita/domain/legal/versions';

const session: LoginResponse = {
  token: 'tok',
  refresh_token: 'ref',
  expires_in: 900,
  is_new: false,
  has_password: true,
  phone: '6281377778888',
};

const fetch = vi.fn();
beforeEach(() => {
  fetch.mockReset();
  vi.stubGlobal('fetch', fetch);
  configureApi({ error: vi.fn(), warning: vi.fn(), navigate: vi.fn() });
});

function setup() {
  const onLoggedIn = vi.fn();
  const app = renderApp(<PasswordLoginForm initialPhone="" onLoggedIn={onLoggedIn} />);
  const input = (id: string) => screen.getByTestId<HTMLInputElement>(id);
  return {
    ...app,
    onLoggedIn,
    input,
    fill: async (phone: string, password: string) => {
      await app.user.type(input('login-phone'), phone);
      await app.user.type(input('login-password'), password);
    },
    submit: () => app.user.click(screen.getByTestId('login-submit')),
  };
}

describe('PasswordLoginForm', () => {
  it('asks for consent before logging in and keeps what was typed', async () => {
    const f = setup();
    await f.fill('081377778888', 'abc123');
    await f.submit();
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      'Please agree to the agreements and privacy policy',
    ]);
    expect(f.input('consent').getAttribute('aria-invalid')).toBe('true');
    expect(f.input('login-phone').value).toBe('081377778888');
    expect(f.input('login-password').value).toBe('abc123');
  });

  it('logs in once consented: sends the normalised phone and stores the session', async () => {
    fetch.mockResolvedValue(answer(200, session));
    const f = setup();
    await f.fill('0813 7777 8888', 'abc123');
    await f.user.click(f.input('consent'));
    await f.submit();
    await waitFor(() => expect(f.onLoggedIn).toHaveBeenCalledWith(false));
    expect(callOf(fetch.mock.calls[0]!)).toBe('login');
    const body = new URLSearchParams(String((fetch.mock.calls[0]![1] as RequestInit).body));
    expect(Object.fromEntries(body)).toEqual({
      phone: '6281377778888',
      password: 'abc123',
      terms_version: TERMS_VERSION,
      privacy_version: PRIVACY_VERSION,
    });
    expect(localStorage.getItem(LOCAL_KEYS.token)).toBe('tok');
  });

  it('keeps the typed values when the server refuses', async () => {
    fetch.mockResolvedValue(answer(4014, null, 'Wrong phone or password'));
    const f = setup();
    await f.fill('081377778888', 'abc123');
    await f.user.click(f.input('consent'));
    await f.submit();
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(f.onLoggedIn).not.toHaveBeenCalled();
    // No field is to blame: the one message is the banner's.
    await waitFor(() =>
      expect(screen.queryAllByRole('alert').map((a) => a.dataset.testid)).toEqual(['login-error']),
    );
    expect(f.input('login-password').value).toBe('abc123');
    expect(localStorage.getItem(LOCAL_KEYS.token)).toBeNull();
  });

  it('asks for the image captcha when the server wants one, then logs in with its answer', async () => {
    // 4022 after repeated failures for the phone; a wrong answer (4021) loads a fresh image; the right one logs in.
    fetch.mockImplementation(async (url: string, init?: RequestInit) => {
      const id = callOf([url, init]);
      if (id === 'getCaptcha') return answer(200, { id: crypto.randomUUID(), png: btoa('img') });
      const body = Object.fromEntries(new URLSearchParams(String(init?.body)));
      if (!body.captcha_id) return answer(4022, { captcha: 1 }, 'Please enter the image code to continue');
      if (body.captcha_code !== 'RIGHT') return answer(4021, { captcha: 1 }, 'Wrong image code');
      return answer(200, session);
    });
    const f = setup();
    await f.fill('081377778888', 'kopi7Susu');
    await f.user.click(f.input('consent'));
    await f.submit();
    // The dialog's chunk loads lazily: a busy machine may need more than findBy's default second.
    const captcha = await screen.findByTestId('captcha-input', {}, { timeout: 5000 });
    expect(f.onLoggedIn).not.toHaveBeenCalled();
    await f.user.type(captcha, 'WRONG');
    await f.user.click(screen.getByTestId('captcha-submit'));
    await waitFor(() => expect(screen.getByTestId<HTMLInputElement>('captcha-input').value).toBe(''));
    expect(f.onLoggedIn).not.toHaveBeenCalled();
    await f.user.type(screen.getByTestId('captcha-input'), 'RIGHT');
    await f.user.click(screen.getByTestId('captcha-submit'));
    await waitFor(() => expect(f.onLoggedIn).toHaveBeenCalledWith(false));
    const logins = fetch.mock.calls.filter((c) => callOf(c) === 'login');
    expect(logins).toHaveLength(3);
    const last = Object.fromEntries(new URLSearchParams(String((logins[2]![1] as RequestInit).body)));
    expect(last).toMatchObject({ password: 'kopi7Susu', captcha_code: 'RIGHT' });
    expect(last.captcha_id).toMatch(/^[0-9a-f-]{36}$/);
    // The typed password survived the detour.
    expect(f.input('login-password').value).toBe('kopi7Susu');
  });

  it("clears a field's error as soon as the field is edited, like the SMS form", async () => {
    const f = setup();
    await f.submit();
    expect(f.input('login-phone').getAttribute('aria-invalid')).toBe('true');
    expect(f.input('login-password').getAttribute('aria-invalid')).toBe('true');
    await f.user.type(f.input('login-phone'), '0813');
    expect(f.input('login-phone').getAttribute('aria-invalid')).toBeNull();
    expect(f.input('login-password').getAttribute('aria-invalid')).toBe('true');
    await f.user.click(f.input('consent'));
    expect(f.input('consent').getAttribute('aria-invalid')).toBeNull();
  });

  it('shows and hides the typed password on request', async () => {
    const f = setup();
    await f.user.type(f.input('login-password'), 'abc123');
    const toggle = screen.getByTestId('login-password-toggle');
    expect(f.input('login-password').type).toBe('password');
    expect(toggle.getAttribute('aria-label')).toBe('Show password');
    await f.user.click(toggle);
    expect(f.input('login-password').type).toBe('text');
    expect(f.input('login-password').value).toBe('abc123');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(toggle.getAttribute('aria-label')).toBe('Hide password');
    await f.user.click(toggle);
    expect(f.input('login-password').type).toBe('password');
  });

  it('a wrong password stays in a banner above the button (no toast) until the borrower edits the form', async () => {
    const apiToast = vi.fn();
    configureApi({ error: apiToast, warning: vi.fn(), navigate: vi.fn() });
    fetch.mockResolvedValueOnce(answer(4014, null, 'Wrong phone number or password'));
    fetch.mockResolvedValueOnce(answer(200, session));
    const f = setup();
    await f.fill('081377778888', 'abc123');
    await f.user.click(f.input('consent'));
    await f.submit();
    const banner = await screen.findByTestId('login-error');
    expect(banner.getAttribute('role')).toBe('alert');
    expect(banner.textContent).toContain('Wrong phone number or password');
    expect(apiToast).not.toHaveBeenCalled();
    await f.user.type(f.input('login-password'), '4');
    expect(screen.queryByTestId('login-error')).toBeNull();
    await f.submit();
    await waitFor(() => expect(f.onLoggedIn).toHaveBeenCalled());
    expect(screen.queryByTestId('login-error')).toBeNull();
  });

  it('a blocked account is told in the banner with the way to customer service: Help on the account topic', async () => {
    fetch.mockResolvedValueOnce(
      answer(4340, null, 'Your account has been blocked. Please contact KasKita customer service'),
    );
    const f = setup();
    await f.fill('081377778888', 'abc123');
    await f.user.click(f.input('consent'));
    await f.submit();
    const banner = await screen.findByTestId('login-error');
    expect(banner.textContent).toContain('Your account has been blocked');
    expect(screen.getByTestId('login-error-support').getAttribute('href')).toBe('/me/help?category=account');
    expect(f.onLoggedIn).not.toHaveBeenCalled();
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import { TOAST_DURATION_MS } from '../../../components/toast.ts';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { configureApi } from '../../../lib/api-effects.ts';
import { setLocale } from '../../../lib/i18n.ts';
import { answer, callOf } from '../../../test/api-answer.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { watchToasts } from '../../../test/watch-toasts.ts';
import { SmsLoginForm } from './sms-login-form.tsx';

let toast: ReturnType<typeof watchToasts>;

const fetch = vi.fn();
beforeEach(() => {
  toast = watchToasts();
  fetch.mockReset();
  vi.stubGlobal('fetch', fetch);
  apiToast = vi.fn<(message: string) => void>();
  configureApi({ error: apiToast, warning: vi.fn(), navigate: vi.fn() });
});
let apiToast: Mock<(message: string) => void>;
afterEach(async () => {
  await act(() => setLocale('en-US'));
});

function setup(queryPhone: string | null = null) {
  const onLoggedIn = vi.fn();
  const app = renderApp(<SmsLoginForm queryPhone={queryPhone} onLoggedIn={onLoggedIn} />);
  const input = (id: string) => screen.getByTestId<HTMLInputElement>(id);
  /** The messages shown in the field block of an input (its label, input and error). */
  const errorOf = (id: string) =>
    within(input(id).closest<HTMLElement>('.kk-field, .kk-consent')!)
      .queryAllByRole('alert')
      .map((a) => a.textContent);
  return {
    ...app,
    onLoggedIn,
    input,
    errorOf,
    submit: () => app.user.click(screen.getByTestId('login-submit')),
  };
}

describe('SmsLoginForm', () => {
  it('starts from the query phone in the local form', () => {
    const f = setup('6281234567890');
    expect(f.input('login-phone').value).toBe('081234567890');
  });

  it("shows the schema's messages under their fields, in the user's language", async () => {
    const f = setup();
    await f.submit();
    expect(fetch).not.toHaveBeenCalled();
    expect(f.errorOf('login-phone')).toEqual(['Please enter your mobile number']);
    expect(f.errorOf('sms-code')).toEqual(['The SMS code has 6 digits']);
    expect(f.errorOf('consent')).toEqual(['Please agree to the agreements and privacy policy']);
    // Switching language translates the errors already on screen.
    await act(() => setLocale('id-ID'));
    expect(f.errorOf('login-phone')).toEqual(['Silakan masukkan nomor HP']);
    expect(f.errorOf('sms-code')).toEqual(['Kode SMS terdiri dari 6 digit']);
    expect(f.errorOf('consent')).toEqual(['Silakan setujui perjanjian dan kebijakan privasi']);
  });

  it('an unusable phone stops the send-code press with its message; a usable one asks for the code', async () => {
    fetch.mockResolvedValue(answer(200, { captcha: 0, resend_in: 60 }));
    await act(() => setLocale('id-ID'));
    const f = setup();
    await f.user.type(f.input('login-phone'), '0812');
    await f.user.click(screen.getByTestId('send-code'));
    expect(f.errorOf('login-phone')).toEqual(['Masukkan nomor HP yang valid (10-14 digit)']);
    expect(fetch).not.toHaveBeenCalled();
    await f.user.type(f.input('login-phone'), '34567890');
    expect(f.errorOf('login-phone')).toEqual([]);
    await f.user.click(screen.getByTestId('send-code'));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(callOf(fetch.mock.calls[0]!)).toBe('sendLoginCode');
    expect(String(fetch.mock.calls[0]![0])).toContain('phone=6281234567890');
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Kode telah dikirim lewat SMS'));
    // The press also fetched the captcha dialog's chunk ahead of need; let it finish before the test ends.
    await import('./captcha-dialog.tsx');
  });

  it('a code refused for being asked too soon (4013) counts down the seconds the server says, then sends again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      fetch.mockResolvedValueOnce(
        answer(4013, { retry_after: 42 }, 'Please wait a moment before requesting another code'),
      );
      const f = setup();
      await f.user.type(f.input('login-phone'), '081234567890');
      await f.user.click(screen.getByTestId('send-code'));
      await waitFor(() => expect(screen.getByTestId('send-code').textContent).toMatch(/^Resend in 4[12] s$/));
      expect(screen.getByTestId<HTMLButtonElement>('send-code').disabled).toBe(true);
      expect(apiToast).toHaveBeenCalledWith('Please wait a moment before requesting another code');
      await act(() => vi.advanceTimersByTimeAsync(43_000));
      await waitFor(() => expect(screen.getByTestId<HTMLButtonElement>('send-code').disabled).toBe(false));
      fetch.mockResolvedValueOnce(answer(200, { captcha: 0, resend_in: 60 }));
      await f.user.click(screen.getByTestId('send-code'));
      await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
      await import('./captcha-dialog.tsx');
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows the server's field errors next to their fields, in the user's language", async () => {
    fetch.mockResolvedValue(
      answer(4000, { fields: { sms_code: 'sms_code.invalid', unknown_field: 'field.invalid' } }),
    );
    const f = setup('081234567890');
    await f.user.type(f.input('sms-code'), '123456');
    await f.user.click(f.input('consent'));
    await f.submit();
    await waitFor(() => expect(f.errorOf('sms-code')).toEqual(['The SMS code has 6 digits']));
    expect(f.input('sms-code').getAttribute('aria-invalid')).toBe('true');
    expect(f.errorOf('login-phone')).toEqual([]);
    expect(f.input('sms-code').value).toBe('123456');
    expect(f.onLoggedIn).not.toHaveBeenCalled();
    await act(() => setLocale('id-ID'));
    expect(f.errorOf('sms-code')).toEqual(['Kode SMS terdiri dari 6 digit']);
    // Editing the field answers the server's objection until the next submit.
    await f.user.type(f.input('sms-code'), '{Backspace}');
    expect(f.errorOf('sms-code')).toEqual([]);
  });

  it('a wrong code says beside the code field how many tries remain, stays there (no toast), and goes with the next code', async () => {
    let tries = 0;
    fetch.mockImplementation(() =>
      Promise.resolve(
        ++tries === 1
          ? answer(4010, { fields: { sms_code: 'sms_code.wrong' }, tries_left: 2 }, 'Kode verifikasi salah')
          : answer(200, {
              token: 't',
              refresh_token: 'r',
              expires_in: 7200,
              is_new: false,
              has_password: false,
              phone: '6281234567890',
            }),
      ),
    );
    await act(() => setLocale('id-ID'));
    const f = setup('081234567890');
    await f.user.type(f.input('sms-code'), '123456');
    await f.user.click(f.input('consent'));
    await f.submit();
    await waitFor(() => expect(f.errorOf('sms-code')).toEqual(['Kode salah. Sisa 2 percobaan.']));
    expect(apiToast).not.toHaveBeenCalled();
    expect(toast.error).not.toHaveBeenCalled();
    expect(screen.queryByTestId('login-error')).toBeNull();
    // Longer than a toast lives: still there.
    await act(() => new Promise((r) => setTimeout(r, TOAST_DURATION_MS + 200)));
    expect(f.errorOf('sms-code')).toEqual(['Kode salah. Sisa 2 percobaan.']);
    await act(() => setLocale('en-US'));
    expect(f.errorOf('sms-code')).toEqual(['Wrong code. 2 tries left.']);
    // The next code replaces the wrong one and signs in; no stale message is left.
    await f.user.clear(f.input('sms-code'));
    await f.user.type(f.input('sms-code'), '654321');
    await f.submit();
    await waitFor(() => expect(f.onLoggedIn).toHaveBeenCalledWith(false));
    expect(f.errorOf('sms-code')).toEqual([]);
  }, 10_000);

  it('the last try and no try left say so', async () => {
    fetch.mockResolvedValueOnce(answer(4010, { fields: { sms_code: 'sms_code.wrong' }, tries_left: 1 }));
    fetch.mockResolvedValueOnce(answer(4010, { fields: { sms_code: 'sms_code.wrong' }, tries_left: 0 }));
    const f = setup('081234567890');
    await f.user.type(f.input('sms-code'), '123456');
    await f.user.click(f.input('consent'));
    await f.submit();
    await waitFor(() => expect(f.errorOf('sms-code')).toEqual(['Wrong code. 1 try left.']));
    await f.submit();
    await waitFor(() =>
      expect(f.errorOf('sms-code')).toEqual(['Wrong code. No tries left: please request a new code.']),
    );
  });
});

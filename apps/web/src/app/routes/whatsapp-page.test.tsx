import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { configureApi } from '../../lib/api-effects.ts';
import { setLocale } from '../../lib/i18n.ts';
import { LOCAL_KEYS, SESSION_KEYS } from '../../lib/storage-keys.ts';
import { answer, callOf, contractServer } from '../../test/api-answer.ts';
import { renderApp } from '../../test/render-app.tsx';
import { watchToasts } from '../../test/watch-toasts.ts';
import { WhatsappPage } from './application-pages.tsx';

let toast: ReturnType<typeof watchToasts>;
let apiToast: Mock<(message: string) => void>;
const fetch = vi.fn();
beforeEach(() => {
  toast = watchToasts();
  fetch.mockReset();
  vi.stubGlobal('fetch', fetch);
  apiToast = vi.fn<(message: string) => void>();
  configureApi({ error: apiToast, warning: vi.fn(), navigate: vi.fn() });
  localStorage.setItem(LOCAL_KEYS.token, 'tok');
  localStorage.setItem(LOCAL_KEYS.loginPhone, '6281234567890');
  sessionStorage.clear();
});
afterEach(async () => {
  await act(() => setLocale('en-US'));
});

const input = (id: string) => screen.getByTestId<HTMLInputElement>(id);
const alertsUnder = (id: string) =>
  [...input(id).closest('.kk-field')!.querySelectorAll('[role=alert]')].map((a) => a.textContent);

describe('WhatsApp step', () => {
  it('starts with the sign-in phone, and its code is not held back by the sign-in SMS countdown', async () => {
    // The sign-in code was sent to this phone a moment ago.
    sessionStorage.setItem(`${SESSION_KEYS.smsCodeResendAt}:6281234567890`, String(Date.now() + 55_000));
    fetch.mockImplementation(contractServer({ sendWhatsappCode: { captcha: 0, resend_in: 60 } }));
    await act(() => setLocale('id-ID'));
    const app = renderApp(<WhatsappPage />, { path: '/home/whatsapp' });
    expect(input('whatsapp-phone').value).toBe('081234567890');
    const send = screen.getByTestId<HTMLButtonElement>('send-code');
    expect(send.disabled).toBe(false);
    await app.user.click(send);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(callOf(fetch.mock.calls[0]!)).toBe('sendWhatsappCode');
    // The notice names WhatsApp, not SMS; then the WhatsApp countdown runs.
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Kode telah dikirim ke WhatsApp Anda'));
    await waitFor(() => expect(screen.getByTestId<HTMLButtonElement>('send-code').disabled).toBe(true));
    expect(screen.getByTestId('send-code').textContent).toMatch(/Kirim ulang dalam (59|60) dtk/);
    await import('../../features/auth/components/captcha-dialog.tsx');
  });

  it('a wrong code is said beside the code field with the tries left, not in a toast, and goes when edited', async () => {
    fetch.mockImplementation(
      contractServer({
        confirmWhatsapp: () =>
          answer(4010, { fields: { sms_code: 'sms_code.wrong' }, tries_left: 2 }, 'Kode verifikasi salah'),
      }),
    );
    const app = renderApp(<WhatsappPage />, { path: '/home/whatsapp' });
    await app.user.type(input('whatsapp-code'), '123456');
    await app.user.click(screen.getByTestId('whatsapp-submit'));
    await waitFor(() => expect(alertsUnder('whatsapp-code')).toEqual(['Wrong code. 2 tries left.']));
    expect(apiToast).not.toHaveBeenCalled();
    expect(toast.error).not.toHaveBeenCalled();
    expect(screen.queryByTestId('whatsapp-error')).toBeNull();
    await app.user.type(input('whatsapp-code'), '{Backspace}');
    expect(alertsUnder('whatsapp-code')).toEqual([]);
  });
});

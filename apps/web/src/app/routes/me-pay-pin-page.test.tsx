import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../lib/api-effects.ts';
import { LOCAL_KEYS } from '../../lib/storage-keys.ts';
import { answer, callOf, contractServer } from '../../test/api-answer.ts';
import { renderApp } from '../../test/render-app.tsx';
import { formBody } from '../../features/loans/components/loans-test-fixtures.ts';
import MePayPinPage from './me-pay-pin-page.tsx';

const fetch = vi.fn();
const toastError = vi.fn();
beforeEach(() => {
  fetch.mockReset();
  toastError.mockReset();
  vi.stubGlobal('fetch', fetch);
  configureApi({ error: toastError, warning: vi.fn(), navigate: vi.fn() });
  localStorage.setItem(LOCAL_KEYS.token, 'tok');
  // The resend countdown is kept per tab: each test starts able to send.
  sessionStorage.clear();
});

const callsOf = (id: string) => fetch.mock.calls.filter((c) => callOf(c) === id);
const input = (id: string) => screen.getByTestId<HTMLInputElement>(id);

function open(path: string, setPayPin: unknown = { pay_pin_set: true }) {
  fetch.mockImplementation(
    contractServer({
      sendPayPinCode: { captcha: 0, resend_in: 60, phone_masked: '0812****7890' },
      setPayPin,
    }),
  );
  return renderApp(
    <Routes>
      <Route path="/me/pay-pin" element={<MePayPinPage />} />
      <Route path="*" element={<p data-testid="elsewhere" />} />
    </Routes>,
    { path },
  );
}

/** Sends the code to the registered phone, types the PIN twice and the code, and saves. */
async function choosePin(app: ReturnType<typeof open>, pin = '246810', again = pin) {
  await app.user.click(await screen.findByTestId('send-code'));
  await waitFor(() => expect(callsOf('sendPayPinCode')).toHaveLength(1));
  await app.user.type(input('pay-pin'), pin);
  await app.user.type(input('pay-pin-confirm'), again);
  await app.user.type(input('pay-pin-code'), '123456');
  await app.user.click(screen.getByTestId('pay-pin-submit'));
}

describe('/me/pay-pin: the payment PIN outside a checkout', { timeout: 20_000 }, () => {
  it('sets the PIN with an SMS code and goes back to the page that asked for it', async () => {
    const app = open('/me/pay-pin?redirect=%2Fhome%2Fborrowing-plan%3Fpid%3Dcash-loan');
    await choosePin(app);
    await waitFor(() => expect(app.location()).toBe('/home/borrowing-plan?pid=cash-loan'));
    expect(callsOf('setPayPin').map((c) => formBody(c[1] as RequestInit))).toEqual([
      { pin: '246810', pin_confirm: '246810', sms_code: '123456' },
    ]);
    expect(toastError).not.toHaveBeenCalled();
  });

  it.each(['//evil.example/x', '/\\evil.example', 'https://evil.example', ''])(
    'goes to Me, never to another site, when redirect is %j',
    async (redirect) => {
      const app = open(`/me/pay-pin?redirect=${encodeURIComponent(redirect)}`);
      await choosePin(app);
      await waitFor(() => expect(app.location()).toBe('/me'));
    },
  );

  it('two different PINs are refused beside the second, and nothing is sent', async () => {
    const app = open('/me/pay-pin');
    await choosePin(app, '246810', '246811');
    await waitFor(() => expect(input('pay-pin-confirm').getAttribute('aria-invalid')).toBe('true'));
    expect(callsOf('setPayPin')).toHaveLength(0);
    expect(app.location()).toBe('/me/pay-pin');
  });

  it('a wrong code is said under the code field, and the page stays', async () => {
    const app = open('/me/pay-pin', () => answer(4010, null, 'The code is incorrect'));
    await choosePin(app);
    await screen.findByText('The code is incorrect');
    expect(app.location()).toBe('/me/pay-pin');
  });
});

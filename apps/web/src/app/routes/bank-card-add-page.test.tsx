import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../lib/api-effects.ts';
import { bankKeys } from '../../lib/query-keys.ts';
import { LOCAL_KEYS } from '../../lib/storage-keys.ts';
import { allowSheetTaps } from '../../test/bottom-sheet-setup.ts';
import { answer, callOf, contractServer } from '../../test/api-answer.ts';
import { renderApp } from '../../test/render-app.tsx';
import { card, cards, formBody } from '../../features/bank-cards/components/bank-cards-test-fixtures.ts';
import { emptyBase } from '../../features/profile/components/profile-test-fixtures.ts';
import { BankCardAddPage } from './bank-card-page.tsx';

const fetch = vi.fn();
const toastError = vi.fn();
allowSheetTaps();
beforeEach(() => {
  fetch.mockReset();
  toastError.mockReset();
  vi.stubGlobal('fetch', fetch);
  configureApi({ error: toastError, warning: vi.fn(), navigate: vi.fn() });
  localStorage.setItem(LOCAL_KEYS.token, 'tok');
  // The resend countdown is kept per tab: each test starts able to send.
  sessionStorage.clear();
});

const BANKS = { list: [{ code: 'BCA', name: 'Bank Central Asia (BCA)', kind: 'bank' as const }] };
const base = { ...emptyBase, ktp_submitted: true, name: 'BUDI SANTOSO' };
const saved = card('card-1', { is_default: true });
const other = card('card-2', { bank: 'BCA', bank_name: 'Bank BCA', card_num_masked: '******1234' });
const sent = { captcha: 0, resend_in: 60, phone_masked: '0812****7890' };
const after = cards(card('card-1'), card('card-3', { bank: 'BCA', bank_name: 'Bank BCA', is_default: true }));

const input = (id: string) => screen.getByTestId<HTMLInputElement>(id);
const callsOf = (id: string) => fetch.mock.calls.filter((c) => callOf(c) === id);
/** The messages in the field block of an input (its label, input, addon and error). */
const errorOf = (id: string) =>
  within(input(id).closest<HTMLElement>('.kk-field')!)
    .queryAllByRole('alert')
    .map((a) => a.textContent);

/** The page in a router holding its route and the list it returns to. */
function open(path: string) {
  return renderApp(
    <Routes>
      <Route path="/me/bank-card-add/:sms" element={<BankCardAddPage />} />
      <Route path="/me/bank-card" element={<p data-testid="page-bank-card" />} />
    </Routes>,
    { path },
  );
}

function serve(answers: Parameters<typeof contractServer>[0] = {}) {
  fetch.mockImplementation(
    contractServer({
      getBaseProfile: base,
      getBankList: BANKS,
      getBank: cards(saved, other),
      sendBankCardCode: sent,
      addBankCard: after,
      ...answers,
    }),
  );
}

/** The server of a borrower with a payment PIN: 4427 without one, 4417 for a wrong one, the cards for the right one. */
const withPin = (right: string) => (init: RequestInit) => {
  const pin = formBody(init).pay_pin;
  if (pin === undefined) return answer(4427, null, 'Enter your 6-digit payment PIN to confirm');
  return pin === right ? answer(200, after) : answer(4417, { tries_left: 4 }, 'The payment PIN is incorrect');
};

/** Chooses BCA, types the account number, sends the code and types it. */
async function fill(app: ReturnType<typeof open>, code = '123456') {
  await waitFor(() => expect(input('bank-holder').value).toBe('BUDI SANTOSO'));
  await app.user.click(screen.getByTestId('bank-bank'));
  await app.user.click(await screen.findByTestId('bank-bank-option-BCA'));
  await app.user.type(input('bank-card-num'), '1234567890');
  await app.user.click(screen.getByTestId('send-code'));
  await waitFor(() => expect(callsOf('sendBankCardCode')).toHaveLength(1));
  await app.user.type(input('bank-card-code'), code);
}

// The sheets and the typing take seconds of simulated taps: past the 5 s default on a busy machine.
describe('/me/bank-card-add/1', { timeout: 20_000 }, () => {
  it('sends the code to the registered phone, adds the card with it, and returns to the list', async () => {
    serve();
    const app = open('/me/bank-card-add/1');
    expect((await screen.findByTestId('bank-card-code-to')).textContent).toBe(
      'We send the code by SMS to the phone number you registered with.',
    );
    expect(screen.getByTestId('bank-card-add-notice').textContent).toBe(
      'The new account becomes the one your loans are paid into.',
    );
    await fill(app);
    // No phone is sent: the server only ever sends to the registered one, and says where (masked).
    expect(formBody(callsOf('sendBankCardCode')[0]![1] as RequestInit)).toEqual({});
    expect(screen.getByTestId('bank-card-code-to').textContent).toBe(
      'The code was sent by SMS to 0812****7890.',
    );
    expect(screen.getByTestId('send-code').textContent).toMatch(/^Resend in \d+ s$/);
    await app.user.click(screen.getByTestId('bank-card-add-submit'));

    await waitFor(() => expect(app.location()).toBe('/me/bank-card'));
    expect(formBody(callsOf('addBankCard')[0]![1] as RequestInit)).toEqual({
      bank: 'BCA',
      card_num: '1234567890',
      name: 'BUDI SANTOSO',
      sms_code: '123456',
    });
    expect(
      await screen.findByText('Account added. Loans are now paid into it.', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(app.client.getQueryData(bankKeys.cards)).toEqual(after);
  });

  it('the bank’s 4270 is explained beside the form, not toasted, and what was typed stays', async () => {
    serve({ addBankCard: () => answer(4270, null, 'name mismatch') });
    const app = open('/me/bank-card-add/1');
    await fill(app);
    await app.user.click(screen.getByTestId('bank-card-add-submit'));

    const refusal = await screen.findByTestId('bank-card-add-refusal');
    expect(refusal.getAttribute('role')).toBe('alert');
    expect(refusal.textContent).toContain(
      "The account holder's name at the bank does not match the name on your KTP",
    );
    expect(refusal.nextElementSibling).toBe(screen.getByTestId('bank-card-add-submit'));
    expect(input('bank-card-num').value).toBe('1234567890');
    expect(input('bank-holder').value).toBe('BUDI SANTOSO');
    expect(input('bank-card-code').value).toBe('123456');
    expect(toastError).not.toHaveBeenCalled();
    expect(app.location()).toBe('/me/bank-card-add/1');

    // Correcting the account takes the refusal away; the same code goes again (the bank is asked first).
    await app.user.type(input('bank-card-num'), '1');
    expect(screen.queryByTestId('bank-card-add-refusal')).toBeNull();
    await app.user.click(screen.getByTestId('bank-card-add-submit'));
    await waitFor(() => expect(callsOf('addBankCard')).toHaveLength(2));
    expect(formBody(callsOf('addBankCard')[1]![1] as RequestInit)).toMatchObject({
      card_num: '12345678901',
      sms_code: '123456',
    });
    expect(callsOf('sendBankCardCode')).toHaveLength(1);
  });

  it('a wrong code (4010) is said under the code field, until the code is edited', async () => {
    serve({ addBankCard: () => answer(4010, null, 'wrong code') });
    const app = open('/me/bank-card-add/1');
    await fill(app, '654321');
    await app.user.click(screen.getByTestId('bank-card-add-submit'));
    await waitFor(() => expect(errorOf('bank-card-code')).toEqual(['The verification code is incorrect']));
    expect(screen.queryByTestId('bank-card-add-refusal')).toBeNull();
    expect(toastError).not.toHaveBeenCalled();
    await app.user.type(input('bank-card-code'), '{Backspace}');
    expect(errorOf('bank-card-code')).toEqual([]);
  });

  it('with ?id= it says which card it replaces and sends its id', async () => {
    serve();
    const app = open('/me/bank-card-add/1?id=card-2');
    expect((await screen.findByTestId('bank-card-add-replaces')).textContent).toBe(
      'It replaces Bank BCA ******1234.',
    );
    expect(screen.getByTestId('bank-card-add-submit').textContent).toBe('Replace account');
    await fill(app);
    await app.user.click(screen.getByTestId('bank-card-add-submit'));
    await waitFor(() => expect(app.location()).toBe('/me/bank-card'));
    expect(formBody(callsOf('addBankCard')[0]![1] as RequestInit)).toMatchObject({
      id: 'card-2',
      sms_code: '123456',
    });
  });

  it('when the server asks for the payment PIN, a sheet asks for it: a wrong one is said under it, the right one adds the card', async () => {
    serve({ addBankCard: withPin('246810') });
    const app = open('/me/bank-card-add/1');
    await fill(app);
    await app.user.click(screen.getByTestId('bank-card-add-submit'));
    // The sheet's chunk loads lazily.
    const pin = await screen.findByTestId('pin-confirm', {}, { timeout: 5000 });
    // Sent first without a PIN, as for a borrower who has none: the server asked for it.
    expect(callsOf('addBankCard').map((c) => formBody(c[1] as RequestInit).pay_pin)).toEqual([undefined]);
    await app.user.type(pin, '111111');
    await waitFor(() => expect(errorOf('pin-confirm')).toEqual(['Wrong PIN. 4 tries left before it locks.']));
    expect(app.location()).toBe('/me/bank-card-add/1');
    await app.user.type(screen.getByTestId('pin-confirm'), '246810');
    await waitFor(() => expect(app.location()).toBe('/me/bank-card'));
    expect(callsOf('addBankCard').map((c) => formBody(c[1] as RequestInit).pay_pin)).toEqual([
      undefined,
      '111111',
      '246810',
    ]);
    expect(toastError).not.toHaveBeenCalled();
  });

  it('when the server asks for the payment PIN, closing its sheet sends nothing more and leaves the form as it was', async () => {
    serve({ addBankCard: withPin('246810') });
    const app = open('/me/bank-card-add/1');
    await fill(app);
    await app.user.click(screen.getByTestId('bank-card-add-submit'));
    await screen.findByTestId('pin-confirm', {}, { timeout: 5000 });
    // The mask's button (antd-mobile's own, for screen readers) closes the sheet as a tap beside it does.
    await app.user.click(document.querySelector<HTMLElement>('.adm-mask-aria-button')!);
    await waitFor(() => expect(screen.queryByTestId('pin-confirm-sheet')).toBeNull());
    // Only the first try, which the server refused for its missing PIN.
    expect(callsOf('addBankCard')).toHaveLength(1);
    expect(input('bank-card-num').value).toBe('1234567890');
    expect((screen.getByTestId('bank-card-add-submit') as HTMLButtonElement).disabled).toBe(false);
    expect(toastError).not.toHaveBeenCalled();
  });

  it('captcha: 1 sends nothing yet: the image captcha opens and its answer sends the code', async () => {
    serve({
      getCaptcha: { id: crypto.randomUUID(), png: btoa('img') },
      sendBankCardCode: (init: RequestInit) =>
        answer(200, formBody(init).captcha_code ? sent : { ...sent, captcha: 1 }),
    });
    const app = open('/me/bank-card-add/1');
    await screen.findByTestId('bank-holder');
    await app.user.click(screen.getByTestId('send-code'));
    // The dialog's chunk loads lazily: a busy machine may need more than findBy's default second.
    const captcha = await screen.findByTestId('captcha-input', {}, { timeout: 5000 });
    expect(screen.getByTestId('bank-card-code-to').textContent).toBe(
      'We send the code by SMS to the phone number you registered with.',
    );
    await app.user.type(captcha, 'RIGHT');
    await app.user.click(screen.getByTestId('captcha-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('bank-card-code-to').textContent).toBe(
        'The code was sent by SMS to 0812****7890.',
      ),
    );
    const sends = callsOf('sendBankCardCode');
    expect(sends).toHaveLength(2);
    expect(formBody(sends[1]![1] as RequestInit)).toMatchObject({ captcha_code: 'RIGHT' });
    expect(formBody(sends[1]![1] as RequestInit).captcha_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('any :sms but 1 lands on /me/bank-card-add/1, keeping the query', async () => {
    serve();
    const app = open('/me/bank-card-add/0?id=card-2');
    await waitFor(() => expect(app.location()).toBe('/me/bank-card-add/1?id=card-2'));
    expect(await screen.findByTestId('bank-card-add-replaces')).toBeTruthy();
  });
});

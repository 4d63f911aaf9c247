import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../lib/api-effects.ts';
import { LOCAL_KEYS } from '../../lib/storage-keys.ts';
import { allowSheetTaps } from '../../test/bottom-sheet-setup.ts';
import { answer, callOf, contractServer } from '../../test/api-answer.ts';
import { renderApp } from '../../test/render-app.tsx';
import { card, cards, formBody } from '../../features/bank-cards/components/bank-cards-test-fixtures.ts';
import { BankCardPage } from './bank-card-page.tsx';

const fetch = vi.fn();
const toastError = vi.fn();
allowSheetTaps();
beforeEach(() => {
  fetch.mockReset();
  toastError.mockReset();
  vi.stubGlobal('fetch', fetch);
  configureApi({ error: toastError, warning: vi.fn(), navigate: vi.fn() });
  localStorage.setItem(LOCAL_KEYS.token, 'tok');
});

const PIN = '246810';
const other = card('card-2', { bank: 'BCA', bank_name: 'Bank BCA', card_num_masked: '******1234' });
const pinsSent = () =>
  fetch.mock.calls
    .filter((c) => callOf(c) === 'setDefaultBank')
    .map((c) => formBody(c[1] as RequestInit).pay_pin);

describe(
  '/me/bank-card: choosing where loans are paid, with the payment PIN once set',
  { timeout: 20_000 },
  () => {
    it('the server asks for the PIN; a wrong one is said under it, the right one chooses the card', async () => {
      fetch.mockImplementation(
        contractServer({
          getBank: cards(card('card-1', { is_default: true }), other),
          setDefaultBank: (init: RequestInit) => {
            const pin = formBody(init).pay_pin;
            if (pin === undefined) return answer(4427, null, 'Enter your 6-digit payment PIN to confirm');
            if (pin !== PIN) return answer(4417, { tries_left: 4 }, 'The payment PIN is incorrect');
            return answer(200, cards(card('card-1'), { ...other, is_default: true }));
          },
        }),
      );
      const app = renderApp(<BankCardPage />, { path: '/me/bank-card' });
      const free = await screen.findByTestId('bank-card-card-2');
      await app.user.click(within(free).getByRole('button', { name: 'Make default' }));
      await app.user.type(await screen.findByTestId('pin-confirm', {}, { timeout: 5000 }), '111111');
      await waitFor(() =>
        expect(screen.getByTestId('pin-confirm-sheet').textContent).toContain(
          'Wrong PIN. 4 tries left before it locks.',
        ),
      );
      expect(within(free).queryByTestId('bank-card-default')).toBeNull();
      await app.user.type(screen.getByTestId('pin-confirm'), PIN);
      await waitFor(() => expect(within(free).queryByTestId('bank-card-default')).toBeTruthy());
      expect(pinsSent()).toEqual([undefined, '111111', PIN]);
      expect(await screen.findByText('Loans are now paid into Bank BCA', {}, { timeout: 5000 })).toBeTruthy();
      expect(toastError).not.toHaveBeenCalled();
    });

    it('closing the PIN sheet chooses nothing and says nothing', async () => {
      fetch.mockImplementation(
        contractServer({
          getBank: cards(card('card-1', { is_default: true }), other),
          setDefaultBank: () => answer(4427, null, 'Enter your 6-digit payment PIN to confirm'),
        }),
      );
      const app = renderApp(<BankCardPage />, { path: '/me/bank-card' });
      const free = await screen.findByTestId('bank-card-card-2');
      await app.user.click(within(free).getByRole('button', { name: 'Make default' }));
      await screen.findByTestId('pin-confirm', {}, { timeout: 5000 });
      // The mask's button (antd-mobile's own, for screen readers) closes the sheet as a tap beside it does.
      await app.user.click(document.querySelector<HTMLElement>('.adm-mask-aria-button')!);
      await waitFor(() => expect(screen.queryByTestId('pin-confirm-sheet')).toBeNull());
      expect(pinsSent()).toEqual([undefined]);
      expect(within(free).queryByTestId('bank-card-default')).toBeNull();
      expect(toastError).not.toHaveBeenCalled();
    });
  },
);

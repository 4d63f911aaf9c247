import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../lib/api-effects.ts';
import { LOCAL_KEYS } from '../../lib/storage-keys.ts';
import { allowSheetTaps } from '../../test/bottom-sheet-setup.ts';
import { callOf, contractServer } from '../../test/api-answer.ts';
import { renderApp } from '../../test/render-app.tsx';
import { bankCardsQueryOptions } from '../../features/bank-cards/api/get-bank-cards.ts';
import { card, cards } from '../../features/bank-cards/components/bank-cards-test-fixtures.ts';
import { LoanFailedDialog } from '../../features/loans/components/loan-failed-dialog.tsx';
import {
  failedOrder,
  formBody,
  order,
  ORDER_ID,
} from '../../features/loans/components/loans-test-fixtures.ts';

const fetch = vi.fn();
allowSheetTaps();
beforeEach(() => {
  fetch.mockReset();
  vi.stubGlobal('fetch', fetch);
  configureApi({ error: vi.fn(), warning: vi.fn(), navigate: vi.fn() });
  localStorage.setItem(LOCAL_KEYS.token, 'tok');
});

const bodyOf = (id: string) => formBody(fetch.mock.calls.find((c) => callOf(c) === id)![1] as RequestInit);

describe('failure modal (bill_status 4)', { timeout: 20_000 }, () => {
  it('the bank refused the account (loan_fail_status 1): explains, nothing owed, one button to correct it', async () => {
    fetch.mockImplementation(
      contractServer({ getCurrentOrder: { order: failedOrder(1) }, getBank: cards(card('card-1')) }),
    );
    const app = renderApp(<LoanFailedDialog bankCards={bankCardsQueryOptions()} />, {
      path: '/home/add-bank',
    });
    const dialog = await screen.findByRole('dialog', { name: 'The money could not be sent' });
    expect(within(dialog).getByTestId('loan-failed-reason').textContent).toBe(
      'The name on the bank account does not match the name on your KTP.',
    );
    expect(dialog.textContent).toContain('Nothing is owed and nothing was charged.');
    const buttons = within(dialog).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Correct my bank account']);
    await app.user.click(buttons[0]!);
    await waitFor(() => expect(app.location()).toBe('/home/add-bank?patch=1'));
    expect(fetch.mock.calls.map(callOf)).not.toContain('patchBank');
  });

  it('otherwise: "Try again" sends it to the default card by its id, then waits on loaning', async () => {
    fetch.mockImplementation(
      contractServer({
        getCurrentOrder: { order: failedOrder(0) },
        getBank: cards(card('card-1'), card('card-2', { is_default: true, bank_name: 'Bank BCA' })),
        patchBank: order,
      }),
    );
    const app = renderApp(<LoanFailedDialog bankCards={bankCardsQueryOptions()} />, {
      path: '/home/loan-product',
    });
    const dialog = await screen.findByRole('dialog', { name: 'The money could not be sent' });
    expect(within(dialog).getByTestId('loan-failed-reason').textContent).toBe(
      'The bank did not answer in time.',
    );
    await waitFor(() =>
      expect(dialog.textContent).toContain('We can send Rp 2.970.000 again to Bank BCA ******7890'),
    );
    const retry = within(dialog).getByRole('button', { name: 'Try again' });
    expect(within(dialog).getByRole('button', { name: 'Cancel the loan' })).toBeTruthy();
    await waitFor(() => expect(retry.hasAttribute('disabled')).toBe(false));
    await app.user.click(retry);
    await waitFor(() => expect(app.location()).toBe('/home/loaning'));
    expect(bodyOf('patchBank')).toEqual({ id: 'card-2' });
  });

  it('otherwise: "Cancel the loan" cancels the order and stays on loan-product', async () => {
    fetch.mockImplementation(
      contractServer({
        getCurrentOrder: { order: failedOrder(0) },
        getBank: cards(card('card-1', { is_default: true })),
        cancelLoanOrder: { ...failedOrder(0), state: 'cancelled', bill_status: 0, can_cancel: false },
      }),
    );
    const app = renderApp(<LoanFailedDialog bankCards={bankCardsQueryOptions()} />, {
      path: '/home/loan-product?x=1',
    });
    const dialog = await screen.findByRole('dialog', { name: 'The money could not be sent' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel the loan' }));
    await waitFor(() => expect(app.location()).toBe('/home/loan-product'));
    expect(bodyOf('cancelLoanOrder')).toEqual({ order_id: ORDER_ID });
    expect(fetch.mock.calls.map(callOf)).not.toContain('patchBank');
    // The toast's module loads on first use: waited for inside the test.
    expect(
      await screen.findByText('Your loan was cancelled. Nothing is owed.', {}, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('shows nothing while the order is on its way or there is none', async () => {
    fetch.mockImplementation(contractServer({ getCurrentOrder: { order } }));
    renderApp(<LoanFailedDialog bankCards={bankCardsQueryOptions()} />, { path: '/home/loan-product' });
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../../lib/api-effects.ts';
import { LOCAL_KEYS } from '../../../lib/storage-keys.ts';
import { allowSheetTaps } from '../../../test/bottom-sheet-setup.ts';
import { callOf, contractServer } from '../../../test/api-answer.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { BankCardList } from './bank-card-list.tsx';
import { card, cards, formBody } from './bank-cards-test-fixtures.ts';

const fetch = vi.fn();
allowSheetTaps();
beforeEach(() => {
  fetch.mockReset();
  vi.stubGlobal('fetch', fetch);
  configureApi({ error: vi.fn(), warning: vi.fn(), navigate: vi.fn() });
  localStorage.setItem(LOCAL_KEYS.token, 'tok');
});

const inUse = card('card-1', { is_default: true, in_use: true });
const other = card('card-2', { bank: 'BCA', bank_name: 'Bank BCA', card_num_masked: '******1234' });

describe('bank accounts', { timeout: 20_000 }, () => {
  it('a card receiving a loan cannot be removed, and says why; another can, after a confirmation', async () => {
    fetch.mockImplementation(contractServer({ getBank: cards(inUse, other), removeBankCard: cards(inUse) }));
    const app = renderApp(<BankCardList />, { path: '/me/bank-card' });
    const busy = await screen.findByTestId('bank-card-card-1');
    expect(within(busy).getByTestId('bank-card-default').textContent).toBe('Default');
    expect(within(busy).getByTestId('bank-card-in-use').textContent).toBe('Receiving a loan');
    const removeBusy = within(busy).getByRole('button', { name: 'Remove' });
    expect(removeBusy.hasAttribute('disabled')).toBe(true);
    const why = within(busy).getByTestId('bank-card-remove-why');
    expect(why.textContent).toBe('A loan is being sent to this account, so it cannot be removed now.');
    expect(removeBusy.getAttribute('aria-describedby')).toBe(why.id);
    expect(within(busy).queryByRole('button', { name: 'Make default' })).toBeNull();

    const free = screen.getByTestId('bank-card-card-2');
    expect(within(free).queryByTestId('bank-card-remove-why')).toBeNull();
    expect(within(free).getByRole('button', { name: 'Make default' })).toBeTruthy();
    await app.user.click(within(free).getByRole('button', { name: 'Remove' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm.textContent).toContain('Bank BCA ******1234 will no longer be used for your loans.');
    expect(fetch.mock.calls.map(callOf)).not.toContain('removeBankCard');
    await app.user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByTestId('bank-card-card-2')).toBeNull());
    const removed = fetch.mock.calls.find((c) => callOf(c) === 'removeBankCard')!;
    expect(formBody(removed[1] as RequestInit)).toEqual({ id: 'card-2' });
    expect(await screen.findByText('The account was removed', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('the only card cannot be removed either', async () => {
    fetch.mockImplementation(contractServer({ getBank: cards(card('card-1', { is_default: true })) }));
    renderApp(<BankCardList />, { path: '/me/bank-card' });
    const only = await screen.findByTestId('bank-card-card-1');
    expect(within(only).getByRole('button', { name: 'Remove' }).hasAttribute('disabled')).toBe(true);
    expect(within(only).getByTestId('bank-card-remove-why').textContent).toBe(
      'This is your only account, so it cannot be removed.',
    );
  });

  it('"Make default" chooses the card loans are paid into', async () => {
    fetch.mockImplementation(
      contractServer({
        getBank: cards(card('card-1', { is_default: true }), other),
        setDefaultBank: cards(card('card-1'), { ...other, is_default: true }),
      }),
    );
    const app = renderApp(<BankCardList />, { path: '/me/bank-card' });
    const free = await screen.findByTestId('bank-card-card-2');
    await app.user.click(within(free).getByRole('button', { name: 'Make default' }));
    await waitFor(() => expect(within(free).queryByTestId('bank-card-default')).toBeTruthy());
    const chosen = fetch.mock.calls.find((c) => callOf(c) === 'setDefaultBank')!;
    expect(formBody(chosen[1] as RequestInit)).toEqual({ id: 'card-2' });
    expect(await screen.findByText('Loans are now paid into Bank BCA', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('"Add bank account" opens the add page (with its SMS code); each free card can be replaced', async () => {
    fetch.mockImplementation(contractServer({ getBank: cards(inUse, other) }));
    renderApp(<BankCardList />, { path: '/me/bank-card' });
    const add = await screen.findByRole('link', { name: 'Add bank account' });
    expect(add.getAttribute('href')).toBe('/me/bank-card-add/1');
    expect(screen.queryByTestId('bank-card-add-max')).toBeNull();
    const free = screen.getByTestId('bank-card-card-2');
    expect(within(free).getByRole('link', { name: 'Replace' }).getAttribute('href')).toBe(
      '/me/bank-card-add/1?id=card-2',
    );
    // Money on its way to a card keeps it: replacing would not take it away.
    expect(
      within(screen.getByTestId('bank-card-card-1')).queryByRole('link', { name: 'Replace' }),
    ).toBeNull();
  });

  it('at 5 cards there is no add button, a line says why, and replacing is still offered', async () => {
    const five = ['a', 'b', 'c', 'd', 'e'].map((id, i) => card(`card-${id}`, { is_default: i === 0 }));
    fetch.mockImplementation(contractServer({ getBank: cards(...five) }));
    renderApp(<BankCardList />, { path: '/me/bank-card' });
    expect((await screen.findByTestId('bank-card-add-max')).textContent).toBe(
      'You keep 5 accounts, the most allowed. Remove or replace one to use another.',
    );
    expect(screen.queryByTestId('bank-card-add')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add bank account' })).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Replace' })).toHaveLength(5);
  });
});

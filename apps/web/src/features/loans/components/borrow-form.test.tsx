import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../../lib/api-effects.ts';
import { LOCAL_KEYS } from '../../../lib/storage-keys.ts';
import { allowSheetTaps } from '../../../test/bottom-sheet-setup.ts';
import { contractServer } from '../../../test/api-answer.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { BorrowForm } from './borrow-form.tsx';
import { plan, products, purposes } from './loans-test-fixtures.ts';

const fetch = vi.fn();
allowSheetTaps();
beforeEach(() => {
  fetch.mockReset();
  vi.stubGlobal('fetch', fetch);
  configureApi({ error: vi.fn(), warning: vi.fn(), navigate: vi.fn() });
  localStorage.setItem(LOCAL_KEYS.token, 'tok');
  sessionStorage.clear();
});
afterEach(() => vi.restoreAllMocks());

const amountInput = () => screen.getByTestId<HTMLInputElement>('loan-amount');
const slider = () => screen.getByRole('slider', { name: 'Loan amount' });

async function renderForm(answer = products) {
  fetch.mockImplementation(contractServer({ getLoanProducts: answer, getPurposes: purposes }));
  const app = renderApp(<BorrowForm />, { path: '/home/loan-product' });
  await screen.findByTestId('borrow-form');
  return app;
}

describe('borrowing form', { timeout: 20_000 }, () => {
  it('shows the allowed range: the minimum to the last step within the limit', async () => {
    await renderForm();
    expect(screen.getByTestId('loan-amount-range').textContent).toBe(
      'From Rp 400.000 to Rp 2.300.000, in steps of Rp 100.000',
    );
    expect(amountInput().getAttribute('aria-describedby')).toBe(screen.getByTestId('loan-amount-range').id);
    expect(slider().getAttribute('aria-valuemin')).toBe('400000');
    expect(slider().getAttribute('aria-valuemax')).toBe('2300000');
    expect(screen.getByTestId('loan-price').textContent).toMatch(/^Interest 0.03% a day/);
  });

  it('a typed amount moves the slider at once and snaps onto the step within the range on leaving', async () => {
    const app = await renderForm();
    await app.user.clear(amountInput());
    await app.user.type(amountInput(), '1234567');
    expect(amountInput().value).toBe('1.234.567');
    expect(slider().getAttribute('aria-valuenow')).toBe('1200000');
    await app.user.tab();
    expect(amountInput().value).toBe('1.200.000');
    expect(screen.getByTestId('loan-amount-adjusted').textContent).toBe(
      'Set to Rp 1.200.000, the nearest amount offered',
    );

    // Above the limit: the largest amount on the step; Enter snaps too.
    await app.user.clear(amountInput());
    await app.user.type(amountInput(), '99999999{Enter}');
    expect(amountInput().value).toBe('2.300.000');
    expect(slider().getAttribute('aria-valuenow')).toBe('2300000');

    // Below the minimum: the minimum. An amount on the step stays as typed, with no note.
    await app.user.clear(amountInput());
    await app.user.type(amountInput(), '5');
    await app.user.tab();
    expect(amountInput().value).toBe('400.000');
    await app.user.clear(amountInput());
    await app.user.type(amountInput(), '1500000');
    await app.user.tab();
    expect(amountInput().value).toBe('1.500.000');
    expect(screen.queryByTestId('loan-amount-adjusted')).toBeNull();
  });

  it('the slider sets the field to an amount on the step', async () => {
    await renderForm();
    const track = document.querySelector<HTMLElement>('.adm-slider-track')!;
    // jsdom lays nothing out: a 200 px track from x = 0.
    vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(200);
    vi.spyOn(track, 'getBoundingClientRect').mockReturnValue({ left: 0 } as DOMRect);
    // A quarter of the way: 400,000 + 0.25 × 1,900,000 = 875,000, on the step 900,000.
    act(() => void fireEvent.click(track, { clientX: 50 }));
    expect(amountInput().value).toBe('900.000');
    expect(slider().getAttribute('aria-valuenow')).toBe('900000');
  });

  it('asks for the purpose, picked kind then purpose, and goes to the plan with the choice', async () => {
    const app = await renderForm();
    await app.user.clear(amountInput());
    await app.user.type(amountInput(), '1500000');
    await app.user.click(screen.getByTestId('loan-tenor-month-3-3'));
    await app.user.click(screen.getByTestId('see-plan'));
    expect(screen.getByText('Please choose what the loan is for')).toBeTruthy();
    expect(app.location()).toBe('/home/loan-product');

    await app.user.click(screen.getByTestId('loan-purpose'));
    await app.user.click(await screen.findByTestId('loan-purpose-kind-1'));
    await app.user.click(await screen.findByTestId('loan-purpose-option-103'));
    await waitFor(() => expect(screen.getByTestId('loan-purpose').textContent).toBe('Daily needs / Rent'));
    await app.user.click(screen.getByTestId('see-plan'));
    expect(app.location()).toBe(
      '/home/borrowing-plan?pid=cash-loan&money=1500000&period=month-3-3&purpose_id=103',
    );
  });

  it('coming back from the plan, the choice is as it was', async () => {
    fetch.mockImplementation(contractServer({ getLoanProducts: products, getPurposes: purposes }));
    renderApp(<BorrowForm />, {
      path: '/home/loan-product?pid=cash-loan&money=1500000&period=month-3-3&purpose_id=301',
    });
    await screen.findByTestId('borrow-form');
    expect(amountInput().value).toBe('1.500.000');
    expect(screen.getByTestId('loan-tenor-month-3-3').getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('loan-purpose').textContent).toBe('Health / Medical treatment');
  });

  it('a link asking too much starts at the largest amount allowed, and an edit made after it survives a reload', async () => {
    fetch.mockImplementation(contractServer({ getLoanProducts: products, getPurposes: purposes }));
    const app = renderApp(<BorrowForm />, {
      path: '/home/loan-product?pid=cash-loan&money=9000000&period=month-3-3&purpose_id=301',
    });
    await screen.findByTestId('borrow-form');
    expect(amountInput().value).toBe('2.300.000');
    // Read once, the link's query gives way to the choice kept in session storage.
    await waitFor(() => expect(app.location()).toBe('/home/loan-product'));
    await app.user.clear(amountInput());
    await app.user.type(amountInput(), '1100000');
    await app.user.tab();
    app.unmount();

    await renderForm();
    expect(amountInput().value).toBe('1.100.000');
    expect(screen.getByTestId('loan-tenor-month-3-3').getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('loan-purpose').textContent).toBe('Health / Medical treatment');
  });

  it('a reload reopens the form as it was: amount, tenor and purpose from session storage, nothing else kept', async () => {
    const app = await renderForm();
    await app.user.clear(amountInput());
    await app.user.type(amountInput(), '1700000');
    await app.user.tab();
    await app.user.click(screen.getByTestId('loan-tenor-month-3-3'));
    await app.user.click(screen.getByTestId('loan-purpose'));
    await app.user.click(await screen.findByTestId('loan-purpose-kind-3'));
    await app.user.click(await screen.findByTestId('loan-purpose-option-301'));
    await waitFor(() =>
      expect(screen.getByTestId('loan-purpose').textContent).toBe('Health / Medical treatment'),
    );
    app.unmount();

    await renderForm();
    expect(amountInput().value).toBe('1.700.000');
    expect(screen.getByTestId('loan-tenor-month-3-3').getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('loan-purpose').textContent).toBe('Health / Medical treatment');
    expect(Object.keys(sessionStorage)).toEqual(['KK_BORROW_CHOICE']);
    expect(JSON.parse(sessionStorage.getItem('KK_BORROW_CHOICE')!)).toEqual({
      pid: 'cash-loan',
      money: 1_700_000,
      period: 'month-3-3',
      purpose: 301,
    });
  });

  it('a kept choice the products no longer offer falls back to their defaults', async () => {
    sessionStorage.setItem(
      'KK_BORROW_CHOICE',
      JSON.stringify({ pid: 'cash-loan', money: 9_000_000, period: 'month-12-12', purpose: 999 }),
    );
    await renderForm();
    expect(amountInput().value).toBe('400.000');
    expect(screen.getByTestId('loan-tenor-day-14-1').getAttribute('aria-checked')).toBe('true');
  });

  it('offers on each tenor only what the income allows, and shows the instalments as the choice changes', async () => {
    const [cash] = products.list;
    const capped = {
      ...products,
      list: [
        {
          ...cash!,
          tenors: [
            { ...cash!.tenors[0]!, max_amount: 1_000_000 },
            { ...cash!.tenors[1]!, max_amount: 2_350_000 },
            // Not even the minimum on this one: never offered.
            { ...cash!.tenors[1]!, period: 'month-6-6', label: '6 months', max_amount: 300_000 },
          ],
        },
      ],
    };
    fetch.mockImplementation(
      contractServer({ getLoanProducts: capped, getPurposes: purposes, getLoanPlan: plan }),
    );
    const app = renderApp(<BorrowForm />, { path: '/home/loan-product' });
    await screen.findByTestId('borrow-form');
    expect(screen.queryByTestId('loan-tenor-month-6-6')).toBeNull();
    expect(screen.getByTestId('loan-max-for-tenor').textContent).toBe(
      'Up to Rp 1.000.000 for 14 days: what your limit and income allow.',
    );
    expect(slider().getAttribute('aria-valuemax')).toBe('1000000');
    await app.user.clear(amountInput());
    await app.user.type(amountInput(), '2000000{Enter}');
    expect(amountInput().value).toBe('1.000.000');

    // A tenor that allows what was asked brings the amount back up to it: the borrower asked for 2,000,000.
    await app.user.click(screen.getByTestId('loan-tenor-month-3-3'));
    expect(amountInput().value).toBe('2.000.000');
    await waitFor(() =>
      expect(screen.getByTestId('loan-estimate').textContent).toBe(
        '3 instalments, the first Rp 1.093.000 on 02/04/2026. The largest month takes 18.3% of your income.',
      ),
    );
    // Back to 14 days: the amount comes down to what that tenor allows, never a pair the server refuses.
    await app.user.click(screen.getByTestId('loan-tenor-day-14-1'));
    expect(amountInput().value).toBe('1.000.000');
    // Asked for less than any cap, it stays what was asked on every tenor.
    await app.user.clear(amountInput());
    await app.user.type(amountInput(), '800000{Enter}');
    await app.user.click(screen.getByTestId('loan-tenor-month-3-3'));
    expect(amountInput().value).toBe('800.000');
  });

  it.each([
    ['open_loan', 'You already have a loan in progress. You can borrow again once it is repaid.'],
    ['no_limit', 'You have no limit left to borrow. Repaying your loan frees it up again.'],
    ['not_approved', 'Your application must be approved before you can borrow.'],
  ] as const)('when it may not borrow (%s) says why instead of the form', async (reason, text) => {
    fetch.mockImplementation(
      contractServer({
        getLoanProducts: { ...products, can_borrow: false, reason },
        getPurposes: purposes,
      }),
    );
    renderApp(<BorrowForm />, { path: '/home/loan-product' });
    const why = await screen.findByTestId('borrow-cannot');
    expect(why.textContent).toContain(text);
    expect(screen.queryByTestId('borrow-form')).toBeNull();
  });
});

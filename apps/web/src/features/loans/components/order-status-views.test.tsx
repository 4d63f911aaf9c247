import { act, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoanOrderView } from '@kaskita/domain/contract/loans';
import { configureApi } from '../../../lib/api-effects.ts';
import { LOCAL_KEYS } from '../../../lib/storage-keys.ts';
import { allowSheetTaps } from '../../../test/bottom-sheet-setup.ts';
import { answer, callOf, contractServer, type Wire } from '../../../test/api-answer.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { ORDER_POLL_MS } from '../api/get-current-order.ts';
import { LoanSuccessView } from './loan-success-view.tsx';
import { LoaningView } from './loaning-view.tsx';
import { formBody, order, ORDER_ID } from './loans-test-fixtures.ts';

const fetch = vi.fn();
allowSheetTaps();
beforeEach(() => {
  fetch.mockReset();
  vi.stubGlobal('fetch', fetch);
  configureApi({ error: vi.fn(), warning: vi.fn(), navigate: vi.fn() });
  localStorage.setItem(LOCAL_KEYS.token, 'tok');
});
afterEach(() => vi.useRealTimers());

describe('loan success', { timeout: 20_000 }, () => {
  it('says the loan is on its way, what arrives where, and cancels free of charge after a confirmation', async () => {
    let cancelled = false;
    fetch.mockImplementation(
      contractServer({
        getCurrentOrder: () => answer(200, { order: cancelled ? null : order }),
        cancelLoanOrder: () => {
          cancelled = true;
          return answer(200, { ...order, state: 'cancelled', bill_status: 0, can_cancel: false });
        },
      }),
    );
    const app = renderApp(<LoanSuccessView />, { path: `/loan/loan-success?order_id=${ORDER_ID}` });
    expect((await screen.findByTestId('success-heading')).textContent).toBe('Your loan is on its way');
    expect(screen.getByTestId('order-received').textContent).toBe('Rp 2.970.000');
    expect(screen.getByTestId('order-bank').textContent).toBe('Bank Mandiri ******7890');
    expect(screen.getByTestId('cooling-off').textContent).toContain(
      'You can cancel free of charge until the money is sent.',
    );
    await app.user.click(screen.getByTestId('cancel-loan'));
    const confirm = await screen.findByRole('dialog');
    expect(confirm.textContent).toContain('Nothing is owed and nothing is charged.');
    expect(fetch.mock.calls.map(callOf)).not.toContain('cancelLoanOrder');
    await app.user.click(within(confirm).getByRole('button', { name: 'Cancel the loan' }));
    expect(await screen.findByText('No loan in progress')).toBeTruthy();
    const sent = fetch.mock.calls.find((c) => callOf(c) === 'cancelLoanOrder')!;
    expect(formBody(sent[1] as RequestInit)).toEqual({ order_id: ORDER_ID });
    expect(
      await screen.findByText('Your loan was cancelled. Nothing is owed.', {}, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('no cancel button once the money has left', async () => {
    fetch.mockImplementation(
      contractServer({
        getCurrentOrder: { order: { ...order, disbursement_status: 'pending', can_cancel: false } },
      }),
    );
    renderApp(<LoanSuccessView />, { path: '/loan/loan-success' });
    await screen.findByTestId('success-heading');
    expect(screen.queryByTestId('cancel-loan')).toBeNull();
  });
});

describe('loaning', { timeout: 20_000 }, () => {
  it('shows where the money is and the first due date, asks every 5 s, and leaves for home once it arrived', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let current: Wire<LoanOrderView> = { ...order, disbursement_status: 'pending', can_cancel: false };
    fetch.mockImplementation(contractServer({ getCurrentOrder: () => answer(200, { order: current }) }));
    const app = renderApp(
      <Routes>
        <Route path="/home/loaning" element={<LoaningView />} />
        <Route path="/home" element={<p data-testid="home" />} />
      </Routes>,
      { path: '/home/loaning' },
    );
    expect((await screen.findByTestId('loaning-status')).textContent).toBe(
      'Your bank is processing the transfer.',
    );
    expect(screen.getByTestId('order-first-due').textContent).toBe('02/04/2026 (Rp 1.093.000)');
    expect(screen.queryByTestId('cancel-loan')).toBeNull();
    current = {
      ...current,
      state: 'active',
      bill_status: 2,
      disbursement_status: 'completed',
    };
    await act(() => vi.advanceTimersByTimeAsync(ORDER_POLL_MS));
    await waitFor(() => expect(app.location()).toBe('/home'));
  });
});

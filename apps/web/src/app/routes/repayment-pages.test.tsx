import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../lib/api-effects.ts';
import { setLocale } from '../../lib/i18n.ts';
import { LOCAL_KEYS } from '../../lib/storage-keys.ts';
import { allowSheetTaps } from '../../test/bottom-sheet-setup.ts';
import { answer, callOf, contractServer } from '../../test/api-answer.ts';
import { renderApp } from '../../test/render-app.tsx';
import { failedOrder, order } from '../../features/loans/components/loans-test-fixtures.ts';
import { loanRecord, onTimeBills } from '../../features/repayments/components/repayments-test-fixtures.ts';
import * as pages from './repayment-pages.tsx';

const fetch = vi.fn();
allowSheetTaps();
beforeEach(async () => {
  fetch.mockReset();
  vi.stubGlobal('fetch', fetch);
  configureApi({ error: vi.fn(), warning: vi.fn(), navigate: vi.fn() });
  localStorage.setItem(LOCAL_KEYS.token, 'tok');
  await setLocale('en-US');
});

const limit = {
  approved: true,
  limit_amount: 5_000_000,
  used_amount: 3_000_000,
  available_amount: 2_000_000,
};

describe('repayment route pages (features composed)', { timeout: 20_000 }, () => {
  it('/home/pay-back: the bills with what is still available to borrow (the application limit)', async () => {
    fetch.mockImplementation(contractServer({ getBills: onTimeBills, getLimitAmount: limit }));
    renderApp(<pages.HomePayBack />, { path: '/home/pay-back' });
    await waitFor(() => expect(screen.getByTestId('available-amount').textContent).toBe('Rp 2.000.000'));
    expect(screen.getByTestId('nearest-amount').textContent).toBe('Rp 1.090.000');
  });

  it('/bill: a tab root titled Bills, without a back button', async () => {
    fetch.mockImplementation(contractServer({ getBills: onTimeBills }));
    renderApp(<pages.Bill />, { path: '/bill' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Bills');
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    await screen.findByTestId('nearest-bill');
  });

  it.each([
    ['/bill', pages.Bill],
    ['/home/pay-back', pages.HomePayBack],
  ])('%s links to relief while a bill is left to pay, not once all are paid', async (path, Page) => {
    fetch.mockImplementation(contractServer({ getBills: onTimeBills, getLimitAmount: limit }));
    const app = renderApp(<Page />, { path });
    const link = await screen.findByTestId('relief-link');
    expect(link.textContent).toBe('Struggling to pay? Ask for more time or smaller bills');
    expect(link.getAttribute('href')).toBe('/home/relief');
    app.unmount();

    const allPaid = { ...onTimeBills, nearest: null, upcoming: [], options: null };
    fetch.mockImplementation(contractServer({ getBills: allPaid, getLimitAmount: limit }));
    renderApp(<Page />, { path });
    await screen.findByTestId(path === '/bill' ? 'bills-all-paid' : 'pay-back-none');
    expect(screen.queryByTestId('relief-link')).toBeNull();
  });

  it('/bill?claim=1: "paid but not credited?" loaded on demand, titled, with a way back', async () => {
    fetch.mockImplementation(
      contractServer({ getBills: onTimeBills, getPaymentClaims: { list: [], answer_working_days: 3 } }),
    );
    renderApp(<pages.Bill />, { path: '/bill?claim=1' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Report a payment');
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
    expect((await screen.findByTestId<HTMLInputElement>('claim-amount')).value).toBe('1.090.000');
    expect(screen.queryByTestId('nearest-bill')).toBeNull();
  });

  it('/me/loan-await: the loan with where the money goes and the free cancellation (the loans feature)', async () => {
    let cancelled = false;
    fetch.mockImplementation(
      contractServer({
        getLoanRecords: () =>
          answer(200, { list: [loanRecord(order.order_id, cancelled ? 'cancelled' : 'awaiting')] }),
        getCurrentOrder: () => answer(200, { order: cancelled ? null : order }),
        cancelLoanOrder: () => {
          cancelled = true;
          return answer(200, { ...order, state: 'cancelled', bill_status: 0, can_cancel: false });
        },
      }),
    );
    const app = renderApp(<pages.MeLoanHistoryAwait />, {
      path: `/me/loan-await?order_id=${order.order_id}`,
    });
    expect((await screen.findByTestId('order-received')).textContent).toBe('Rp 2.970.000');
    expect(screen.getByTestId('await-note').textContent).toBe(
      'Money usually arrives within 1-3 working days.',
    );
    await app.user.click(screen.getByTestId('cancel-loan'));
    await app.user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel the loan' }),
    );
    // The history is read again: the loan is now cancelled, so no longer awaiting.
    await waitFor(() => expect(screen.queryByTestId('await-note')).toBeNull());
    expect(screen.getByTestId('loan-moved-on').textContent).toContain('This loan was cancelled');
    expect(fetch.mock.calls.filter((c) => callOf(c) === 'getLoanRecords').length).toBeGreaterThan(1);
  });

  it('/me/loan-failed: the bank reason from the open order', async () => {
    const failed = failedOrder(1);
    fetch.mockImplementation(
      contractServer({
        getLoanRecords: { list: [loanRecord(failed.order_id, 'failed')] },
        getCurrentOrder: { order: failed },
      }),
    );
    renderApp(<pages.MeLoanHistroyFailed />, { path: '/me/loan-failed' });
    expect((await screen.findByTestId('loan-failed-reason')).textContent).toBe(
      'The name on the bank account does not match the name on your KTP.',
    );
  });
});

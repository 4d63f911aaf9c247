import { screen, waitFor, within } from '@testing-library/react';
import { useEffect } from 'react';
import { Route, Routes, useNavigate } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { rupiah } from '@kaskita/domain/money/rupiah';
import { configureApi } from '../../../lib/api-effects.ts';
import { setLocale } from '../../../lib/i18n.ts';
import { LOCAL_KEYS } from '../../../lib/storage-keys.ts';
import { answer, contractServer } from '../../../test/api-answer.ts';
import { allowSheetTaps } from '../../../test/bottom-sheet-setup.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { BillList } from './bill-list.tsx';
import { BillsTable } from './bills-table.tsx';
import { PayBackView } from './pay-back-view.tsx';
import { bills, noLoanBills, onTimeBills } from './repayments-test-fixtures.ts';

const fetch = vi.fn();
allowSheetTaps();
beforeEach(async () => {
  fetch.mockReset();
  vi.stubGlobal('fetch', fetch);
  configureApi({ error: vi.fn(), warning: vi.fn(), navigate: vi.fn() });
  localStorage.setItem(LOCAL_KEYS.token, 'tok');
  await setLocale('en-US');
});

describe('/bill', { timeout: 20_000 }, () => {
  it('highlights the overdue bill in red with its days late, offers each payment, and opens a bill in its sheet', async () => {
    fetch.mockImplementation(contractServer({ getBills: bills }));
    const app = renderApp(<BillList />, { path: '/bill' });
    const nearest = await screen.findByTestId('nearest-bill');
    expect(nearest.getAttribute('data-state')).toBe('overdue');
    expect(nearest.className).toContain('kk-repay__nearest--overdue');
    expect(within(nearest).getByTestId('nearest-amount').textContent).toBe('Rp 1.102.000');
    expect(within(nearest).getByTestId('nearest-late').textContent).toBe('3 days late');
    expect(within(nearest).getByTestId('nearest-due').textContent).toContain('Due 02/04/2026');
    expect(within(nearest).getByTestId('nearest-late-fee').textContent).toContain('Late fee: Rp 9.000');

    // Pay: the nearest bill; everything due is the same payment here, so it is not offered twice; settling saves.
    expect(screen.getByTestId('pay-instalment').textContent).toBe('Pay Rp 1.102.000');
    expect(screen.getByTestId('pay-instalment').getAttribute('href')).toBe(
      '/home/pay-back-methods?type=instalment',
    );
    expect(screen.queryByTestId('pay-due')).toBeNull();
    expect(screen.getByTestId('pay-settle').textContent).toBe('Settle the whole loan (save Rp 238.000)');
    expect(screen.getByTestId('pay-settle').getAttribute('href')).toBe(
      '/home/pay-back-methods?type=settlement',
    );

    const upcoming = screen.getByTestId('upcoming-bills');
    expect(within(upcoming).getAllByRole('button')).toHaveLength(2);
    await app.user.click(within(upcoming).getByTestId('bill-2'));
    const sheet = await screen.findByTestId('bill-detail');
    expect(within(sheet).getByTestId('bill-detail-due').textContent).toBe('02/05/2026');
    expect(within(sheet).getByTestId('bill-detail-principal').textContent).toBe('Rp 1.000.000');
    expect(within(sheet).getByTestId('bill-detail-interest').textContent).toBe('Rp 27.000');
    expect(within(sheet).getByTestId('bill-detail-fee').textContent).toBe('Rp 63.000');
    expect(within(sheet).getByTestId('bill-detail-late-fee').textContent).toBe('Rp 0');
    expect(within(sheet).getByTestId('bill-detail-paid').textContent).toBe('Rp 0');
    expect(within(sheet).getByTestId('bill-detail-outstanding').textContent).toBe('Rp 1.090.000');
    await app.user.click(within(sheet).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('bill-detail')).toBeNull());

    await app.user.click(within(nearest).getByTestId('nearest-detail'));
    const overdue = await screen.findByTestId('bill-detail');
    expect(within(overdue).getByTestId('bill-detail-late-fee').textContent).toBe('Rp 9.000');
    expect(within(overdue).getByTestId('bill-state').textContent).toBe('3 days late');
  });

  it('a loan under dispute says no late fee grows and no reminder comes, instead of warning of the fee', async () => {
    fetch.mockImplementation(
      contractServer({ getBills: { ...bills, loan: { ...bills.loan!, disputed_since: '2026-04-04' } } }),
    );
    renderApp(<BillList />, { path: '/bill' });
    const nearest = await screen.findByTestId('nearest-bill');
    expect(within(nearest).getByTestId('loan-disputed').textContent).toBe(
      'Under review since 04/04/2026: while we answer your case, no late fee is added and no reminder is sent.',
    );
    expect(within(nearest).getByTestId('nearest-late-fee').textContent).toBe('Late fee: Rp 9.000. ');
  });

  it('on time: the due date and how soon, paid bills listed, "pay everything due" offered only when it differs', async () => {
    fetch.mockImplementation(
      contractServer({
        getBills: {
          ...onTimeBills,
          options: { ...onTimeBills.options!, due: { amount: 2_180_000, excess: 0 } },
        },
      }),
    );
    renderApp(<BillList />, { path: '/bill' });
    const nearest = await screen.findByTestId('nearest-bill');
    expect(nearest.getAttribute('data-state')).toBe('pending');
    expect(within(nearest).getByTestId('nearest-due').textContent).toBe('Due in 3 days · 02/05/2026');
    expect(screen.getByTestId('pay-due').textContent).toBe('Pay everything due (Rp 2.180.000)');
    expect(screen.getByTestId('pay-due').getAttribute('href')).toBe('/home/pay-back-methods?type=due');
    const paid = screen.getByTestId('paid-bills');
    expect(within(paid).getByTestId('bill-1').textContent).toContain('Paid');
    expect(within(paid).getByTestId('bill-1').textContent).toContain('Rp 1.093.000');
  });

  it('no loan: an empty state leading home', async () => {
    fetch.mockImplementation(contractServer({ getBills: noLoanBills }));
    renderApp(<BillList />, { path: '/bill' });
    const empty = await screen.findByTestId('bills-empty');
    expect(empty.textContent).toContain('You have no bills');
    expect(within(empty).getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/home');
    expect(screen.queryByTestId('pay-instalment')).toBeNull();
    // Still the bill page for whoever waits for it (the layout journey, the footer tab).
    expect(screen.getByTestId('page-bill').contains(empty)).toBe(true);
  });

  it('a failed load says so and tries again', async () => {
    let calls = 0;
    fetch.mockImplementation(
      contractServer({
        getBills: () => (++calls === 1 ? answer(4000, null, 'refused') : answer(200, bills)),
      }),
    );
    const app = renderApp(<BillList />, { path: '/bill' });
    await screen.findByTestId('repay-load-failed');
    await app.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('nearest-bill')).toBeTruthy();
  });

  it('reads in Indonesian', async () => {
    await setLocale('id-ID');
    fetch.mockImplementation(contractServer({ getBills: bills }));
    renderApp(<BillList />, { path: '/bill' });
    expect((await screen.findByTestId('nearest-late')).textContent).toBe('Terlambat 3 hari');
    expect(screen.getByTestId('pay-instalment').textContent).toBe('Bayar Rp 1.102.000');
    expect(screen.getByTestId('pay-settle').textContent).toBe('Lunasi seluruh pinjaman (hemat Rp 238.000)');
  });
});

describe('/home/pay-back', { timeout: 20_000 }, () => {
  it('the nearest bill in large type, the way to a code, the histories and what is available to borrow', async () => {
    fetch.mockImplementation(contractServer({ getBills: onTimeBills }));
    renderApp(<PayBackView available={rupiah(650_000)} />, { path: '/home/pay-back' });
    const nearest = await screen.findByTestId('nearest-bill');
    expect(nearest.className).toContain('kk-repay__nearest--large');
    expect(within(nearest).getByTestId('nearest-amount').textContent).toBe('Rp 1.090.000');
    expect(within(nearest).getByTestId('nearest-due').textContent).toBe('Due in 3 days · 02/05/2026');
    expect(screen.getByTestId('get-code').getAttribute('href')).toBe(
      '/home/pay-back-methods?type=instalment',
    );
    expect(screen.getByTestId('to-pay-back-detail').getAttribute('href')).toBe('/home/pay-back-detail');
    expect(screen.getByTestId('to-loan-history').getAttribute('href')).toBe('/me/loan-history');
    expect(screen.getByTestId('to-repayment-history').getAttribute('href')).toBe('/me/repayment-history');
    expect(screen.getByTestId('to-flexible').getAttribute('href')).toBe(
      '/activity/flexible-repayment-introduce',
    );
    expect(screen.getByTestId('available-amount').textContent).toBe('Rp 650.000');
    // Arrived without the home's repay modal: no reminder.
    expect(screen.queryByTestId('repay-reminder')).toBeNull();
  });

  it('arriving from the home with the repay modal, a late bill opens a reminder that leads to paying', async () => {
    fetch.mockImplementation(contractServer({ getBills: bills }));
    const app = renderApp(
      <Routes>
        <Route path="/home" element={<HomeWithModal />} />
        <Route path="/home/pay-back" element={<PayBackView available={null} />} />
        <Route path="/home/pay-back-methods" element={<p data-testid="methods" />} />
      </Routes>,
      { path: '/home' },
    );
    const reminder = await screen.findByTestId('repay-reminder');
    expect(reminder.textContent).toBe(
      'Bill 1 of Rp 1.102.000 is 3 days late. Pay it today to stop the late fee growing.',
    );
    expect(screen.getByTestId('available-amount').textContent).toBe('…');
    await app.user.click(screen.getByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(app.location()).toBe('/home/pay-back-methods?type=instalment'));
  });

  it('no loan: says so, and still leads to the histories', async () => {
    fetch.mockImplementation(contractServer({ getBills: noLoanBills }));
    renderApp(<PayBackView available={rupiah(1_000_000)} />, { path: '/home/pay-back' });
    expect((await screen.findByTestId('pay-back-none')).textContent).toContain('You have no bills');
    expect(screen.queryByTestId('get-code')).toBeNull();
    expect(screen.getByTestId('to-loan-history')).toBeTruthy();
  });
});

/** The home's redirect to pay-back with its modal (features/home, spec section 4). */
function HomeWithModal() {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate('/home/pay-back', { replace: true, state: { modal: 'repay' } });
  }, [navigate]);
  return null;
}

describe('/home/pay-back-detail', { timeout: 20_000 }, () => {
  it('the loan in figures and every bill in a table; a row opens its sheet', async () => {
    fetch.mockImplementation(contractServer({ getBills: bills }));
    const app = renderApp(<BillsTable />, { path: '/home/pay-back-detail' });
    const rows = await screen.findAllByTestId('bills-table-row');
    expect(rows).toHaveLength(3);
    expect(rows[0]!.textContent).toContain('02/04/2026');
    expect(rows[0]!.textContent).toContain('Rp 1.102.000');
    expect(rows[0]!.textContent).toContain('3 days late');
    expect(rows[0]!.className).toBe('kk-repay__row--overdue');
    expect(rows[2]!.textContent).toContain('Not due yet');
    // Three columns, the state below its due date: four made the table wider than a 320 px phone.
    expect(
      within(screen.getByTestId('bills-table'))
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['No.', 'Due date and status', 'Amount']);
    const dueCell = (rows[2] as HTMLTableRowElement).cells[1]!;
    expect(dueCell.textContent).toBe('02/06/2026Not due yet');
    expect(within(dueCell).getByTestId('bill-state')).toBeTruthy();
    expect(screen.getByTestId('loan-outstanding').textContent).toBe('Rp 3.288.000');
    await app.user.click(within(rows[2]!).getByRole('button', { name: 'Details of bill 3' }));
    const sheet = await screen.findByTestId('bill-detail');
    expect(within(sheet).getByTestId('bill-detail-fee').textContent).toBe('Rp 68.100');
    expect(screen.getByTestId('pay-instalment')).toBeTruthy();
  });
});

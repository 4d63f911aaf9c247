import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useParams } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../../lib/api-effects.ts';
import { setLocale } from '../../../lib/i18n.ts';
import { LOCAL_KEYS } from '../../../lib/storage-keys.ts';
import { contractServer } from '../../../test/api-answer.ts';
import { allowSheetTaps } from '../../../test/bottom-sheet-setup.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { LoanAwaitView, LoanDetail, LoanFailedView } from './loan-detail.tsx';
import { LoanHistory } from './loan-history.tsx';
import { RepaymentHistory } from './repayment-history.tsx';
import { bills, loanRecord, ORDER_ID, receipt, reviewRecord } from './repayments-test-fixtures.ts';

const fetch = vi.fn();
const noClaims = { list: [], answer_working_days: 3 };
allowSheetTaps();
beforeEach(async () => {
  fetch.mockReset();
  vi.stubGlobal('fetch', fetch);
  configureApi({ error: vi.fn(), warning: vi.fn(), navigate: vi.fn() });
  localStorage.setItem(LOCAL_KEYS.token, 'tok');
  window.dataLayer = [];
  await setLocale('en-US');
});

describe('repayment history', { timeout: 20_000 }, () => {
  it('every payment with its receipt; one under review says it was received and is being checked', async () => {
    fetch.mockImplementation(
      contractServer({ getRepayRecords: { list: [receipt, reviewRecord] }, getPaymentClaims: noClaims }),
    );
    const app = renderApp(<RepaymentHistory />, { path: '/me/repayment-history' });
    const records = await screen.findAllByTestId('record');
    expect(records).toHaveLength(2);
    const [applied, review] = records as [HTMLElement, HTMLElement];
    expect(within(applied).getByTestId('record-amount').textContent).toBe('Rp 1.102.000');
    expect(within(applied).getByTestId('record-status').textContent).toBe('Applied to your loan');
    expect(applied.textContent).toContain('05/04/2026 14:15 WIB · BCA · Bill 1');
    expect(within(applied).queryByTestId('record-review')).toBeNull();
    await app.user.click(within(applied).getByText('Receipt'));
    expect(within(applied).getByTestId('receipt-remaining').textContent).toBe('Rp 2.186.000');

    expect(within(review).getByTestId('record-status').textContent).toBe('Received, being checked');
    expect(within(review).getByTestId('record-review').textContent).toContain(
      'We received this payment and our team is checking it',
    );
    expect(within(review).queryByTestId('receipt-remaining')).toBeNull();
  });

  it('shows credit held and each refund of it with its state', async () => {
    fetch.mockImplementation(
      contractServer({
        getRepayRecords: { list: [receipt] },
        getPaymentClaims: noClaims,
        getRefunds: {
          held: 0,
          list: [
            {
              id: 'r1',
              order_id: ORDER_ID,
              payment_id: null,
              amount: 182_000,
              state: 'completed',
              bank_code: 'BCA',
              last_digits: '7890',
              attempts: 1,
              failure: null,
              created_at: '2026-04-05T07:15:00.000Z',
              completed_at: '2026-04-05T07:20:00.000Z',
            },
          ],
        },
      }),
    );
    renderApp(<RepaymentHistory />, { path: '/me/repayment-history' });
    const refund = await screen.findByTestId('refund');
    expect(within(refund).getByTestId('refund-amount').textContent).toBe('Rp 182.000');
    expect(within(refund).getByTestId('refund-state').textContent).toBe('Sent back');
    expect(refund.textContent).toContain('05/04/2026 14:20 WIB · To BCA ****7890');
    expect(screen.queryByTestId('refunds-held')).toBeNull();
  });

  it('a payment staff send back reads as being returned, then returned, and its refund says it is a payment', async () => {
    const returning = { ...reviewRecord, payment_id: 'pay-2', status: 'returning' as const };
    const returned = { ...reviewRecord, payment_id: 'pay-3', status: 'returned' as const };
    fetch.mockImplementation(
      contractServer({
        getRepayRecords: { list: [returning, returned] },
        getPaymentClaims: noClaims,
        getRefunds: {
          held: 0,
          list: [
            {
              id: 'r2',
              order_id: null,
              payment_id: 'pay-2',
              amount: 50_000,
              state: 'pending',
              bank_code: 'BCA',
              last_digits: '7890',
              attempts: 1,
              failure: null,
              created_at: '2026-04-05T07:15:00.000Z',
              completed_at: null,
            },
          ],
        },
      }),
    );
    renderApp(<RepaymentHistory />, { path: '/me/repayment-history' });
    const records = await screen.findAllByTestId('record');
    expect(records.map((r) => within(r).getByTestId('record-status').textContent)).toEqual([
      'Being sent back to your bank account',
      'Sent back to your bank account',
    ]);
    expect(records.map((r) => within(r).queryByTestId('record-review'))).toEqual([null, null]);
    const refund = await screen.findByTestId('refund');
    expect(refund.textContent).toContain('A payment sent back');
    expect(within(refund).getByTestId('refund-state').textContent).toBe('On its way to your bank');
  });

  it('sends the achievement event once per borrower (more than one record)', async () => {
    fetch.mockImplementation(
      contractServer({ getRepayRecords: { list: [receipt, reviewRecord] }, getPaymentClaims: noClaims }),
    );
    const first = renderApp(<RepaymentHistory />, { path: '/me/repayment-history' });
    await screen.findAllByTestId('record');
    await waitFor(() =>
      expect(window.dataLayer).toEqual([{ event: 'H5_achievement_unlocked', payments: 2 }]),
    );
    first.unmount();
    renderApp(<RepaymentHistory />, { path: '/me/repayment-history' });
    await screen.findAllByTestId('record');
    expect(window.dataLayer).toHaveLength(1);
  });

  it('a single payment still under review unlocks nothing; no payment: an empty state', async () => {
    fetch.mockImplementation(
      contractServer({ getRepayRecords: { list: [reviewRecord] }, getPaymentClaims: noClaims }),
    );
    const one = renderApp(<RepaymentHistory />, { path: '/me/repayment-history' });
    await screen.findAllByTestId('record');
    expect(window.dataLayer).toEqual([]);
    one.unmount();
    fetch.mockImplementation(contractServer({ getRepayRecords: { list: [] }, getPaymentClaims: noClaims }));
    renderApp(<RepaymentHistory />, { path: '/me/repayment-history' });
    expect((await screen.findByTestId('records-empty')).textContent).toContain(
      'You have not made a payment yet.',
    );
  });
});

describe('loan history', { timeout: 20_000 }, () => {
  it("in the spec's groups, late first; awaiting with its 1-3 working days note; each loan opens its page", async () => {
    fetch.mockImplementation(
      contractServer({
        getLoanRecords: {
          list: [
            loanRecord('o-paid', 'paid_off'),
            loanRecord('o-await', 'awaiting', { amount: 1_000_000, period: 'day-14-1' }),
            loanRecord('o-late', 'overdue'),
            loanRecord('o-failed', 'failed'),
            loanRecord('o-open', 'not_paid'),
            loanRecord('o-cancelled', 'cancelled'),
          ],
        },
      }),
    );
    renderApp(<LoanHistory />, { path: '/me/loan-history' });
    await screen.findByTestId('page-loan-history');
    const groups = screen.getAllByRole('heading').map((h) => h.textContent);
    expect(groups).toEqual([
      'Overdue',
      'Failed',
      'Awaiting disbursement',
      'Not paid off yet',
      'Paid off',
      'Cancelled',
    ]);
    expect(screen.getByTestId('history-awaiting-note').textContent).toBe(
      'Money usually arrives within 1-3 working days.',
    );
    const late = within(screen.getByTestId('history-overdue')).getByTestId('history-loan');
    expect(within(late).getByTestId('history-late').textContent).toBe(
      '1 bill overdue · 3 days late · Rp 3.288.000 to pay',
    );
    expect(late.textContent).toContain('3 months (3 instalments) · Applied 02/03/2026');
    expect(late.getAttribute('href')).toBe('/me/loan-detail/overdue?order_id=o-late');
    const link = (group: string) =>
      within(screen.getByTestId(`history-${group}`))
        .getByTestId('history-loan')
        .getAttribute('href');
    expect(link('failed')).toBe('/me/loan-failed?order_id=o-failed');
    expect(link('awaiting')).toBe('/me/loan-await?order_id=o-await');
    expect(link('not_paid')).toBe('/me/loan-detail/not_paid?order_id=o-open');
    expect(link('paid_off')).toBe('/me/loan-detail/paid_off?order_id=o-paid');
    expect(within(screen.getByTestId('history-awaiting')).getByTestId('history-loan').textContent).toContain(
      '14 days',
    );
  });

  it('no loans yet: an empty state', async () => {
    fetch.mockImplementation(contractServer({ getLoanRecords: { list: [] } }));
    renderApp(<LoanHistory />, { path: '/me/loan-history' });
    expect((await screen.findByTestId('history-empty')).textContent).toContain('You have no loans yet.');
  });
});

describe('loan pages of the history', { timeout: 20_000 }, () => {
  const detail = (path: string) =>
    renderApp(
      <Routes>
        <Route path="/me/loan-detail/:status" element={<LoanDetailOfPath />} />
      </Routes>,
      { path },
    );

  it('a loan being repaid: its figures, its bills and the ways to pay', async () => {
    fetch.mockImplementation(
      contractServer({ getLoanRecords: { list: [loanRecord(ORDER_ID, 'overdue')] }, getBills: bills }),
    );
    detail(`/me/loan-detail/overdue?order_id=${ORDER_ID}`);
    expect((await screen.findByTestId('loan-group')).textContent).toBe('Overdue');
    expect(screen.getByTestId('loan-outstanding').textContent).toBe('Rp 3.288.000');
    expect(screen.getByTestId('loan-late').textContent).toBe('1 bill overdue · 3 days late');
    expect((await screen.findByTestId('nearest-late')).textContent).toBe('3 days late');
    expect(within(screen.getByTestId('loan-bills')).getAllByRole('button')).toHaveLength(3);
    expect(screen.getByTestId('pay-instalment')).toBeTruthy();
  });

  it("lists the collection contacts about the loan, each with the collector's code and a complaint link", async () => {
    fetch.mockImplementation(
      contractServer({
        getLoanRecords: { list: [loanRecord(ORDER_ID, 'overdue')] },
        getBills: bills,
        getCollectionLog: {
          list: [
            {
              contact_id: 'k-1',
              contacted_at: '2026-04-04T03:00:00.000Z',
              channel: 'call',
              outcome: 'promised_to_pay',
              collector_code: 'PG-3F9A1C',
            },
          ],
        },
      }),
    );
    detail(`/me/loan-detail/overdue?order_id=${ORDER_ID}`);
    const contact = await screen.findByTestId('collection-contact');
    expect(contact.textContent).toContain('Call · you promised to pay');
    expect(contact.textContent).toContain('Collector PG-3F9A1C');
    expect(within(contact).getByTestId('collection-complain').getAttribute('href')).toBe(
      `/me/help?category=collection&order_id=${ORDER_ID}&contact_id=k-1`,
    );
  });

  it('a paid-off loan says so, without bills', async () => {
    fetch.mockImplementation(
      contractServer({ getLoanRecords: { list: [loanRecord('o-paid', 'paid_off')] } }),
    );
    detail('/me/loan-detail/paid_off?order_id=o-paid');
    expect((await screen.findByTestId('loan-paid-off')).textContent).toContain('This loan is fully repaid.');
    // Whether it was paid on time or late, nothing claims it was on time.
    expect(screen.getByTestId('loan-paid-off').textContent).not.toMatch(/on time/);
    // The agreement the borrower signed stays theirs, one tap away.
    expect(screen.getByTestId('loan-agreement-link').getAttribute('href')).toBe(
      '/me/loan-agreement?order_id=o-paid',
    );
    expect(screen.queryByTestId('loan-outstanding')).toBeNull();
  });

  it('without an order id, the newest loan of the group; an unknown id is not found', async () => {
    fetch.mockImplementation(
      contractServer({ getLoanRecords: { list: [loanRecord('o-paid', 'paid_off', { amount: 500_000 })] } }),
    );
    const one = detail('/me/loan-detail/paid_off');
    expect((await screen.findByTestId('loan-amount')).textContent).toBe('Rp 500.000');
    one.unmount();
    detail('/me/loan-detail/paid_off?order_id=nope');
    expect(await screen.findByTestId('loan-not-found')).toBeTruthy();
  });

  it('a failed loan: nothing owed, the bank reason, and the way to correct it at home', async () => {
    fetch.mockImplementation(
      contractServer({ getLoanRecords: { list: [loanRecord('o-failed', 'failed')] } }),
    );
    renderApp(<LoanFailedView failure={{ orderId: 'o-failed', text: 'The name does not match.' }} />, {
      path: '/me/loan-failed?order_id=o-failed',
    });
    expect((await screen.findByTestId('loan-failed-reason')).textContent).toBe('The name does not match.');
    expect(screen.getByTestId('page-loan-failed').textContent).toContain('Nothing is owed');
    expect(screen.getByTestId('loan-failed-fix').getAttribute('href')).toBe('/home');
  });

  it('a loan awaiting disbursement: the 1-3 working days note and what the route knows of the order', async () => {
    fetch.mockImplementation(
      contractServer({ getLoanRecords: { list: [loanRecord('o-await', 'awaiting')] } }),
    );
    renderApp(<LoanAwaitView order={(id) => <p data-testid="order-of">{id}</p>} />, {
      path: '/me/loan-await',
    });
    expect((await screen.findByTestId('await-note')).textContent).toBe(
      'Money usually arrives within 1-3 working days.',
    );
    expect(screen.getByTestId('order-of').textContent).toBe('o-await');
  });
});

function LoanDetailOfPath() {
  const { status } = useParams();
  return <LoanDetail status={status} />;
}

import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../../lib/api-effects.ts';
import { LOCAL_KEYS } from '../../../lib/storage-keys.ts';
import { allowSheetTaps } from '../../../test/bottom-sheet-setup.ts';
import { catchPdfDownloads } from '../../../test/pdf-download.ts';
import { answer, callOf, contractServer } from '../../../test/api-answer.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { BorrowingPlan } from './borrowing-plan.tsx';
import { agreement, formBody, order, ORDER_ID, plan } from './loans-test-fixtures.ts';

const fetch = vi.fn();
const toastError = vi.fn();
allowSheetTaps();
beforeEach(() => {
  fetch.mockReset();
  toastError.mockReset();
  vi.stubGlobal('fetch', fetch);
  configureApi({ error: toastError, warning: vi.fn(), navigate: vi.fn() });
  localStorage.setItem(LOCAL_KEYS.token, 'tok');
  window.dataLayer = [];
});
afterEach(() => vi.restoreAllMocks());

const params = { pid: 'cash-loan', money: 3_000_000, period: 'month-3-3', purpose_id: 101 };
const path = '/home/borrowing-plan?pid=cash-loan&money=3000000&period=month-3-3&purpose_id=101';
const orderCalls = () => fetch.mock.calls.filter((c) => callOf(c) === 'createLoanOrder');
const submitButton = () => screen.getByTestId<HTMLButtonElement>('submit-loan');
const agreeBox = () => screen.getByTestId<HTMLInputElement>('agree');

/** The plan page with the agreement read and accepted. */
async function readAndAccept(app: ReturnType<typeof renderApp>) {
  await app.user.click(screen.getByTestId('open-agreement'));
  const sheet = await screen.findByRole('dialog', { name: 'LOAN AGREEMENT' });
  expect(within(sheet).getByText('1. The parties')).toBeTruthy();
  await app.user.click(within(sheet).getByTestId('agreement-close'));
  await waitFor(() => expect(agreeBox().disabled).toBe(false));
  await app.user.click(agreeBox());
}

describe('borrowing plan', { timeout: 20_000 }, () => {
  it('shows the amount received first, then every instalment, the totals, the cap and the income share', async () => {
    fetch.mockImplementation(contractServer({ getLoanPlan: plan }));
    renderApp(<BorrowingPlan params={params} />, { path });
    const received = await screen.findByTestId('plan-received');
    expect(received.textContent).toBe('Rp 2.970.000');
    expect(screen.getByTestId('plan-deducted').textContent).toBe(
      'Loan Rp 3.000.000, less a Rp 30.000 fee deducted when the money is sent',
    );
    // The amount received comes before everything else on the page.
    const schedule = screen.getByTestId('plan-schedule');
    expect(received.compareDocumentPosition(schedule) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const rows = screen.getAllByTestId('plan-instalment');
    expect(rows.map((r) => r.querySelector('tr')!.textContent)).toEqual([
      '102/04/2026Rp 1.093.000',
      '202/05/2026Rp 1.090.000',
      '302/06/2026Rp 1.096.000',
    ]);
    expect(rows[0]!.textContent).toContain('Principal Rp 1.000.000 · Interest Rp 27.900 · Fee Rp 65.100');
    expect(screen.getByTestId('plan-repayment').textContent).toBe('Rp 3.279.000');
    expect(screen.getByTestId('plan-cost').textContent).toBe('Rp 309.000');
    expect(screen.getByTestId('plan-daily-cost').textContent).toBe(
      'This loan costs 0.1120% of the loan amount a day. The OJK cap is 0.3% a day.',
    );
    expect(screen.getByTestId('plan-affordability').textContent).toBe(
      'Your largest monthly repayment is Rp 1.096.000: 18.3% of your monthly income (the limit is 30%).',
    );
    // The plan call carries no purpose (it is the agreement's and the order's).
    const url = new URL(String(fetch.mock.calls[0]![0]), 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      pid: 'cash-loan',
      money: '3000000',
      period: 'month-3-3',
    });
  });

  it('submit stays disabled until the agreement was opened and then accepted', async () => {
    fetch.mockImplementation(contractServer({ getLoanPlan: plan, getLoanAgreement: agreement }));
    const app = renderApp(<BorrowingPlan params={params} />, { path });
    await screen.findByTestId('plan-received');
    expect(submitButton().disabled).toBe(true);
    expect(agreeBox().disabled).toBe(true);
    expect(screen.getByTestId('agree-hint').textContent).toBe('Open and read the agreement first.');
    // The agreement is asked for when opened, with the purpose.
    expect(fetch.mock.calls.map(callOf)).not.toContain('getLoanAgreement');

    await app.user.click(screen.getByTestId('open-agreement'));
    const sheet = await screen.findByRole('dialog', { name: 'LOAN AGREEMENT' });
    expect(within(sheet).getByText('3. Repayment schedule')).toBeTruthy();
    expect(within(sheet).getByRole('table')).toBeTruthy();
    const asked = fetch.mock.calls.find((c) => callOf(c) === 'getLoanAgreement')!;
    expect(new URL(String(asked[0]), 'http://x').searchParams.get('purpose_id')).toBe('101');
    await app.user.click(within(sheet).getByTestId('agreement-close'));

    await waitFor(() => expect(agreeBox().disabled).toBe(false));
    expect(submitButton().disabled).toBe(true);
    await app.user.click(agreeBox());
    expect(submitButton().disabled).toBe(false);
    await app.user.click(agreeBox());
    expect(submitButton().disabled).toBe(true);
  });

  it('a retry after a failed submit sends the same order_token; success tracks the event and shows the order', async () => {
    let tries = 0;
    fetch.mockImplementation(
      contractServer({
        getLoanPlan: plan,
        getLoanAgreement: agreement,
        createLoanOrder: () =>
          ++tries === 1 ? answer(5000, null, 'Something went wrong') : answer(200, order),
      }),
    );
    const app = renderApp(<BorrowingPlan params={params} />, { path });
    await screen.findByTestId('plan-received');
    await readAndAccept(app);

    await app.user.click(submitButton());
    // In a banner above the button, not in a toast that covers it.
    expect((await screen.findByTestId('order-error')).textContent).toContain('Something went wrong');
    expect(toastError).not.toHaveBeenCalled();
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    expect(app.location()).toBe(path);

    await app.user.click(submitButton());
    // The retry takes the banner away at once.
    expect(screen.queryByTestId('order-error')).toBeNull();
    await waitFor(() => expect(app.location()).toBe(`/loan/loan-success?order_id=${ORDER_ID}`));
    const [first, second] = orderCalls().map((c) => formBody(c[1] as RequestInit));
    expect(first).toEqual({
      pid: 'cash-loan',
      money: '3000000',
      period: 'month-3-3',
      purpose_id: '101',
      agreement_version: '2026-03',
      agree: '1',
      order_token: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(second!.order_token).toBe(first!.order_token);
    expect(window.dataLayer).toEqual([{ event: 'H5_submit_loan_application' }]);
  });

  it('a refused amount (4293) shows the range the product allows', async () => {
    fetch.mockImplementation(
      contractServer({
        getLoanPlan: plan,
        getLoanAgreement: agreement,
        createLoanOrder: () =>
          answer(
            4293,
            { min_amount: 400_000, max_amount: 2_300_000, step: 100_000 },
            'Please choose an amount',
          ),
      }),
    );
    const app = renderApp(<BorrowingPlan params={params} />, { path });
    await screen.findByTestId('plan-received');
    await readAndAccept(app);
    await app.user.click(submitButton());
    expect((await screen.findByTestId('plan-allowed-range')).textContent).toContain(
      'You can borrow from Rp 400.000 to Rp 2.300.000.',
    );
    expect(screen.getByTestId('order-error').textContent).toContain('Please choose an amount');
    expect(toastError).not.toHaveBeenCalled();
  });

  it('an unaffordable plan (4300) stays in a banner with the largest amount allowed until closed', async () => {
    fetch.mockImplementation(
      contractServer({
        getLoanPlan: plan,
        getLoanAgreement: agreement,
        createLoanOrder: () =>
          answer(
            4300,
            { max_amount: 1_800_000, largest_monthly_repayment: 1_200_000 },
            'The monthly repayment would be more than 30% of your income',
          ),
      }),
    );
    const app = renderApp(<BorrowingPlan params={params} />, { path });
    await screen.findByTestId('plan-received');
    await readAndAccept(app);
    await app.user.click(submitButton());
    const banner = await screen.findByTestId('order-error');
    expect(banner.getAttribute('role')).toBe('alert');
    expect(banner.textContent).toContain('The monthly repayment would be more than 30% of your income');
    expect(screen.getByTestId('plan-allowed-range').textContent).toContain('Rp 1.800.000');
    expect(toastError).not.toHaveBeenCalled();
    await app.user.click(screen.getByTestId('order-error-dismiss'));
    expect(screen.queryByTestId('order-error')).toBeNull();
  });

  it('downloads the agreement as kaskita-agreement.pdf', async () => {
    fetch.mockImplementation((...call: unknown[]) => {
      const url = new URL(String(call[0]), 'http://x');
      if (callOf(call) === 'getLoanPlan') return Promise.resolve(answer(200, plan));
      const pdf = url.searchParams.get('pdf') === '1' ? btoa('%PDF-1.7 test') : null;
      return Promise.resolve(answer(200, { ...agreement, pdf_base64: pdf }));
    });
    const saved = catchPdfDownloads();
    const app = renderApp(<BorrowingPlan params={params} />, { path });
    await screen.findByTestId('plan-received');
    await app.user.click(screen.getByTestId('open-agreement'));
    await app.user.click(await screen.findByTestId('agreement-pdf'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('kaskita-agreement.pdf');
    expect(saved[0]!.blob.type).toBe('application/pdf');
    expect(await saved[0]!.blob.text()).toBe('%PDF-1.7 test');
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../lib/i18n.tsx';
import DisbursementsPage from './disbursements-page.tsx';

const failedLoan = {
  loan_id: 'loan-12345678',
  user_id: 'user-1',
  loan_state: 'disbursement-failed',
  amount: 1_800_000,
  disbursement_id: 'd-1',
  status: 'failed',
  failure: 'BANK_TIMEOUT',
  attempts: 3,
  created_at: '2026-11-26T03:00:00.000Z',
  updated_at: '2026-11-26T03:10:00.000Z',
  can_retry: true,
  can_cancel: true,
};

describe('the disbursements page', () => {
  it('lists the tab the URL names and retries a loan with the typed reason', async () => {
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
      const data =
        init?.method === 'POST'
          ? { loan_id: failedLoan.loan_id, loan_state: 'awaiting-disbursement', outcome: 'requeued' }
          : { items: [failedLoan], total: 1 };
      return new Response(JSON.stringify({ code: 200, msg: 'OK', data }));
    });
    vi.stubGlobal('fetch', fetchMock);
    render(
      <I18nProvider>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <MemoryRouter initialEntries={['/disbursements?tab=failed']}>
            <DisbursementsPage />
          </MemoryRouter>
        </QueryClientProvider>
      </I18nProvider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    const [listUrl] = fetchMock.mock.calls[0]!;
    expect(new URL(listUrl, 'http://x').searchParams.get('tab')).toBe('failed');
    await userEvent.click(await screen.findByLabelText('Reason (kept in the audit log)'));
    await userEvent.paste('bank back up');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const [url, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'POST')!;
    expect(url).toBe('/api/admin/disbursements/loan-12345678/retry');
    expect(JSON.parse(String(init!.body))).toEqual({ reason: 'bank back up' });
  }, 30_000);
});

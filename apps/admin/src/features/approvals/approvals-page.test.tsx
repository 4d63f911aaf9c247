import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { ApprovalView } from '@kaskita/domain/contract/admin-approvals';
import { I18nProvider } from '../../lib/i18n.tsx';
import ApprovalsPage from './approvals-page.tsx';

const request = (extra: Partial<ApprovalView> = {}): ApprovalView => ({
  id: 'req-1',
  command: 'payment.resolve',
  subject_type: 'payment',
  subject_id: 'pay-1',
  state: 'pending',
  requested_by: { id: 'staff-a', name: 'Sari Support' },
  requested_at: '2026-11-26T03:00:00.000Z',
  reason: 'paid a day after the code expired',
  preview: { loanId: 'loan-9', amount: 390_000 },
  input: { paymentId: 'pay-1', loanId: 'loan-9' },
  decided_by: null,
  decided_at: null,
  decision_reason: null,
  can_decide: true,
  ...extra,
});

function stubApi(row: ApprovalView) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const data = init?.method === 'POST' ? { id: row.id, state: 'approved' } : { items: [row], total: 1 };
    return new Response(JSON.stringify({ code: 200, msg: 'OK', data }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function show() {
  render(
    <I18nProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/approvals']}>
          <ApprovalsPage />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

describe('the approvals page', () => {
  it('shows who asked, why and what will change, and approves with the typed reason', async () => {
    const fetchMock = stubApi(request());
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Open' }));
    expect((await screen.findByTestId('approval-requester')).textContent).toBe('Sari Support');
    expect(screen.getByTestId('approval-reason').textContent).toBe('paid a day after the code expired');
    expect(screen.getByText('Rp 390.000')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await userEvent.click(await screen.findByLabelText('Reason (kept in the audit log)'));
    await userEvent.paste('statement checked');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const [url, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'POST')!;
    expect(url).toBe('/api/admin/approvals/req-1/approve');
    expect(JSON.parse(String(init!.body))).toEqual({ reason: 'statement checked' });
    // antd's modal and drawer under jsdom on a shared CI machine: typing and animations take seconds.
  }, 30_000);

  it('offers my own pending request for withdrawal only, never for approval', async () => {
    stubApi(request({ can_decide: false }));
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('button', { name: 'Withdraw' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
  }, 30_000);

  it('names each field of what will change in words: yes or no, the review reason, the loan before and after', async () => {
    stubApi(
      request({
        preview: {
          paymentId: 'pay-1',
          sameBorrower: true,
          reviewReason: 'expired_code',
          before: { state: 'overdue', outstanding: 1_000_000 },
          somethingNew: 'kept as named',
        },
      }),
    );
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Open' }));
    const valueOf = async (label: string) =>
      (await screen.findByText(label, { selector: 'th *, th' })).closest('tr')!.querySelector('td')!
        .textContent;
    expect(await valueOf('Payment')).toBe('pay-1');
    expect(await valueOf("Paid by the loan's own borrower")).toBe('Yes');
    expect(await valueOf('Why it was not applied')).toBe('Expired code');
    expect(await valueOf('Loan before')).toBe('State: overdue · Owed: Rp 1.000.000');
    // A field no label names yet is still shown, under its own name.
    expect(await valueOf('somethingNew')).toBe('kept as named');
  }, 30_000);

  it('names a relief offer and reads its bills one by one, amounts in rupiah', async () => {
    stubApi(
      request({
        command: 'relief.offer',
        subject_type: 'relief',
        subject_id: 'rl-1',
        preview: {
          reliefId: 'rl-1',
          orderId: 'ord-1',
          borrowerId: 'user-1',
          kind: 'defer',
          daysAsked: 30,
          daysOffered: 14,
          bills: [
            {
              number: 2,
              dueDateBefore: '2026-02-26',
              dueDateAfter: '2026-03-12',
              remainingBefore: 625_000,
              remaining: 625_000,
            },
          ],
          lateFeesKept: 25_000,
        },
      }),
    );
    show();
    expect(await screen.findByText('Offer relief: more days or more instalments')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    const valueOf = async (label: string) =>
      (await screen.findByText(label, { selector: 'th *, th' })).closest('tr')!.querySelector('td')!
        .textContent;
    expect(await valueOf('Days offered')).toBe('14');
    expect(await valueOf('Days the borrower asked for')).toBe('30');
    expect(await valueOf('Bills changed')).toBe(
      'Bill: 2 · Due before: 2026-02-26 · Due after: 2026-03-12 · Owed before: Rp 625.000 · Owed after: Rp 625.000',
    );
    expect(await valueOf('Late fees that stay owed')).toBe('Rp 25.000');
  }, 30_000);

  it('reads a change as before → after, whatever order its keys were stored in, and a list item by item', async () => {
    stubApi(
      request({
        command: 'product.publish',
        preview: {
          changes: { tenors: { after: [{ length: 3 }, { length: 9 }], before: [{ length: 3 }] } },
          amount: 390_000,
        },
      }),
    );
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Open' }));
    expect(await screen.findByText('tenors: length: 3 → length: 3, length: 9')).toBeTruthy();
    expect(screen.getByText('Rp 390.000')).toBeTruthy();
  }, 30_000);
});

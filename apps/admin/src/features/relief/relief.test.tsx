import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { AdminReliefDetail } from '@kaskita/domain/contract/admin-relief';
import { rupiah } from '@kaskita/domain/money/rupiah';
import { I18nProvider } from '../../lib/i18n.tsx';
import { ReliefActions } from './relief-actions.tsx';
import ReliefDetailPage from './relief-detail-page.tsx';
import ReliefsPage from './reliefs-page.tsx';

const requested: AdminReliefDetail = {
  id: 'rl-1',
  order_id: 'ord-1',
  status: 'requested',
  kind: 'defer',
  days_asked: 30,
  extra_asked: null,
  days_offered: null,
  extra_offered: null,
  asked_at: '2026-03-02T03:00:00.000Z',
  loan_state: 'overdue',
  days_past_due: 4,
  outstanding: rupiah(1_250_000),
  pending_approval: null,
  borrower: {
    id: 'user-1',
    name_masked: 'B*** S******',
    phone_masked: '0812****7890',
    nik_masked: '************0001',
    blocked: false,
  },
  reason: 'My salary comes late this month.',
  answer: null,
  decided_at: null,
  accepted_at: null,
  next_due_date: '2026-02-26',
  late_fees: rupiah(25_000),
  preview_days: 30,
  preview_extra: null,
  preview: [
    {
      number: 2,
      due_date_before: '2026-02-26',
      due_date_after: '2026-03-28',
      amount_before: rupiah(625_000),
      amount: rupiah(625_000),
    },
    {
      number: 3,
      due_date_before: '2026-03-26',
      due_date_after: '2026-04-25',
      amount_before: rupiah(625_000),
      amount: rupiah(625_000),
    },
  ],
};

/** The same request asking for 2 more instalments instead: bill 2 asks less and bills 4 and 5 are added. */
const spreadRequested: AdminReliefDetail = {
  ...requested,
  kind: 'spread',
  days_asked: null,
  extra_asked: 2,
  preview_days: null,
  preview_extra: 2,
  preview: [
    {
      number: 2,
      due_date_before: '2026-03-26',
      due_date_after: '2026-03-26',
      amount_before: rupiah(625_000),
      amount: rupiah(375_000),
    },
    {
      number: 3,
      due_date_before: null,
      due_date_after: '2026-04-25',
      amount_before: rupiah(0),
      amount: rupiah(250_000),
    },
  ],
};

function shell(children: ReactNode, url: string) {
  return render(
    <I18nProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

const ok = (data: unknown) => new Response(JSON.stringify({ code: 200, msg: 'OK', data }));
const posts = (fetchMock: { mock: { calls: unknown[][] } }) =>
  fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST') as [
    string,
    RequestInit,
  ][];
const statusAsked = (url: unknown) => new URL(String(url), 'http://x').searchParams.get('status');

describe('the relief requests list', () => {
  it('lists the waiting requests by default, each with its figures, and asks again for the status chosen', async () => {
    const waiting = { ...requested, id: 'rl-2', order_id: 'ord-2', pending_approval: 'pending' as const };
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      ok({ items: [requested, waiting], total: 2 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    shell(<ReliefsPage />, '/relief');
    const row = (await screen.findByText('ord-1')).closest('tr')!;
    // The call's blank status means "requested": the bar says so rather than showing no filter.
    expect(statusAsked(fetchMock.mock.calls[0]![0])).toBe('requested');
    expect(screen.getByRole('combobox', { name: 'Status' }).closest('.ant-select')!.textContent).toContain(
      'Requested',
    );
    expect(screen.getByText('ord-1').getAttribute('href')).toBe('/relief/rl-1');
    expect(within(row).getByTestId('relief-status').textContent).toBe('Requested');
    expect(within(row).getByText('Rp 1.250.000')).toBeTruthy();
    expect(within(row).getByText('overdue')).toBeTruthy();
    expect(within(row).queryByTestId('relief-awaiting-approval')).toBeNull();
    const other = screen.getByText('ord-2').closest('tr')!;
    expect(within(other).getByTestId('relief-awaiting-approval').textContent).toBe('Awaiting approval');

    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByTitle('Declined'));
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(statusAsked(fetchMock.mock.calls.at(-1)![0])).toBe('declined'));
  }, 30_000);
});

describe('one relief request', () => {
  it('shows the masked borrower, their reason and the bills moved, and proposes the days and reason typed', async () => {
    let current = requested;
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method !== 'POST') {
        const days = new URL(url, 'http://admin.test').searchParams.get('days');
        return ok(days ? { ...current, preview_days: Number(days) } : current);
      }
      current = { ...requested, pending_approval: 'pending' };
      return ok({ request_id: 'req-9', state: 'pending' });
    });
    vi.stubGlobal('fetch', fetchMock);
    shell(
      <Routes>
        <Route path="/relief/:id" element={<ReliefDetailPage />} />
      </Routes>,
      '/relief/rl-1',
    );
    expect((await screen.findByTestId('relief-borrower')).textContent).toBe('B*** S****** · 0812****7890');
    expect(screen.getByText('************0001')).toBeTruthy();
    expect(screen.getByTestId('relief-reason').textContent).toBe('My salary comes late this month.');
    expect(screen.getByText('Rp 25.000')).toBeTruthy();
    expect(screen.getByTestId('relief-asked').textContent).toBe('30 days later');
    const bill = screen.getByText('Feb 26, 2026 → Mar 28, 2026').closest('tr')!;
    expect(within(bill).getAllByText('Rp 625.000')).toHaveLength(2);

    const days = screen.getByLabelText('Days to offer');
    expect((days as HTMLInputElement).value).toBe('30');
    await userEvent.clear(days);
    await userEvent.type(days, '14');
    // The preview follows the days typed.
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/reliefs/rl-1?days=14'))).toBe(true),
    );
    expect(
      await screen.findByText(
        'The bills if 14 days later is given today (the borrower asked for 30 days later)',
      ),
    ).toBeTruthy();
    await userEvent.click(screen.getByLabelText(/^Reason \(for the approver/));
    await userEvent.paste('  Salary date confirmed with the employer.  ');
    await userEvent.click(screen.getByRole('button', { name: 'Propose offer' }));

    const done = await screen.findByTestId('relief-proposed');
    expect(done.textContent).toContain('Offer proposed: 14 days later.');
    expect(within(done).getByRole('link', { name: 'Open Approvals' }).getAttribute('href')).toBe(
      '/approvals',
    );
    const [url, init] = posts(fetchMock)[0]!;
    expect(url).toBe('/api/admin/reliefs/rl-1/propose');
    expect(JSON.parse(String(init.body))).toEqual({
      days: 14,
      reason: 'Salary date confirmed with the employer.',
    });
    // Refreshed: the request now waits for the second member, and the desk can no longer answer it.
    expect(await screen.findByTestId('relief-awaiting-approval')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Decline' })).toBeNull();
  }, 30_000);

  it('a spread: the bills before and after, new ones marked, and the instalments typed are what is proposed', async () => {
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method !== 'POST') {
        const extra = new URL(url, 'http://admin.test').searchParams.get('extra');
        return ok(extra ? { ...spreadRequested, preview_extra: Number(extra) } : spreadRequested);
      }
      return ok({ request_id: 'req-9', state: 'pending' });
    });
    vi.stubGlobal('fetch', fetchMock);
    shell(
      <Routes>
        <Route path="/relief/:id" element={<ReliefDetailPage />} />
      </Routes>,
      '/relief/rl-1',
    );
    expect((await screen.findByTestId('relief-asked')).textContent).toBe('2 more instalments');
    const smaller = screen.getByText('Mar 26, 2026 → Mar 26, 2026').closest('tr')!;
    expect(within(smaller).getByText('Rp 625.000')).toBeTruthy();
    expect(within(smaller).getByText('Rp 375.000')).toBeTruthy();
    expect(screen.getByText('new → Apr 25, 2026')).toBeTruthy();

    const count = screen.getByLabelText('Instalments to add');
    expect((count as HTMLInputElement).value).toBe('2');
    await userEvent.clear(count);
    await userEvent.type(count, '1');
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/reliefs/rl-1?extra=1'))).toBe(true),
    );
    expect(
      await screen.findByText(
        'The bills if 1 more instalment is given today (the borrower asked for 2 more instalments)',
      ),
    ).toBeTruthy();
    await userEvent.click(screen.getByLabelText(/^Reason \(for the approver/));
    await userEvent.paste('One more bill keeps each under her weekly wage.');
    await userEvent.click(screen.getByRole('button', { name: 'Propose offer' }));
    expect((await screen.findByTestId('relief-proposed')).textContent).toContain(
      'Offer proposed: 1 more instalment.',
    );
    expect(JSON.parse(String(posts(fetchMock)[0]![1].body))).toEqual({
      extra: 1,
      reason: 'One more bill keeps each under her weekly wage.',
    });
  }, 30_000);

  it('shows the server’s refusal of an offer in place', async () => {
    const fetchMock = vi.fn(async () =>
      Response.json({ code: 4435, msg: 'beyond caps', data: null }, { status: 422 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onDone = vi.fn(async () => {});
    shell(<ReliefActions relief={requested} onDone={onDone} />, '/relief/rl-1');
    await userEvent.click(screen.getByLabelText(/^Reason \(for the approver/));
    await userEvent.paste('Thirty days as asked.');
    await userEvent.click(screen.getByRole('button', { name: 'Propose offer' }));
    expect(
      await screen.findByText(/Relief moves the unpaid bills 7 to 30 days later or adds 1 to 3/),
    ).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.queryByTestId('relief-proposed')).toBeNull();
  }, 30_000);

  it('declines only with a reason, and sends the reason the borrower will read', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      ok({ id: 'rl-1', status: 'declined' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onDone = vi.fn(async () => {});
    shell(<ReliefActions relief={requested} onDone={onDone} />, '/relief/rl-1');
    await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('shown to the borrower in the app and sent by SMS');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Say why')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.click(within(dialog).getByLabelText('Reason (kept in the audit log)'));
    await userEvent.paste('This loan has had its relief already.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [url, init] = posts(fetchMock)[0]!;
    expect(url).toBe('/api/admin/reliefs/rl-1/decline');
    expect(JSON.parse(String(init.body))).toEqual({
      reason: 'This loan has had its relief already.',
    });
  }, 30_000);

  it('offers no answer once the request is answered or an offer waits for approval', () => {
    const onDone = vi.fn(async () => {});
    for (const relief of [
      { ...requested, status: 'offered' as const, days_offered: 14 },
      { ...requested, status: 'declined' as const, answer: 'no' },
      { ...requested, pending_approval: 'pending' as const },
    ]) {
      const { container, unmount } = shell(<ReliefActions relief={relief} onDone={onDone} />, '/relief/rl-1');
      expect(container.textContent).toBe('');
      unmount();
    }
    // The same component does offer both for a request still waiting for the desk.
    shell(<ReliefActions relief={requested} onDone={onDone} />, '/relief/rl-1');
    expect(screen.getByRole('button', { name: 'Propose offer' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Decline' })).toBeTruthy();
  });
});

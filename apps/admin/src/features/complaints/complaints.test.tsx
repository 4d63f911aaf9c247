import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { AdminComplaintDetail } from '@kaskita/domain/contract/admin-complaints';
import { I18nProvider } from '../../lib/i18n.tsx';
import { ComplaintActions } from './complaint-detail-page.tsx';
import ComplaintsPage from './complaints-page.tsx';

const waiting: AdminComplaintDetail = {
  id: 'c-1',
  case_number: 'KP-7QF3M2P',
  category: 'collection',
  status: 'in_progress',
  user_id: 'user-1',
  excerpt: 'The collector called me at 22:00',
  filed_at: '2026-03-02T03:00:00.000Z',
  answer_by: '2026-03-16',
  extended: false,
  compliance: true,
  working_days_left: 4,
  overdue: false,
  text: 'The collector called me at 22:00',
  locale: 'en-US',
  order_id: null,
  payment_id: null,
  contact_id: 'contact-1',
  has_photo: false,
  first_answer_by: '2026-03-16',
  extension_reason: null,
  events: [],
  can: { start: false, answer: true, extend: true, close: false },
};

function shell(children: ReactNode, url = '/complaints') {
  return render(
    <I18nProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

const answering = (data: unknown, status = 200) =>
  vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(data), { status }));

describe('the complaints list', () => {
  it('shows each case with its deadline, the working days left and whether it is late, filtered by the URL', async () => {
    const late = {
      ...waiting,
      id: 'c-2',
      case_number: 'KP-LATE234',
      overdue: true,
      working_days_left: -2,
      compliance: false,
    };
    const fetchMock = answering({ code: 200, msg: 'OK', data: { items: [late, waiting], total: 2 } });
    vi.stubGlobal('fetch', fetchMock);
    shell(<ComplaintsPage />, '/complaints?overdue=true');
    const row = (await screen.findByText('KP-LATE234')).closest('tr')!;
    expect(within(row).getByText('Overdue')).toBeTruthy();
    expect(within(row).getByTestId('days-left').textContent).toBe('(2 working days late)');
    const other = screen.getByText('KP-7QF3M2P').closest('tr')!;
    expect(within(other).getByTestId('days-left').textContent).toBe('(4 working days left)');
    expect(within(other).getByText('Being handled')).toBeTruthy();
    // A case about a collection contact is marked for compliance; the other is not.
    expect(within(other).getByTestId('complaint-compliance').textContent).toBe('Compliance');
    expect(within(row).queryByTestId('complaint-compliance')).toBeNull();
    expect(screen.getByText('KP-7QF3M2P').getAttribute('href')).toBe('/complaints/c-1');
    const [url] = fetchMock.mock.calls[0]!;
    expect(new URL(url, 'http://x').searchParams.get('overdue')).toBe('true');
  }, 30_000);
});

describe('the case’s actions', () => {
  it('sends the typed answer to the case’s answer call', async () => {
    const fetchMock = answering({ code: 200, msg: 'OK', data: { ...waiting, status: 'answered' } });
    vi.stubGlobal('fetch', fetchMock);
    const onDone = vi.fn(async () => {});
    shell(<ComplaintActions complaint={waiting} onDone={onDone} />);
    expect(screen.queryByRole('button', { name: 'Take it up' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Close the case' })).toBeNull();
    await userEvent.click(screen.getByLabelText('Answer to the borrower'));
    await userEvent.paste('The agent was removed from your case.');
    await userEvent.click(screen.getByRole('button', { name: 'Send answer' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/admin/complaints/c-1/answer');
    expect(JSON.parse(String(init!.body))).toEqual({ answer: 'The agent was removed from your case.' });
  }, 30_000);

  it('extends with the reason, naming the new deadline, and shows the server’s refusal in place', async () => {
    const fetchMock = answering(
      { code: 4392, msg: 'The deadline of this complaint has already been extended once', data: null },
      409,
    );
    vi.stubGlobal('fetch', fetchMock);
    const onDone = vi.fn(async () => {});
    shell(<ComplaintActions complaint={waiting} onDone={onDone} />);
    await userEvent.click(screen.getByRole('button', { name: 'Extend the deadline' }));
    // Ten working days after Monday 16 March 2026, Nyepi (19 March) skipped.
    expect(await screen.findByText(/The new deadline will be Mar 31, 2026/)).toBeTruthy();
    await userEvent.click(screen.getByLabelText('Reason (kept in the audit log)'));
    await userEvent.paste('Waiting for the call records.');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(/already been extended once/)).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/admin/complaints/c-1/extend');
    expect(JSON.parse(String(init!.body))).toEqual({ reason: 'Waiting for the call records.' });
    expect(onDone).not.toHaveBeenCalled();
  }, 30_000);

  it('offers closing an answered case with a note, and nothing for a closed one', async () => {
    const fetchMock = answering({ code: 200, msg: 'OK', data: { ...waiting, status: 'closed' } });
    vi.stubGlobal('fetch', fetchMock);
    const answered = {
      ...waiting,
      status: 'answered' as const,
      can: { start: false, answer: true, extend: false, close: true },
    };
    const { unmount } = shell(<ComplaintActions complaint={answered} onDone={vi.fn(async () => {})} />);
    expect(screen.queryByRole('button', { name: 'Extend the deadline' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Close the case' }));
    await userEvent.click(await screen.findByLabelText('Reason (kept in the audit log)'));
    await userEvent.paste('Apology sent.');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/admin/complaints/c-1/close');
    expect(JSON.parse(String(init!.body))).toEqual({ note: 'Apology sent.' });
    unmount();
    const closed = {
      ...answered,
      status: 'closed' as const,
      can: { start: false, answer: false, extend: false, close: false },
    };
    const { container } = shell(<ComplaintActions complaint={closed} onDone={vi.fn(async () => {})} />);
    expect(container.textContent).toBe('');
  }, 30_000);
});

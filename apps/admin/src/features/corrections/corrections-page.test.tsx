import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../lib/i18n.tsx';
import CorrectionsPage from './corrections-page.tsx';

const row = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  user_id: 'user-1',
  borrower_name_masked: 'B*** S******',
  field: 'name',
  current_value: 'BUDI SANTOSO',
  proposed_value: 'BUDI SANTOSA',
  reason: 'misspelt on the KTP',
  status: 'open',
  answer: null,
  created_at: '2026-11-26T03:00:00.000Z',
  decided_at: null,
  ...extra,
});

function renderPage(fetchMock: ReturnType<typeof vi.fn>) {
  vi.stubGlobal('fetch', fetchMock);
  render(
    <I18nProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/corrections']}>
          <CorrectionsPage />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

describe('the correction requests page', () => {
  it('shows what is held and what is asked for; approving sends the typed reason for that request', async () => {
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
      const data =
        init?.method === 'POST'
          ? row('c-1', { status: 'approved', answer: 'matches the KTP photo' })
          : {
              items: [
                row('c-1'),
                row('c-2', {
                  field: 'gender',
                  current_value: '1',
                  proposed_value: '2',
                  status: 'refused',
                  answer: 'the KTP says male',
                }),
              ],
              total: 2,
            };
      return new Response(JSON.stringify({ code: 200, msg: 'OK', data }));
    });
    renderPage(fetchMock);
    const rows = await screen.findAllByTestId('correction-proposed');
    expect(rows.map((r) => r.textContent)).toEqual(['BUDI SANTOSA', 'Female (2)']);
    expect(screen.getByText('BUDI SANTOSO')).toBeTruthy();
    expect(screen.getByText('the KTP says male')).toBeTruthy();
    // Only the open request can be decided.
    expect(screen.getAllByRole('button', { name: 'Approve' })).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Name becomes "BUDI SANTOSA"');
    await userEvent.click(within(dialog).getByLabelText('Reason (kept in the audit log)'));
    await userEvent.paste('matches the KTP photo');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const [url, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'POST')!;
    expect(url).toBe('/api/admin/corrections/c-1/approve');
    expect(JSON.parse(String(init!.body))).toEqual({ reason: 'matches the KTP photo' });
  }, 30_000);

  it('refusing shows the server’s refusal in place when the request was decided meanwhile', async () => {
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
      init?.method === 'POST'
        ? new Response(
            JSON.stringify({
              code: 4404,
              msg: 'This correction request has already been decided',
              data: null,
            }),
            { status: 400 },
          )
        : new Response(JSON.stringify({ code: 200, msg: 'OK', data: { items: [row('c-1')], total: 1 } })),
    );
    renderPage(fetchMock);
    await userEvent.click(await screen.findByRole('button', { name: 'Refuse' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByLabelText('Reason (kept in the audit log)'));
    await userEvent.paste('not on the KTP');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('This correction request has already been decided')).toBeTruthy();
    const [url] = fetchMock.mock.calls.find(([, i]) => i?.method === 'POST')!;
    expect(url).toBe('/api/admin/corrections/c-1/refuse');
  }, 30_000);
});

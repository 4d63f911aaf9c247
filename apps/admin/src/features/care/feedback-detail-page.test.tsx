import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AdminFeedbackDetail } from '@kaskita/domain/contract/admin-care';
import { I18nProvider } from '../../lib/i18n.tsx';
import { ReplyForm } from './feedback-detail-page.tsx';

const complaint: AdminFeedbackDetail = {
  id: 'fb-1',
  kind: 'complaint',
  status: 'open',
  user_id: 'user-1',
  excerpt: 'My payment did not show up',
  created_at: '2026-11-26T03:00:00.000Z',
  deadline: '2026-12-10',
  overdue: false,
  content: 'My payment did not show up',
  locale: 'en-US',
  reply: null,
  replied_at: null,
  resolution: null,
  closed_at: null,
};

function show(onSent = vi.fn(async () => {})) {
  render(
    <I18nProvider>
      <QueryClientProvider client={new QueryClient()}>
        <ReplyForm feedback={complaint} onSent={onSent} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return onSent;
}

describe('the reply form', () => {
  it('sends the typed reply to the complaint’s reply call', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ code: 200, msg: 'OK', data: { ...complaint, status: 'answered' } })),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onSent = show();
    await userEvent.click(screen.getByLabelText('Reply to the borrower'));
    await userEvent.paste('We credited your payment on 3 March.');
    await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/admin/feedback/fb-1/reply');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ reply: 'We credited your payment on 3 March.' });
  }, 30_000);

  it('sends nothing when the reply is empty, and shows the server’s refusal', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(
          JSON.stringify({ code: 4372, msg: 'This feedback or complaint is already closed', data: null }),
          { status: 409 },
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onSent = show();
    await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.click(screen.getByLabelText('Reply to the borrower'));
    await userEvent.paste('Answer');
    await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText(/already closed/)).toBeTruthy();
    expect(onSent).not.toHaveBeenCalled();
  }, 30_000);
});

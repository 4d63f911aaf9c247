import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../lib/i18n.tsx';
import { ContactForm } from './contact-form.tsx';

function stubApi(answer: { code: number; msg: string; data: unknown }) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(answer)));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const CONTACT = {
  id: 'c-1',
  channel: 'call',
  outcome: 'reached',
  note: 'will pay Friday',
  staff_id: 'staff-1',
  contacted_at: '2026-04-06T03:00:00.000Z',
};

function show(props: { mayContactNow: boolean; onRecorded?: () => void }) {
  render(
    <I18nProvider>
      <ContactForm
        loanId="loan-1"
        nextAllowedAt="2026-04-06T23:00:00.000Z"
        mayContactNow={props.mayContactNow}
        zones={['Asia/Jayapura']}
        onRecorded={props.onRecorded ?? (() => undefined)}
      />
    </I18nProvider>,
  );
}

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByTitle(option));
}

describe('the record-contact form', () => {
  it("says when contact is next allowed, in the borrower's clock, and offers no recording before then", async () => {
    const fetchMock = stubApi({ code: 200, msg: 'OK', data: CONTACT });
    show({ mayContactNow: false });
    const next = screen.getByTestId('next-allowed-contact').textContent ?? '';
    // 23:00 UTC is 08:00 the next morning in Jayapura (WIT), 06:00 in Jakarta.
    expect(next).toMatch(/Next allowed contact/);
    expect(next).toMatch(/8:00.*WIT/);
    expect(next).toMatch(/6:00.*WIB/);
    expect(screen.getByRole('button', { name: 'Record contact' }).hasAttribute('disabled')).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('records the channel, outcome and note, then refreshes', async () => {
    const fetchMock = stubApi({ code: 200, msg: 'OK', data: CONTACT });
    const onRecorded = vi.fn();
    show({ mayContactNow: true, onRecorded });
    expect(screen.getByText('Contact is allowed now')).toBeTruthy();
    await choose('Channel', 'Call');
    await choose('Outcome', 'Reached the borrower');
    await userEvent.click(screen.getByLabelText('Note (kept in the audit log)'));
    await userEvent.paste('  will pay Friday ');
    await userEvent.click(screen.getByRole('button', { name: 'Record contact' }));
    await waitFor(() => expect(onRecorded).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/admin/collections/loan-1/contacts');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({
      channel: 'call',
      outcome: 'reached',
      note: 'will pay Friday',
    });
  }, 30_000);

  it("shows the server's refusal with the next allowed time it names", async () => {
    stubApi({ code: 4360, msg: 'not now', data: { next_allowed_at: '2026-04-06T23:00:00.000Z' } });
    const onRecorded = vi.fn();
    show({ mayContactNow: true, onRecorded });
    await choose('Channel', 'Visit');
    await choose('Outcome', 'No answer');
    await userEvent.click(screen.getByLabelText('Note (kept in the audit log)'));
    await userEvent.paste('door closed');
    await userEvent.click(screen.getByRole('button', { name: 'Record contact' }));
    const error = (await screen.findByTestId('contact-error')).textContent ?? '';
    expect(error).toMatch(/may not be contacted now/);
    expect(error).toMatch(/8:00.*WIT/);
    expect(onRecorded).not.toHaveBeenCalled();
  }, 30_000);
});

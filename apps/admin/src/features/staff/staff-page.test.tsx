import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { permissionTreeKey } from '../../app/permission-tree.ts';
import { I18nProvider } from '../../lib/i18n.tsx';
import StaffPage from './staff-page.tsx';

const me = {
  id: 'a0b1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c4d',
  email: 'ayu.admin@kaskita.test',
  name: 'Ayu Administrator',
  role: 'administrator',
  state: 'active',
  totp_enrolled: true,
  created_at: '2026-11-01T03:00:00.000Z',
  disabled_at: null,
};

const member = {
  id: '7d3f1c9e-2b4a-4c8d-9e1f-0a2b3c4d5e6f',
  email: 'dewi.finance@kaskita.test',
  name: 'Dewi Finance',
  role: 'finance',
  state: 'active',
  totp_enrolled: true,
  created_at: '2026-11-20T03:00:00.000Z',
  disabled_at: null,
};

function show() {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const data =
      init?.method === 'POST'
        ? { id: member.id, one_time_password: 'Hk7pQ2mXw9RtZa4B' }
        : { items: [me, member], total: 2 };
    return new Response(JSON.stringify({ code: 200, msg: 'OK', data }));
  });
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // Signed in as `me`: the member's row has its actions, one's own none.
  client.setQueryData(permissionTreeKey('en-US'), {
    staff: { id: me.id, email: me.email, name: me.name, role: me.role },
    permissions: ['staff.manage'],
    menus: [],
  });
  render(
    <I18nProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/staff']}>
          <StaffPage />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nProvider>,
  );
  return fetchMock;
}

describe('the staff page', () => {
  it("resets a member's sign-in with a reason and shows the new one-time password once", async () => {
    const fetchMock = show();
    await userEvent.click(await screen.findByRole('button', { name: `Reset sign-in ${member.email}` }));
    expect(await screen.findByText("Reset Dewi Finance's sign-in")).toBeTruthy();
    await userEvent.type(await screen.findByLabelText(/^Reason/), 'lost their phone');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByTestId('one-time-password')).textContent).toBe('Hk7pQ2mXw9RtZa4B');
    const reset = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(reset[0]).toContain(`/api/admin/staff/${member.id}/reset_access`);
    expect(JSON.parse(String(reset[1]!.body))).toEqual({ reason: 'lost their phone' });
  });

  it('offers neither reset nor disable on one’s own row (one changes one’s own password instead)', async () => {
    show();
    await screen.findByRole('button', { name: `Reset sign-in ${member.email}` });
    expect(screen.getByText(me.email)).toBeTruthy();
    expect(screen.queryByRole('button', { name: `Reset sign-in ${me.email}` })).toBeNull();
    expect(screen.queryByRole('button', { name: `Disable ${me.email}` })).toBeNull();
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { adminAdministrationCalls } from '@kaskita/domain/contract/admin-administration';
import { I18nProvider } from '../lib/i18n.tsx';
import { ServerTable, type TableFilter } from './server-table.tsx';

const member = (n: number) => ({
  id: `id-${n}`,
  email: `m${n}@kaskita.test`,
  name: `Member ${n}`,
  role: 'finance',
  state: 'active',
  totp_enrolled: true,
  created_at: '2026-11-26T01:00:00.000Z',
  disabled_at: null,
});

function stubApi(total: number) {
  const fetchMock = vi.fn(async (url: string) => {
    const page = Number(new URL(url, 'http://x').searchParams.get('page') ?? 1);
    const data = { items: [member(page * 10 + 1), member(page * 10 + 2)], total };
    return new Response(JSON.stringify({ code: 200, msg: 'OK', data }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

let location = '';
const report = (path: string) => {
  location = path;
};
function Where() {
  const l = useLocation();
  useEffect(() => report(l.pathname + l.search));
  return null;
}

const SEARCH: TableFilter = { name: 'q', type: 'text', label: { 'en-US': 'Search', 'id-ID': 'Cari' } };

function show(url: string, filters: TableFilter[] = [SEARCH]) {
  render(
    <I18nProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={[url]}>
          <Where />
          <ServerTable
            call={adminAdministrationCalls.listStaff}
            rowKey="id"
            columns={[
              { key: 'email', dataIndex: 'email', title: 'E-mail', sorter: true },
              { key: 'name', dataIndex: 'name', title: 'Name' },
            ]}
            filters={filters}
          />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

const lastQuery = (fetchMock: ReturnType<typeof stubApi>) =>
  Object.fromEntries(new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://x').searchParams);

describe('ServerTable', () => {
  it('asks the server for the page, sort and filters the URL holds, and shows its rows', async () => {
    const fetchMock = stubApi(45);
    show('/staff?page=2&page_size=10&sort=email&order=desc&q=ayu&unrelated=1');
    expect(await screen.findByText('m21@kaskita.test')).toBeTruthy();
    expect(lastQuery(fetchMock)).toEqual({
      page: '2',
      page_size: '10',
      sort: 'email',
      order: 'desc',
      q: 'ayu',
    });
    expect(screen.getByText('45 in all')).toBeTruthy();
  });

  it('writes a page change and a filter into the URL, and asks again', async () => {
    const fetchMock = stubApi(45);
    show('/staff?page_size=10');
    await screen.findByText('m11@kaskita.test');
    await userEvent.click(screen.getByTitle('3'));
    await screen.findByText('m31@kaskita.test');
    expect(location).toBe('/staff?page_size=10&page=3');
    expect(lastQuery(fetchMock)).toMatchObject({ page: '3' });

    // A new filter starts again from the first page.
    await userEvent.type(screen.getByLabelText('Search'), 'rina');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(lastQuery(fetchMock)).toEqual({ page_size: '10', q: 'rina' }));
    expect(location).toBe('/staff?page_size=10&q=rina');
  });

  it('shows and sends a filter’s default while the URL names none, and returns to it on "Clear"', async () => {
    const fetchMock = stubApi(2);
    const state: TableFilter = {
      name: 'state',
      type: 'select',
      label: { 'en-US': 'State', 'id-ID': 'Status' },
      options: [
        { value: 'active', label: { 'en-US': 'Active', 'id-ID': 'Aktif' } },
        { value: 'disabled', label: { 'en-US': 'Disabled', 'id-ID': 'Nonaktif' } },
      ],
      defaultValue: 'active',
    };
    show('/staff?state=disabled', [state]);
    await screen.findByText('m11@kaskita.test');
    expect(lastQuery(fetchMock)).toEqual({ state: 'disabled' });
    const select = () => screen.getByRole('combobox', { name: 'State' }).closest('.ant-select')!;
    expect(select().textContent).toContain('Disabled');
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(location).toBe('/staff'));
    expect(lastQuery(fetchMock)).toEqual({ state: 'active' });
    expect(select().textContent).toContain('Active');
  });

  it('sorts on the server when a sortable column is clicked', async () => {
    const fetchMock = stubApi(2);
    show('/staff');
    await screen.findByText('m11@kaskita.test');
    await userEvent.click(screen.getByText('E-mail'));
    await waitFor(() => expect(lastQuery(fetchMock)).toMatchObject({ sort: 'email', order: 'asc' }));
  });
});

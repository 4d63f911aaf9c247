import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { cashLoanProduct } from '@kaskita/domain/pricing/default-products';
import { I18nProvider } from '../../lib/i18n.tsx';
import { draftVerdict } from './product-draft.ts';
import ProposeProductPage from './propose-product-page.tsx';

const { validFrom: _from, ...definition } = cashLoanProduct;
const withFee = (fee: string) =>
  JSON.stringify({ ...definition, pricing: { ...definition.pricing, serviceFee: fee } });

describe('the propose form’s validation (the domain’s schema and cap check)', () => {
  it('names the field that is wrong, and refuses text that is not JSON', () => {
    expect(draftVerdict('{', '2026-04-01', '', 'en-US').issues).toEqual([
      'The product definition is not valid JSON',
    ]);
    const noTenors = draftVerdict(JSON.stringify({ ...definition, tenors: [] }), '2026-04-01', '', 'en-US');
    expect(noTenors.sendable).toBe(false);
    expect(noTenors.issues.some((i) => i.startsWith('tenors:'))).toBe(true);
    expect(draftVerdict(withFee('0.06'), '1 April', '', 'en-US').issues).toEqual([
      'validFrom: must be a date YYYY-MM-DD',
    ]);
  });

  it('shows the cap verdict of every day the caps change, and allows sending only within every cap', () => {
    const over = draftVerdict(withFee('0.12'), '2025-12-10', '', 'id-ID');
    expect(over.sendable).toBe(false);
    expect(over.checks.map((c) => [c.date, c.ok])).toEqual([
      ['2025-12-10', true],
      ['2026-01-01', false],
    ]);
    expect(over.checks[1]!.rows).toEqual(['seojk-2026-consumptive']);
    expect(over.checks[1]!.messages[0]).toMatch(/^Mulai 2026-01-01, manfaat ekonomi harian/);
    // The same product ending before the stricter row starts may be sent.
    expect(draftVerdict(withFee('0.12'), '2025-12-10', '2025-12-31', 'en-US').sendable).toBe(true);
  });
});

describe('the propose page', () => {
  it('keeps "Send" off until the definition is valid and within the caps, then sends it with the reason', async () => {
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
      const data =
        init?.method === 'POST' ? { request_id: 'req-7', state: 'pending' } : { items: [], total: 0 };
      return new Response(JSON.stringify({ code: 200, msg: 'OK', data }));
    });
    vi.stubGlobal('fetch', fetchMock);
    render(
      <I18nProvider>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <MemoryRouter initialEntries={['/products/proposals']}>
            <ProposeProductPage />
          </MemoryRouter>
        </QueryClientProvider>
      </I18nProvider>,
    );
    const send = () => screen.getByRole('button', { name: 'Send for approval' });
    await userEvent.click(screen.getByLabelText('First day (YYYY-MM-DD)'));
    await userEvent.paste('2026-04-01');
    await userEvent.click(screen.getByLabelText('Product definition (JSON)'));
    await userEvent.paste(withFee('0.2'));
    // One line per tenor of the product, each naming the rule.
    const lines = await screen.findAllByText(
      /above the cap of 0\.1 % \(seojk-2026-consumptive\)/,
      {},
      { timeout: 5000 },
    );
    expect(lines.length).toBe(definition.tenors.length);
    await userEvent.click(screen.getByLabelText('Reason (kept in the audit log)'));
    await userEvent.paste('cheaper fee');
    expect((send() as HTMLButtonElement).disabled).toBe(true);

    await userEvent.clear(screen.getByLabelText('Product definition (JSON)'));
    await userEvent.paste(withFee('0.06'));
    await waitFor(() => expect((send() as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(send());
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const [url, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'POST')!;
    expect(url).toBe('/api/admin/products/proposals');
    const body = JSON.parse(String(init!.body)) as {
      product: { validFrom: string; pricing: object };
      reason: string;
    };
    expect(body.reason).toBe('cheaper fee');
    expect(body.product.validFrom).toBe('2026-04-01');
    expect(body.product.pricing).toMatchObject({ serviceFee: '0.06' });
    expect(await screen.findByText('Sent for approval (request req-7)')).toBeTruthy();
  }, 30_000);
});

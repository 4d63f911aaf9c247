import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RefundsView } from '@kaskita/domain/contract/refunds';
import { configureApi } from '../../../lib/api-effects.ts';
import { setLocale } from '../../../lib/i18n.ts';
import { repaymentKeys } from '../../../lib/query-keys.ts';
import { LOCAL_KEYS } from '../../../lib/storage-keys.ts';
import { callOf, contractServer, type Wire } from '../../../test/api-answer.ts';
import { createTestQueryClient, renderApp } from '../../../test/render-app.tsx';
import { MeView } from './me-view.tsx';

const account = {
  uid: 'u1',
  phone_masked: '0812*****7890',
  has_password: true,
  created_at: '2025-01-02T00:00:00Z',
};

type Refund = Wire<RefundsView>['list'][number];
const refund = (state: Refund['state'], extra: Partial<Refund> = {}): Refund => ({
  id: `r-${state}`,
  order_id: 'o1',
  payment_id: null,
  amount: 182_000,
  state,
  bank_code: 'BCA',
  last_digits: '7890',
  attempts: 1,
  failure: null,
  created_at: '2026-04-05T07:15:00.000Z',
  completed_at: null,
  ...extra,
});

const fetch = vi.fn();
beforeEach(async () => {
  fetch.mockReset();
  vi.stubGlobal('fetch', fetch);
  configureApi({ error: vi.fn(), warning: vi.fn(), navigate: vi.fn() });
  localStorage.setItem(LOCAL_KEYS.token, 'tok');
  await setLocale('en-US');
});

function showMe(refunds: Wire<RefundsView>, client = createTestQueryClient()) {
  fetch.mockImplementation(contractServer({ getAccount: account, getRefunds: refunds }));
  return renderApp(<MeView onLogout={vi.fn()} loggingOut={false} />, { path: '/me', client });
}

describe('Me: money left over', { timeout: 20_000 }, () => {
  it('shows the credit held and the refund on its way, with the account it goes to, in both languages', async () => {
    const app = showMe({ held: 182_000, list: [refund('pending')] });
    const balance = await screen.findByTestId('me-balance');
    expect(within(balance).getByTestId('me-balance-held').textContent).toBe('Rp 182.000');
    const shown = within(balance).getByTestId('me-refund');
    expect(shown.getAttribute('data-state')).toBe('pending');
    expect(shown.textContent).toContain('Rp 182.000 to BCA ****7890');
    expect(within(shown).getByTestId('me-refund-state').textContent).toBe('On its way to your bank');
    expect(balance.textContent).toContain('Held for you');

    await setLocale('id-ID');
    await waitFor(() => expect(balance.textContent).toContain('Disimpan untuk Anda'));
    expect(shown.textContent).toContain('Rp 182.000 ke BCA ****7890');
    expect(within(shown).getByTestId('me-refund-state').textContent).toBe('Dalam perjalanan ke bank Anda');

    await app.user.click(within(balance).getByTestId('me-balance-details'));
    expect(screen.getByTestId('location').textContent).toBe('/me/repayment-history');
  });

  it('says credit on a loan still open is sent back once the loan is paid off', async () => {
    showMe({ held: 25_000, list: [] });
    const balance = await screen.findByTestId('me-balance');
    expect(within(balance).getByTestId('me-balance-held').textContent).toBe('Rp 25.000');
    expect(within(balance).queryByTestId('me-refund')).toBeNull();
    expect(balance.textContent).toContain('Sent back to your bank account when your loan is paid off.');
  });

  it('keeps a refund that failed every try in view, and leaves paid ones to the history', async () => {
    showMe({
      held: 182_000,
      list: [
        refund('failed', { failure: 'ACCOUNT_CLOSED', attempts: 3 }),
        refund('completed', { id: 'old', amount: 50_000, completed_at: '2026-03-01T00:00:00.000Z' }),
      ],
    });
    const shown = await screen.findAllByTestId('me-refund');
    expect(shown.map((r) => r.getAttribute('data-state'))).toEqual(['failed']);
    expect(within(shown[0]!).getByTestId('me-refund-state').textContent).toBe(
      'Not sent: our team will contact you',
    );
  });

  it('shows nothing when nothing is held and every refund is paid', async () => {
    const client = createTestQueryClient();
    showMe({ held: 0, list: [refund('completed', { completed_at: '2026-04-05T07:20:00.000Z' })] }, client);
    // The answer has arrived and been read, and the page shown with it: still no card.
    await waitFor(() => expect(client.getQueryData(repaymentKeys.refunds)).toBeDefined());
    await screen.findByText('Member since 02/01/2025');
    expect(screen.queryByTestId('me-balance')).toBeNull();
  });

  it('asks nothing for a visitor', async () => {
    localStorage.removeItem(LOCAL_KEYS.token);
    showMe({ held: 182_000, list: [refund('pending')] });
    await screen.findByTestId('me-login');
    expect(fetch.mock.calls.map(callOf)).not.toContain('getRefunds');
    expect(screen.queryByTestId('me-balance')).toBeNull();
  });
});

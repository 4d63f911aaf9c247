import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../../lib/api-effects.ts';
import { setLocale } from '../../../lib/i18n.ts';
import { LOCAL_KEYS } from '../../../lib/storage-keys.ts';
import { answer, callOf, contractServer } from '../../../test/api-answer.ts';
import { allowSheetTaps } from '../../../test/bottom-sheet-setup.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { FlexibleIntroduce, FlexibleRepayment } from './flexible-repayment.tsx';
import { quote, TODAY } from './repayments-test-fixtures.ts';

const fetch = vi.fn();
allowSheetTaps();
beforeEach(async () => {
  fetch.mockReset();
  vi.stubGlobal('fetch', fetch);
  configureApi({ error: vi.fn(), warning: vi.fn(), navigate: vi.fn() });
  localStorage.setItem(LOCAL_KEYS.token, 'tok');
  await setLocale('en-US');
});

/** The settlement quotes asked, by their `date` ('' for today). */
const askedDates = () =>
  fetch.mock.calls
    .filter((c) => callOf(c) === 'getSettlementQuote')
    .map((c) => new URL(String(c[0]), 'http://x').searchParams.get('date') ?? '');

/** A later day costs more interest and saves less. */
const quotes = (init: RequestInit | undefined, url: string) => {
  void init;
  const date = new URL(url, 'http://x').searchParams.get('date');
  return !date || date === TODAY
    ? answer(200, quote(TODAY))
    : answer(
        200,
        quote(date, {
          amount: 3_120_000,
          interest: 40_000,
          fee: 71_000,
          days_of_use: 49,
          saved: { interest: 42_800, fee: 125_200, total: 168_000 },
        }),
      );
};
const server = () =>
  fetch.mockImplementation((url: string, init?: RequestInit) => {
    if (callOf([url, init]) === 'getSettlementQuote') return Promise.resolve(quotes(init, url));
    throw new Error('unexpected call');
  });

describe('flexible repayment', { timeout: 20_000 }, () => {
  it("today: what settling costs, the days used, what it saves against the schedule, and 'Settle now'", async () => {
    server();
    renderApp(<FlexibleRepayment />, { path: '/activity/flexible-repayment' });
    expect((await screen.findByTestId('flex-amount')).textContent).toBe('Rp 3.050.000');
    expect(screen.getByTestId('flex-days').textContent).toBe('34 days of use');
    const saved = screen.getByTestId('flex-saved');
    expect(saved.textContent).toContain('You save Rp 238.000');
    expect(saved.textContent).toContain('Interest Rp 67.800 and service fees Rp 170.200 are not charged.');
    expect(screen.getByTestId('flex-breakdown').textContent).toContain('Late fee');
    expect((await screen.findByTestId('flex-date')).textContent).toBe('05/04/2026');
    expect(screen.getByText('From today (05/04/2026) to your last due date (02/06/2026).')).toBeTruthy();
    const settle = screen.getByTestId('settle-now');
    expect(settle.textContent).toBe('Settle now (Rp 3.050.000)');
    expect(settle.getAttribute('href')).toBe('/home/pay-back-methods?type=settlement');
    expect(screen.queryByTestId('flex-today-note')).toBeNull();
    expect(askedDates()).toEqual(['']);
  });

  it('a later day (kept in the address): its amount and saving, while "Settle now" stays today\'s amount', async () => {
    server();
    renderApp(<FlexibleRepayment />, { path: '/activity/flexible-repayment?date=2026-04-20' });
    await waitFor(() => expect(screen.getByTestId('flex-amount').textContent).toBe('Rp 3.120.000'));
    expect(screen.getByTestId('flex-days').textContent).toBe('49 days of use');
    expect(screen.getByTestId('flex-saved').textContent).toContain('You save Rp 168.000');
    expect((await screen.findByTestId('flex-date')).textContent).toBe('20/04/2026');
    expect(screen.getByTestId('flex-today-note').textContent).toBe(
      'Settling today costs Rp 3.050.000. A later day assumes no other payment before it.',
    );
    expect(screen.getByTestId('settle-now').textContent).toBe('Settle now (Rp 3.050.000)');
    expect(askedDates().sort()).toEqual(['', '2026-04-20']);
  });

  it('a day confirmed in the picker goes into the address and is asked for', async () => {
    server();
    const app = renderApp(<FlexibleRepayment />, { path: '/activity/flexible-repayment' });
    await app.user.click(await screen.findByTestId('flex-date'));
    // The picker opens on the day shown (today); its wheels do not turn in jsdom, so the day confirmed is today.
    const title = await screen.findByText('Choose the day you settle');
    const popup = title.closest('.adm-popup-body') as HTMLElement;
    // DD/MM/YYYY as everywhere else, not the spec's MM/DD/YYYY (04/05/2026 reads as 4 May in Indonesia).
    expect(popup.textContent).toContain('05/04/2026');
    expect(popup.textContent).not.toContain('04/05/2026');
    await app.user.click(within(popup).getByText('Confirm'));
    await waitFor(() => expect(app.location()).toBe('/activity/flexible-repayment?date=2026-04-05'));
    await waitFor(() => expect(askedDates()).toContain('2026-04-05'));
    expect(screen.getByTestId('flex-amount').textContent).toBe('Rp 3.050.000');
  });

  it("a day the server refuses says so and keeps today's figures", async () => {
    fetch.mockImplementation(
      contractServer({
        getSettlementQuote: (init: RequestInit) => {
          void init;
          return askedDates().at(-1)
            ? answer(4000, null, 'This field is invalid')
            : answer(200, quote(TODAY));
        },
      }),
    );
    renderApp(<FlexibleRepayment />, { path: '/activity/flexible-repayment?date=2027-01-01' });
    expect((await screen.findByTestId('flex-date-failed')).textContent).toBe('This field is invalid');
    expect(screen.getByTestId('flex-amount').textContent).toBe('Rp 3.050.000');
  });

  it('no loan (4310): nothing to settle', async () => {
    fetch.mockImplementation(contractServer({ getSettlementQuote: () => answer(4310, null, 'No loan') }));
    renderApp(<FlexibleRepayment />, { path: '/activity/flexible-repayment' });
    expect((await screen.findByTestId('flex-no-loan')).textContent).toContain(
      'You have no loan being repaid, so there is nothing to settle.',
    );
  });

  it('the introduction: any day, only the days used, no penalty; then the calculator', async () => {
    renderApp(<FlexibleIntroduce />, { path: '/activity/flexible-repayment-introduce' });
    const page = screen.getByTestId('page-flexible-introduce');
    expect(page.textContent).toContain('Any day');
    expect(page.textContent).toContain('Only the days you used');
    expect(page.textContent).toContain('No penalty');
    expect(screen.getByTestId('flex-try').getAttribute('href')).toBe('/activity/flexible-repayment');
    await setLocale('id-ID');
    expect(await screen.findByText('Tanpa penalti')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});

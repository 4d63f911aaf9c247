import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loanPlanQueryOptions } from '../features/loans/api/get-loan-plan.ts';
import { limitAmountQueryOptions } from '../features/application/api/application-api.ts';
import { currentOrderQueryOptions } from '../features/loans/api/get-current-order.ts';
import { loanProductsQueryOptions } from '../features/loans/api/get-loan-products.ts';
import { purposesQueryOptions } from '../features/loans/api/get-purposes.ts';
import { billsQueryOptions } from '../features/repayments/api/get-bills.ts';
import { plan, products, purposes } from '../features/loans/components/loans-test-fixtures.ts';
import { onTimeBills } from '../features/repayments/components/repayments-test-fixtures.ts';
import { configureApi } from '../lib/api-effects.ts';
import { LOCAL_KEYS } from '../lib/storage-keys.ts';
import { callOf, contractServer } from '../test/api-answer.ts';
import { ROUTE_DATA, startRouteData } from './route-data.ts';
import { leafRoute } from './route-handle.ts';
import { routes } from './router.tsx';

const fetch = vi.fn();
beforeEach(() => {
  fetch.mockReset();
  fetch.mockImplementation(contractServer({ getLoanPlan: plan }));
  vi.stubGlobal('fetch', fetch);
  configureApi({ error: vi.fn(), warning: vi.fn(), navigate: vi.fn() });
});
afterEach(() => vi.restoreAllMocks());

const planAddress = new URLSearchParams('pid=cash-loan&money=3000000&period=month-3-3&purpose_id=101');
const params = { pid: 'cash-loan', money: 3_000_000, period: 'month-3-3', purpose_id: 101 };

/** The prefetches the route table starts for `pathname`, as the app's AppRoutes hands them over. */
function prefetchesOf(pathname: string) {
  const started: unknown[] = [];
  leafRoute(routes, pathname, (data) => started.push(data));
  return started;
}

describe('route data', () => {
  it('the signed-in pages whose first render waits for data name their prefetch in the route table', () => {
    expect(prefetchesOf('/bill')).toEqual([ROUTE_DATA.bills]);
    expect(prefetchesOf('/home/pay-back')).toEqual([ROUTE_DATA.bills]);
    expect(prefetchesOf('/home/loan-product')).toEqual([ROUTE_DATA.loanProducts]);
    expect(prefetchesOf('/home/borrowing-plan')).toEqual([ROUTE_DATA.loanPlan]);
    expect(prefetchesOf('/landing-page')).toEqual([]);
  });

  it("a plan's prefetch fills the cache under the key the plan page reads, once", async () => {
    localStorage.setItem(LOCAL_KEYS.token, 'tok');
    const client = new QueryClient();
    startRouteData(ROUTE_DATA.loanPlan, { client, search: planAddress, locale: 'en-US' });
    const key = loanPlanQueryOptions(params, 'en-US').queryKey;
    await vi.waitFor(() => expect(client.getQueryData(key)).toBeDefined());
    expect(fetch.mock.calls.map(callOf)).toEqual(['getLoanPlan']);
    const asked = new URL(String(fetch.mock.calls[0]![0]), 'http://x').searchParams;
    expect(Object.fromEntries(asked)).toMatchObject({
      pid: 'cash-loan',
      money: '3000000',
      period: 'month-3-3',
    });
  });

  it("the borrowing form's prefetch asks, at once, for everything the page reads as it mounts, each once", async () => {
    localStorage.setItem(LOCAL_KEYS.token, 'tok');
    fetch.mockImplementation(
      contractServer({
        getLoanProducts: products,
        getLimitAmount: {
          approved: true,
          limit_amount: 5_000_000,
          used_amount: 0,
          available_amount: 5_000_000,
        },
        getPurposes: purposes,
        getCurrentOrder: { order: null },
      }),
    );
    const client = new QueryClient();
    startRouteData(ROUTE_DATA.loanProducts, { client, search: new URLSearchParams(), locale: 'en-US' });
    const keys = [
      loanProductsQueryOptions('en-US').queryKey,
      limitAmountQueryOptions().queryKey,
      purposesQueryOptions().queryKey,
      currentOrderQueryOptions('en-US').queryKey,
    ];
    await vi.waitFor(() =>
      expect(keys.map((key) => client.getQueryState(key)?.status)).toEqual(keys.map(() => 'success')),
    );
    expect(fetch.mock.calls.map(callOf).sort()).toEqual([
      'getCurrentOrder',
      'getLimitAmount',
      'getLoanProducts',
      'getPurposes',
    ]);
  });

  it("sends the bills' request before the page's query module has loaded, and asks once", async () => {
    localStorage.setItem(LOCAL_KEYS.token, 'tok');
    fetch.mockImplementation(contractServer({ getBills: onTimeBills }));
    const client = new QueryClient();
    startRouteData(ROUTE_DATA.bills, { client, search: new URLSearchParams(), locale: 'en-US' });
    // Synchronously: no module had time to load.
    expect(fetch.mock.calls.map(callOf)).toEqual(['getBills']);
    await vi.waitFor(() =>
      expect(client.getQueryState(billsQueryOptions().queryKey)?.status).toBe('success'),
    );
    expect(fetch.mock.calls.map(callOf)).toEqual(['getBills']);
  });

  it('starts nothing for a visitor (the guard sends them to the login page)', () => {
    const prefetch = vi.fn(() => Promise.resolve());
    const context = { client: new QueryClient(), search: planAddress, locale: 'en-US' } as const;
    startRouteData(prefetch, context);
    expect(prefetch).not.toHaveBeenCalled();
    localStorage.setItem(LOCAL_KEYS.token, 'tok');
    startRouteData(prefetch, context);
    expect(prefetch).toHaveBeenCalledWith(context);
  });

  it('asks nothing for an incomplete plan link (the page says the link is incomplete)', async () => {
    localStorage.setItem(LOCAL_KEYS.token, 'tok');
    const search = new URLSearchParams('pid=cash-loan&money=abc');
    await ROUTE_DATA.loanPlan({ client: new QueryClient(), search, locale: 'en-US' });
    expect(fetch).not.toHaveBeenCalled();
  });
});

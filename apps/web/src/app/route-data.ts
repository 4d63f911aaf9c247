import type { QueryClient } from '@tanstack/react-query';
import type { Locale } from '@kaskita/domain/i18n/locale';
import { BORROWER_ENDPOINT } from '@kaskita/domain/contract/borrower-endpoints';
import { startEarly } from '../lib/api-client.ts';
import { hasSession } from '../lib/query-client.ts';
import { planParamsFrom } from '../features/loans/plan-params.ts';

/** What a route's data prefetch needs: the app's query cache and what the address says. */
export type RouteDataContext = { client: QueryClient; search: URLSearchParams; locale: Locale };

/**
 * Starts a signed-in page's first data request as soon as its route is known (issue 23), beside its lazy chunk rather
 * than after it: the request itself at once (`startEarly`, from the zod-free endpoint table in the entry chunk), and
 * the page's query-options module (a small chunk of its own) fills the cache from it, adopting the answer rather than
 * asking again; the page's own query then finds the answer in the cache, or joins it in flight. Uses the same query
 * options as the page, so the keys agree.
 */
export type RoutePrefetch = (context: RouteDataContext) => Promise<unknown>;

const bills: RoutePrefetch = ({ client }) => {
  startEarly(BORROWER_ENDPOINT.getBills, { type: '1' });
  return import('../features/repayments/api/get-bills.ts').then((m) =>
    client.prefetchQuery(m.billsQueryOptions()),
  );
};

/**
 * The borrowing form's page: the offers, and what the rest of the page asks for as it mounts (the limit above the
 * form, the purposes in it, the open order behind the failure dialog), all at once rather than after its chunk ran.
 */
const loanProducts: RoutePrefetch = ({ client, locale }) => {
  for (const call of ['getLoanProducts', 'getLimitAmount', 'getPurposes', 'getCurrentOrder'] as const)
    startEarly(BORROWER_ENDPOINT[call]);
  return Promise.all([
    import('../features/loans/api/get-loan-products.ts').then((m) =>
      client.prefetchQuery(m.loanProductsQueryOptions(locale)),
    ),
    import('../features/application/api/application-api.ts').then((m) =>
      client.prefetchQuery(m.limitAmountQueryOptions()),
    ),
    import('../features/loans/api/get-purposes.ts').then((m) =>
      client.prefetchQuery(m.purposesQueryOptions()),
    ),
    import('../features/loans/api/get-current-order.ts').then((m) =>
      client.prefetchQuery(m.currentOrderQueryOptions(locale)),
    ),
  ]);
};

const loanPlan: RoutePrefetch = async ({ client, search, locale }) => {
  const params = planParamsFrom(search);
  if (!params) return;
  // The fields getLoanPlan sends, in its order: the same URL is what the early answer is adopted by.
  const { pid, money, period } = params;
  startEarly(BORROWER_ENDPOINT.getLoanPlan, { pid, money, period });
  const { loanPlanQueryOptions } = await import('../features/loans/api/get-loan-plan.ts');
  await client.prefetchQuery(loanPlanQueryOptions(params, locale));
};

/** The prefetch of each signed-in page whose data the first render waits for (router.tsx puts them on the routes). */
export const ROUTE_DATA = { bills, loanProducts, loanPlan } as const;

/** Runs a route's prefetch for a signed-in visitor (a visitor is sent to the login page); a failure is the page's. */
export function startRouteData(prefetch: RoutePrefetch, context: RouteDataContext): void {
  if (hasSession()) void prefetch(context).catch(() => undefined);
}

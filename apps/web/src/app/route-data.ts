import type { QueryClient } from '@tanstack/react-query';
import type { Locale } from '@kaskita/domain/i18n/locale';
import { hasSession } from '../lib/query-client.ts';

/** What a route's data prefetch needs: the app's query cache and what the address says. */
export type RouteDataContext = { client: QueryClient; search: URLSearchParams; locale: Locale };

/**
 * Starts a signed-in page's first data request as soon as its route is known (issue 23), beside its lazy chunk rather
 * than after it: the page's own query then finds the answer in the cache, or joins the request in flight. Each import
 * is the page's query-options module (and the contract it parses with), a small chunk of its own, so the request
 * leaves before the page's larger chunk has arrived. Uses the same query options as the page, so the keys agree.
 */
export type RoutePrefetch = (context: RouteDataContext) => Promise<unknown>;

const bills: RoutePrefetch = ({ client }) =>
  import('../features/repayments/api/get-bills.ts').then((m) => client.prefetchQuery(m.billsQueryOptions()));

/**
 * The borrowing form's page: the offers, and what the rest of the page asks for as it mounts (the limit above the
 * form, the purposes in it, the open order behind the failure dialog), all at once rather than after its chunk ran.
 */
const loanProducts: RoutePrefetch = ({ client, locale }) =>
  Promise.all([
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

const loanPlan: RoutePrefetch = async ({ client, search, locale }) => {
  const [{ planParamsFrom }, { loanPlanQueryOptions }] = await Promise.all([
    import('../features/loans/plan-params.ts'),
    import('../features/loans/api/get-loan-plan.ts'),
  ]);
  const params = planParamsFrom(search);
  if (params) await client.prefetchQuery(loanPlanQueryOptions(params, locale));
};

/** The prefetch of each signed-in page whose data the first render waits for (router.tsx puts them on the routes). */
export const ROUTE_DATA = { bills, loanProducts, loanPlan } as const;

/** Runs a route's prefetch for a signed-in visitor (a visitor is sent to the login page); a failure is the page's. */
export function startRouteData(prefetch: RoutePrefetch, context: RouteDataContext): void {
  if (hasSession()) void prefetch(context).catch(() => undefined);
}

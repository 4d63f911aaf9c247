import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Locale } from '@kaskita/domain/i18n/locale';
import { callApi } from '../../../lib/api-client.ts';
import { lazyCall } from '../../../lib/api-call.ts';
import { useLocale } from '../../../lib/i18n.ts';
import { hasSession, JUST_FETCHED_MS } from '../../../lib/query-client.ts';
import { loanKeys } from '../../../lib/query-keys.ts';

// The contract's schema is fetched with the request, so this module brings no zod into its pages' chunks.
const getCurrentOrderCall = lazyCall('getCurrentOrder', () =>
  import('@kaskita/domain/contract/loans').then((m) => m.loanCalls),
);

/** How often a page waiting for the bank asks again: gentle on mobile data, quick enough to feel live. */
export const ORDER_POLL_MS = 5000;

/** The borrower's open order (awaiting disbursement, failed, repaying), or null. */
export function getCurrentOrder({ signal }: { signal?: AbortSignal } = {}) {
  return callApi(getCurrentOrderCall, undefined, { signal });
}

export function currentOrderQueryOptions(locale: Locale, pollMs?: number) {
  return queryOptions({
    queryKey: [...loanKeys.currentOrder, locale],
    queryFn: getCurrentOrder,
    enabled: hasSession,
    // Current, but the answer the route fetched while the page's chunk was on its way is not asked again (route-data).
    staleTime: JUST_FETCHED_MS,
    refetchInterval: pollMs ?? false,
  });
}

/** The open order; with `poll`, asked again every 5 s while the page shows it (a disbursement on its way). */
export function useCurrentOrder({ poll = false }: { poll?: boolean } = {}) {
  return useQuery(currentOrderQueryOptions(useLocale(), poll ? ORDER_POLL_MS : undefined));
}

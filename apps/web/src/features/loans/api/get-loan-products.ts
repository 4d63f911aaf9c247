import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Locale } from '@kaskita/domain/i18n/locale';
import { callApi } from '../../../lib/api-client.ts';
import { lazyCall } from '../../../lib/api-call.ts';
import { useLocale } from '../../../lib/i18n.ts';
import { hasSession, JUST_FETCHED_MS } from '../../../lib/query-client.ts';
import { loanKeys } from '../../../lib/query-keys.ts';

// A route's data prefetch imports this module (app/route-data.ts): without the contract's zod schemas in its chunk,
// the request leaves as soon as this small chunk arrives, and the schema is fetched beside it.
const productsCall = lazyCall('getLoanProducts', () =>
  import('@kaskita/domain/contract/loans').then((m) => m.loanCalls),
);

/** What this borrower may take today: ranges (the maximum lowered to the available limit), tenors, the price in words. */
export function getLoanProducts({ signal }: { signal?: AbortSignal } = {}) {
  return callApi(productsCall, undefined, { signal });
}

/**
 * Keyed by language: the server words the names, tenor labels and price in the caller's. Asked again on every visit:
 * the limit moves.
 */
export function loanProductsQueryOptions(locale: Locale) {
  return queryOptions({
    queryKey: [...loanKeys.products, locale],
    queryFn: getLoanProducts,
    enabled: hasSession,
    staleTime: JUST_FETCHED_MS,
  });
}

export function useLoanProducts() {
  return useQuery(loanProductsQueryOptions(useLocale()));
}

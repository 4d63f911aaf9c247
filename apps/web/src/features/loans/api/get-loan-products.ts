import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Locale } from '@kaskita/domain/i18n/locale';
import { loanCalls } from '@kaskita/domain/contract/loans';
import { callApi } from '../../../lib/api-client.ts';
import { useLocale } from '../../../lib/i18n.ts';
import { hasSession, JUST_FETCHED_MS } from '../../../lib/query-client.ts';
import { loanKeys } from '../../../lib/query-keys.ts';

/** What this borrower may take today: ranges (the maximum lowered to the available limit), tenors, the price in words. */
export function getLoanProducts({ signal }: { signal?: AbortSignal } = {}) {
  return callApi(loanCalls.getLoanProducts, undefined, { signal });
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

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Locale } from '@kaskita/domain/i18n/locale';
import { loanCalls } from '@kaskita/domain/contract/loans';
import { callApi } from '../../../lib/api-client.ts';
import { useLocale } from '../../../lib/i18n.ts';
import { hasSession } from '../../../lib/query-client.ts';
import { loanKeys } from '../../../lib/query-keys.ts';

/** How often a page waiting for the bank asks again: gentle on mobile data, quick enough to feel live. */
export const ORDER_POLL_MS = 5000;

/** The borrower's open order (awaiting disbursement, failed, repaying), or null. */
export function getCurrentOrder({ signal }: { signal?: AbortSignal } = {}) {
  return callApi(loanCalls.getCurrentOrder, undefined, { signal });
}

export function currentOrderQueryOptions(locale: Locale, pollMs?: number) {
  return queryOptions({
    queryKey: [...loanKeys.currentOrder, locale],
    queryFn: getCurrentOrder,
    enabled: hasSession,
    staleTime: 0,
    refetchInterval: pollMs ?? false,
  });
}

/** The open order; with `poll`, asked again every 5 s while the page shows it (a disbursement on its way). */
export function useCurrentOrder({ poll = false }: { poll?: boolean } = {}) {
  return useQuery(currentOrderQueryOptions(useLocale(), poll ? ORDER_POLL_MS : undefined));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileCalls } from '@kaskita/domain/contract/profile';
import { callApi } from '../../../lib/api-client.ts';
import { hasSession } from '../../../lib/query-client.ts';

/** GET /v1/user/bank: the default account and every saved card (numbers masked, `in_use` while money goes to it). */
export function getBankCards({ signal }: { signal?: AbortSignal } = {}) {
  return callApi(profileCalls.getBank, undefined, { signal });
}

export const bankCardsQueryKey = ['loans', 'bank-cards'] as const;

export function bankCardsQueryOptions() {
  return queryOptions({
    queryKey: bankCardsQueryKey,
    queryFn: getBankCards,
    enabled: hasSession,
    staleTime: 0,
  });
}

export function useBankCards() {
  return useQuery(bankCardsQueryOptions());
}

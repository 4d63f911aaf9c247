import { bankCardCalls } from '@kaskita/domain/contract/bank-cards';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { hasSession } from '../../../lib/query-client.ts';
import { bankKeys } from '../../../lib/query-keys.ts';

/** GET /v1/user/bank: the default account and every saved card (numbers masked, `in_use` while money goes to it). */
export function getBankCards({ signal }: { signal?: AbortSignal } = {}) {
  return callApi(bankCardCalls.getBank, undefined, { signal });
}

/**
 * One answer for the onboarding bank step (its `account`, the default one) and for Me (its `cards`). Other features
 * are given these options by their route (features do not import each other).
 */
export function bankCardsQueryOptions() {
  return queryOptions({
    queryKey: bankKeys.cards,
    queryFn: getBankCards,
    enabled: hasSession,
    staleTime: 0,
  });
}

export function useBankCards() {
  return useQuery(bankCardsQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { lazyCall } from '../../../lib/api-call.ts';
import { hasSession } from '../../../lib/query-client.ts';
import { bankKeys } from '../../../lib/query-keys.ts';

// The contract's schema is fetched with the request, so this module brings no zod into its pages' chunks.
const getBankCall = lazyCall('getBank', () =>
  import('@kaskita/domain/contract/bank-cards').then((m) => m.bankCardCalls),
);

/** GET /v1/user/bank: the default account and every saved card (numbers masked, `in_use` while money goes to it). */
export function getBankCards({ signal }: { signal?: AbortSignal } = {}) {
  return callApi(getBankCall, undefined, { signal });
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

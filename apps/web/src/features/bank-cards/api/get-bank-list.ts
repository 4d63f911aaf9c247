import { bankCardCalls } from '@kaskita/domain/contract/bank-cards';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { bankKeys } from '../../../lib/query-keys.ts';

/** The banks a loan can be paid into: the same for everyone (spec: GET cached). */
export function getBankList({ signal }: { signal?: AbortSignal } = {}) {
  return callApi(bankCardCalls.getBankList, undefined, { signal });
}

export function bankListQueryOptions() {
  return queryOptions({ queryKey: bankKeys.list, queryFn: getBankList, staleTime: Infinity });
}

export function useBankList() {
  return useQuery(bankListQueryOptions());
}

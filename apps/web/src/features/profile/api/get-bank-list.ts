import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileCalls } from '@kaskita/domain/contract/profile';
import { callApi } from '../../../lib/api-client.ts';

/** The banks a loan can be paid into: the same for everyone (spec: GET cached). */
export function getBankList({ signal }: { signal?: AbortSignal } = {}) {
  return callApi(profileCalls.getBankList, undefined, { signal });
}

export const bankListQueryKey = ['config', 'banklist'] as const;

export function bankListQueryOptions() {
  return queryOptions({ queryKey: bankListQueryKey, queryFn: getBankList, staleTime: Infinity });
}

export function useBankList() {
  return useQuery(bankListQueryOptions());
}

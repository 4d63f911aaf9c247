import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileCalls } from '@kaskita/domain/contract/profile';
import { callApi } from '../../../lib/api-client.ts';
import { hasSession } from '../../../lib/query-client.ts';

/** The borrower's verified bank account, its number masked; null before the bank step. */
export function getBank({ signal }: { signal?: AbortSignal } = {}) {
  return callApi(profileCalls.getBank, undefined, { signal });
}

export const bankQueryKey = ['profile', 'bank'] as const;

export function bankQueryOptions() {
  return queryOptions({ queryKey: bankQueryKey, queryFn: getBank, enabled: hasSession, staleTime: 0 });
}

export function useBank() {
  return useQuery(bankQueryOptions());
}

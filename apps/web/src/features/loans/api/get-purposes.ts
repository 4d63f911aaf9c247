import { queryOptions, useQuery } from '@tanstack/react-query';
import { loanCalls } from '@kaskita/domain/contract/loans';
import { callApi } from '../../../lib/api-client.ts';
import { loanKeys } from '../../../lib/query-keys.ts';

/** The two-level purpose tree; each node carries its name in both languages, so one answer serves both. */
export function getPurposes({ signal }: { signal?: AbortSignal } = {}) {
  return callApi(loanCalls.getPurposes, undefined, { signal });
}

export function purposesQueryOptions() {
  // The same for everyone and changed only with a release: asked once a visit.
  return queryOptions({ queryKey: loanKeys.purposes, queryFn: getPurposes, staleTime: Infinity });
}

export function usePurposes() {
  return useQuery(purposesQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { lazyCall } from '../../../lib/api-call.ts';
import { loanKeys } from '../../../lib/query-keys.ts';

// The contract's schema is fetched with the request, so this module brings no zod into its pages' chunks.
const getPurposesCall = lazyCall('getPurposes', () =>
  import('@kaskita/domain/contract/loans').then((m) => m.loanCalls),
);

/** The two-level purpose tree; each node carries its name in both languages, so one answer serves both. */
export function getPurposes({ signal }: { signal?: AbortSignal } = {}) {
  return callApi(getPurposesCall, undefined, { signal });
}

export function purposesQueryOptions() {
  // The same for everyone and changed only with a release: asked once a visit.
  return queryOptions({ queryKey: loanKeys.purposes, queryFn: getPurposes, staleTime: Infinity });
}

export function usePurposes() {
  return useQuery(purposesQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { reliefCalls } from '@kaskita/domain/contract/relief';
import { callApi } from '../../../lib/api-client.ts';
import { hasSession } from '../../../lib/query-client.ts';
import { reliefKeys } from '../relief-keys.ts';

/** GET /v1/relief: whether the borrower may ask (and why not), the days they may pick, and their requests. */
export function getRelief({ signal }: { signal?: AbortSignal } = {}) {
  return callApi(reliefCalls.getRelief, undefined, { signal });
}

export function reliefQueryOptions() {
  return queryOptions({
    queryKey: reliefKeys.overview,
    queryFn: getRelief,
    enabled: hasSession,
    // Staff answer while the borrower is elsewhere: coming back to the page asks again.
    staleTime: 0,
  });
}

export const useRelief = () => useQuery(reliefQueryOptions());

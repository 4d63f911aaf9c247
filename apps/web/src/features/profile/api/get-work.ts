import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileCalls } from '@kaskita/domain/contract/profile';
import { callApi } from '../../../lib/api-client.ts';
import { hasSession } from '../../../lib/query-client.ts';
import { profileKeys } from '../../../lib/query-keys.ts';

/** Job and work information (GET /v2/user/work), null where not filled yet. */
export function getWork({ signal }: { signal?: AbortSignal } = {}) {
  return callApi(profileCalls.getWork, undefined, { signal });
}

export function workQueryOptions() {
  return queryOptions({ queryKey: profileKeys.work, queryFn: getWork, enabled: hasSession, staleTime: 0 });
}

export function useWork() {
  return useQuery(workQueryOptions());
}

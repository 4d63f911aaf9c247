import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileCalls } from '@kaskita/domain/contract/profile';
import { callApi } from '../../../lib/api-client.ts';
import { hasSession } from '../../../lib/query-client.ts';
import { profileKeys } from '../../../lib/query-keys.ts';

/** The emergency contacts, the consent to call them and the expected loan. */
export function getSocial({ signal }: { signal?: AbortSignal } = {}) {
  return callApi(profileCalls.getSocial, undefined, { signal });
}

export function socialQueryOptions() {
  return queryOptions({
    queryKey: profileKeys.social,
    queryFn: getSocial,
    enabled: hasSession,
    staleTime: 0,
  });
}

export function useSocial() {
  return useQuery(socialQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileCalls } from '@kaskita/domain/contract/profile';
import { callApi } from '../../../lib/api-client.ts';
import { hasSession } from '../../../lib/query-client.ts';
import { profileKeys } from '../../../lib/query-keys.ts';

/** The base profile: the KTP identity (NIK masked) and the personal information, null where not filled yet. */
export function getBaseProfile({ signal }: { signal?: AbortSignal } = {}) {
  return callApi(profileCalls.getBaseProfile, undefined, { signal });
}

export function baseProfileQueryOptions() {
  // Forms are pre-filled from it once, when they mount: it must be what the server holds now.
  return queryOptions({
    queryKey: profileKeys.base,
    queryFn: getBaseProfile,
    enabled: hasSession,
    staleTime: 0,
  });
}

export function useBaseProfile() {
  return useQuery(baseProfileQueryOptions());
}

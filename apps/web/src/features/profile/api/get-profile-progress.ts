import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { profileCalls, type ProfileProgress } from '@kaskita/domain/contract/profile';
import { callApi } from '../../../lib/api-client.ts';
import { hasSession } from '../../../lib/query-client.ts';
import { profileKeys } from '../../../lib/query-keys.ts';

/** Which onboarding steps are done, the next one, and whether the profile is locked by a submitted application. */
export function getProfileProgress({ signal }: { signal?: AbortSignal } = {}) {
  return callApi(profileCalls.getProfileProgress, undefined, { signal });
}

export function profileProgressQueryOptions() {
  return queryOptions({
    queryKey: profileKeys.progress,
    queryFn: getProfileProgress,
    enabled: hasSession,
    // Every save answers the progress (storeProgress); a page opened later must still see a fresh one.
    staleTime: 0,
  });
}

export function useProfileProgress() {
  return useQuery(profileProgressQueryOptions());
}

/** A save's answer is the new progress: kept, so the next page knows it without asking again. */
export function storeProgress(client: QueryClient, progress: ProfileProgress): void {
  client.setQueryData(profileKeys.progress, progress);
}

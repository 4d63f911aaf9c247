import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileCalls } from '@kaskita/domain/contract/profile';
import { callApi } from '../../../lib/api-client.ts';
import { hasSession } from '../../../lib/query-client.ts';

/** The emergency contacts, the consent to call them and the expected loan. */
export function getSocial({ signal }: { signal?: AbortSignal } = {}) {
  return callApi(profileCalls.getSocial, undefined, { signal });
}

export const socialQueryKey = ['profile', 'social'] as const;

export function socialQueryOptions() {
  return queryOptions({ queryKey: socialQueryKey, queryFn: getSocial, enabled: hasSession, staleTime: 0 });
}

export function useSocial() {
  return useQuery(socialQueryOptions());
}

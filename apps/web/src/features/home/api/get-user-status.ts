import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserStatus } from '@kaskita/domain/contract/user';
import { apiGet } from '../../../lib/api-client.ts';
import { hasSession } from '../../../lib/query-client.ts';

/** GET /v2/user/status: verify, bill and loan-fail states that choose the home page. */
export function getUserStatus({ signal }: { signal?: AbortSignal } = {}): Promise<UserStatus> {
  return apiGet<UserStatus>('/v2/user/status', undefined, { signal });
}

/** Asked only with a session: a visitor's home page is decided without it. */
export function userStatusQueryOptions() {
  return queryOptions({ queryKey: ['user', 'status'], queryFn: getUserStatus, enabled: hasSession });
}

export function useUserStatus() {
  return useQuery(userStatusQueryOptions());
}

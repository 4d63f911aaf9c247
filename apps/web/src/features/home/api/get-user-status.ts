import type { UserStatus } from '@kaskita/domain/contract/user';
import { apiGet } from '../../../lib/api-client.ts';
import { useQuery, type QueryOptions } from '../../../lib/query.ts';

/** GET /v2/user/status: verify, bill and loan-fail states that choose the home page. */
export function getUserStatus(): Promise<UserStatus> {
  return apiGet<UserStatus>('/v2/user/status');
}

export function userStatusQuery(enabled = true): QueryOptions<UserStatus> {
  return { key: ['user', 'status'], fn: getUserStatus, enabled };
}

export function useUserStatus(enabled = true) {
  return useQuery(userStatusQuery(enabled));
}

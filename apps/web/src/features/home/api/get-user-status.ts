import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { lazyCall } from '../../../lib/api-call.ts';
import { hasSession } from '../../../lib/query-client.ts';
import { userKeys } from '../../../lib/query-keys.ts';

// The /home index page (entry chunk) asks for it: its schema is loaded with the request, keeping zod out.
const userStatusCall = lazyCall('getUserStatus', () =>
  import('@kaskita/domain/contract/user').then((m) => m.userCalls),
);

/** Verify, bill and loan-fail states that choose the home page. */
export function getUserStatus({ signal }: { signal?: AbortSignal } = {}) {
  return callApi(userStatusCall, undefined, { signal });
}

/** Asked only with a session: a visitor's home page is decided without it. */
export function userStatusQueryOptions() {
  return queryOptions({ queryKey: userKeys.status, queryFn: getUserStatus, enabled: hasSession });
}

export function useUserStatus() {
  return useQuery(userStatusQueryOptions());
}

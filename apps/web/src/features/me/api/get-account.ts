import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { lazyCall } from '../../../lib/api-call.ts';
import { hasSession } from '../../../lib/query-client.ts';
import { userKeys } from '../../../lib/query-keys.ts';

// The Me page has no form, so no zod of its own: the schema is loaded with the request.
const accountCall = lazyCall('getAccount', () =>
  import('@kaskita/domain/contract/user').then((m) => m.userCalls),
);

/** The signed-in borrower (masked phone, whether a password is set). */
export function getAccount({ signal }: { signal?: AbortSignal } = {}) {
  return callApi(accountCall, undefined, { signal });
}

export function accountQueryOptions() {
  return queryOptions({ queryKey: userKeys.account, queryFn: getAccount, enabled: hasSession });
}

export function useAccount() {
  return useQuery(accountQueryOptions());
}

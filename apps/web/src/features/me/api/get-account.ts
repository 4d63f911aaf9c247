import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Account } from '@kaskita/domain/contract/user';
import { apiGet } from '../../../lib/api-client.ts';
import { hasSession } from '../../../lib/query-client.ts';

/** GET /v1/user/account: the signed-in borrower (masked phone, whether a password is set). */
export function getAccount({ signal }: { signal?: AbortSignal } = {}): Promise<Account> {
  return apiGet<Account>('/v1/user/account', undefined, { signal });
}

export const accountQueryKey = ['user', 'account'] as const;

export function accountQueryOptions() {
  return queryOptions({ queryKey: accountQueryKey, queryFn: getAccount, enabled: hasSession });
}

export function useAccount() {
  return useQuery(accountQueryOptions());
}

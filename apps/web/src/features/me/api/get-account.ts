import type { Account } from '@kaskita/domain/contract/user';
import { apiGet } from '../../../lib/api-client.ts';
import { useQuery, type QueryOptions } from '../../../lib/query.ts';

/** GET /v1/user/account: the signed-in borrower (masked phone, whether a password is set). */
export function getAccount(): Promise<Account> {
  return apiGet<Account>('/v1/user/account');
}

export function accountQuery(enabled = true): QueryOptions<Account> {
  return { key: ['user', 'account'], fn: getAccount, enabled };
}

export function useAccount(enabled = true) {
  return useQuery(accountQuery(enabled));
}

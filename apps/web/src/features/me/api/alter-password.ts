import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AlterPasswordBody } from '@kaskita/domain/contract/auth';
import { apiPostForm } from '../../../lib/api-client.ts';
import { accountQueryKey } from './get-account.ts';

/** POST /v1/alter/login_pass (signed in): sets the first password, or changes it with old_password. */
export function alterPassword(body: AlterPasswordBody): Promise<unknown> {
  return apiPostForm('/v1/alter/login_pass', body);
}

/** The account says whether a password is set (Me offers "set" or "change"): it is asked again after a change. */
export function useAlterPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: alterPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountQueryKey }),
  });
}

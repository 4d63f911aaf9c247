import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authCalls, type AlterPasswordBody } from '@kaskita/domain/contract/auth';
import { callApi } from '../../../lib/api-client.ts';
import { userKeys } from '../../../lib/query-keys.ts';

/** Signed in: sets the first password, or changes it with old_password. Refusals are the form's to show. */
export function alterPassword(body: AlterPasswordBody) {
  return callApi(authCalls.alterPassword, body, { toast: false });
}

/** The account says whether a password is set (Me offers "set" or "change"): it is asked again after a change. */
export function useAlterPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: alterPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.account }),
  });
}

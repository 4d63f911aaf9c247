import { useMutation } from '@tanstack/react-query';
import { authCalls, type ResetPasswordBody } from '@kaskita/domain/contract/auth';
import { callApi } from '../../../lib/api-client.ts';
import { completeLogin } from '../complete-login.ts';

/** A forgotten password, proven by a reset code (sendResetSms); answers a new session. */
export function resetPassword(body: ResetPasswordBody) {
  return callApi(authCalls.resetPassword, body);
}

/** Stores the new session on success, like a login. */
export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword, onSuccess: completeLogin });
}

import { useMutation } from '@tanstack/react-query';
import {
  loginResponseSchema,
  type LoginResponse,
  type ResetPasswordBody,
} from '@kaskita/domain/contract/auth';
import { apiPostForm } from '../../../lib/api-client.ts';
import { completeLogin } from '../complete-login.ts';

/** POST /v1/user/set_password: a forgotten password, proven by a reset_sms code; answers a new session. */
export function resetPassword(body: ResetPasswordBody): Promise<LoginResponse> {
  return apiPostForm('/v1/user/set_password', body, { schema: loginResponseSchema });
}

/** Stores the new session on success, like a login. */
export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword, onSuccess: completeLogin });
}

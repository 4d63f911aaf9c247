import {
  loginResponseSchema,
  type LoginResponse,
  type ResetPasswordBody,
} from '@kaskita/domain/contract/auth';
import { apiPostForm } from '../../../lib/api-client.ts';
import { useMutation } from '../../../lib/query.ts';

/** POST /v1/user/set_password: a forgotten password, proven by a reset_sms code; answers a new session. */
export function resetPassword(body: ResetPasswordBody): Promise<LoginResponse> {
  return apiPostForm('/v1/user/set_password', body, { schema: loginResponseSchema });
}

export function useResetPassword() {
  return useMutation(resetPassword);
}

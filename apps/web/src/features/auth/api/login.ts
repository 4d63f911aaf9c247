import { loginResponseSchema, type LoginBody, type LoginResponse } from '@kaskita/domain/contract/auth';
import { apiPostForm } from '../../../lib/api-client.ts';
import { useMutation } from '../../../lib/query.ts';

/** POST /v1/login with phone + sms_code, or phone + password. */
export function login(body: LoginBody): Promise<LoginResponse> {
  return apiPostForm('/v1/login', body, { schema: loginResponseSchema });
}

export function useLogin() {
  return useMutation(login);
}

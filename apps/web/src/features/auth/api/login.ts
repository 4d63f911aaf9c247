import { useMutation } from '@tanstack/react-query';
import { loginResponseSchema, type LoginBody, type LoginResponse } from '@kaskita/domain/contract/auth';
import { apiPostForm } from '../../../lib/api-client.ts';
import { completeLogin } from '../complete-login.ts';

/** POST /v1/login with phone + sms_code, or phone + password. */
export function login(body: LoginBody): Promise<LoginResponse> {
  return apiPostForm('/v1/login', body, { schema: loginResponseSchema });
}

/** Stores the new session on success, which drops the previous visitor's cached answers. */
export function useLogin() {
  return useMutation({ mutationFn: login, onSuccess: completeLogin });
}

import { useMutation } from '@tanstack/react-query';
import { authCalls, type LoginBody } from '@kaskita/domain/contract/auth';
import { callApi } from '../../../lib/api-client.ts';
import { completeLogin } from '../complete-login.ts';

/** Phone + sms_code, or phone + password. */
export function login(body: LoginBody) {
  return callApi(authCalls.login, body);
}

/** Stores the new session on success, which drops the previous visitor's cached answers. */
export function useLogin() {
  return useMutation({ mutationFn: login, onSuccess: completeLogin });
}

import { useMutation } from '@tanstack/react-query';
import { authCalls, type LoginBody } from '@kaskita/domain/contract/auth';
import type { ConsentVersions } from '@kaskita/domain/legal/versions';
import { callApi } from '../../../lib/api-client.ts';
import { completeLogin } from '../complete-login.ts';
import { signUpAttribution } from '../sign-up-attribution.ts';

/**
 * Phone + sms_code, or phone + password, with the versions of the terms and privacy policy the borrower accepted
 * (form fields terms_version and privacy_version) so the server can record which texts the consent covers, and with a
 * code, where the visitor came from (signUpAttribution).
 * Refusals are the form's to show (useFormRefusal), not toasts.
 */
export function login(body: LoginBody & ConsentVersions) {
  // A code login may register the phone: it says where the visitor came from (kept only then).
  const sent = 'sms_code' in body ? { ...signUpAttribution(), ...body } : body;
  return callApi(authCalls.login, sent, { toast: false });
}

/** Stores the new session on success, which drops the previous visitor's cached answers. */
export function useLogin() {
  return useMutation({ mutationFn: login, onSuccess: completeLogin });
}

import { useMutation } from '@tanstack/react-query';
import { authCalls, type ResetPasswordBody } from '@kaskita/domain/contract/auth';
import type { ConsentVersions } from '@kaskita/domain/legal/versions';
import { callApi } from '../../../lib/api-client.ts';
import { completeLogin } from '../complete-login.ts';

/**
 * A forgotten password, proven by a reset code (sendResetSms); answers a new session. Like a login, it carries the
 * versions of the terms and privacy policy the borrower accepted (form fields terms_version and privacy_version).
 * Refusals are the form's to show (useFormRefusal), not toasts.
 */
export function resetPassword(body: ResetPasswordBody & ConsentVersions) {
  return callApi(authCalls.resetPassword, body, { toast: false });
}

/** Stores the new session on success, like a login. */
export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword, onSuccess: completeLogin });
}

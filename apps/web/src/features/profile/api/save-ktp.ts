import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileCalls } from '@kaskita/domain/contract/profile';
import type { KtpIdentity } from '@kaskita/domain/validation/profile';
import { callApi } from '../../../lib/api-client.ts';
import { profileKeys } from '../../../lib/query-keys.ts';
import { storeProgress } from './get-profile-progress.ts';

/**
 * Confirms the identity on the KTP; once saved it cannot be changed (4261). 4263: the NIK belongs to another account.
 * Refusals are the step's to show (beside the NIK, or in its banner), not toasts.
 */
export function saveKtp(body: KtpIdentity) {
  return callApi(profileCalls.saveKtp, body, { toast: false });
}

export function useSaveKtp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveKtp,
    onSuccess: async (progress) => {
      storeProgress(client, progress);
      await client.invalidateQueries({ queryKey: profileKeys.base });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileCalls } from '@kaskita/domain/contract/profile';
import type { CompanyInfoInput } from '@kaskita/domain/validation/profile';
import { callApi } from '../../../lib/api-client.ts';
import { profileKeys } from '../../../lib/query-keys.ts';
import { storeProgress } from './get-profile-progress.ts';

/** Work information: the employer (or own business), its phone and address. */
export function saveCompany(body: CompanyInfoInput) {
  return callApi(profileCalls.saveCompany, body);
}

export function useSaveCompany() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveCompany,
    onSuccess: async (progress) => {
      storeProgress(client, progress);
      await client.invalidateQueries({ queryKey: profileKeys.work });
    },
  });
}

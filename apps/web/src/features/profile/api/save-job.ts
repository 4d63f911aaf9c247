import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileCalls } from '@kaskita/domain/contract/profile';
import type { JobInfoInput } from '@kaskita/domain/validation/profile';
import { callApi } from '../../../lib/api-client.ts';
import { profileKeys } from '../../../lib/query-keys.ts';
import { storeProgress } from './get-profile-progress.ts';

/** Job information; without a job the answer's `next` skips the work-information step. */
export function saveJob(body: JobInfoInput) {
  return callApi(profileCalls.saveJob, body);
}

export function useSaveJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveJob,
    onSuccess: async (progress) => {
      storeProgress(client, progress);
      await client.invalidateQueries({ queryKey: profileKeys.work });
    },
  });
}

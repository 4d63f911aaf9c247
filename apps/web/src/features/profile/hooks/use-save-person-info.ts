import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BaseProfileInput, OtherInfoInput } from '@kaskita/domain/validation/profile';
import { profileKeys } from '../../../lib/query-keys.ts';
import { storeProgress } from '../api/get-profile-progress.ts';
import { saveBaseProfile } from '../api/save-base-profile.ts';
import { saveOtherInfo } from '../api/save-other-info.ts';

/**
 * The personal-information step is two calls of the spec (POST /v1/user/base, then /v5/user/user_other_info) behind
 * one form; the second one's progress says where to go. Should the second fail, the first stays saved and both are
 * sent again.
 */
export function useSavePersonInfo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ email, residential_status, ...base }: BaseProfileInput & OtherInfoInput) => {
      storeProgress(client, await saveBaseProfile(base));
      return saveOtherInfo({ email, residential_status });
    },
    onSuccess: (progress) => storeProgress(client, progress),
    onSettled: () => client.invalidateQueries({ queryKey: profileKeys.base }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileCalls } from '@kaskita/domain/contract/profile';
import type { SocialInput } from '@kaskita/domain/validation/profile';
import { callApi } from '../../../lib/api-client.ts';
import { profileKeys } from '../../../lib/query-keys.ts';
import { storeProgress } from './get-profile-progress.ts';

/** The form body of POST /v1/user/social: `socials` travels as a JSON string (spec section 7), consent as 1. */
export function socialBody(social: SocialInput) {
  return {
    socials: JSON.stringify(social.socials),
    contact_consent: social.contact_consent ? 1 : 0,
    expect_amount: social.expect_amount,
    expect_period: social.expect_period,
  };
}

export function saveSocial(social: SocialInput) {
  return callApi(profileCalls.saveSocial, socialBody(social));
}

export function useSaveSocial() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveSocial,
    onSuccess: async (progress) => {
      storeProgress(client, progress);
      await client.invalidateQueries({ queryKey: profileKeys.social });
    },
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileCalls, type ProfileStep } from '@kaskita/domain/contract/profile';
import { callApi } from '../../../lib/api-client.ts';
import { hasSession } from '../../../lib/query-client.ts';
import { profileKeys } from '../../../lib/query-keys.ts';

/**
 * GET /v1/user/profile_draft: what the step's form held before a reload. Silent: a draft is a convenience, and a
 * failure to read it leaves the saved answers (the step opens as it would without drafts).
 */
export function profileDraftQueryOptions(step: ProfileStep) {
  return queryOptions({
    queryKey: [...profileKeys.draft, step],
    queryFn: ({ signal }) =>
      callApi(profileCalls.getProfileDraft, { step }, { signal, silent: true }).catch(() => ({
        step,
        values: null,
        saved_at: null,
      })),
    enabled: hasSession,
    // Read each time the step opens: the draft changes as the borrower types, and the form is filled once from it.
    staleTime: 0,
    gcTime: 0,
  });
}

export function useProfileDraft(step: ProfileStep) {
  return useQuery(profileDraftQueryOptions(step));
}

/** POST /v1/user/profile_draft: keeps `values`, or forgets the draft without them. Silent, like the read. */
export function saveProfileDraft(step: ProfileStep, values: Record<string, unknown> | null) {
  return callApi(
    profileCalls.saveProfileDraft,
    values ? { step, values: JSON.stringify(values) } : { step },
    { silent: true },
  );
}
